import { useMemo, type ReactNode } from 'react';
import { Badge, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconSettings, IconUsers } from '@tabler/icons-react';
import { ROLE_LABELS, ROLES, type Role, type UserSortKey } from '@agroselo/contracts';
import { ExportMenu } from '../../../components/export-menu';
import { EmptyList } from '../../../components/list/empty-list';
import type { DataColumn } from '../../../components/table/data-table';
import { FilterForm } from '../../../components/table/filter-form';
import { SearchedTable } from '../../../components/table/searched-table';
import { useTableView } from '../../../components/table/table-address';
import { formatMomentDay } from '../../../lib/dates';
import { userListQueryOptions, type UserItem } from '../api';
import { fullName, userCountLabel } from '../format';
import {
  STATUS_OPTIONS,
  USER_VIEW,
  userApiFilters,
  type UserView,
  type UserViewChange,
} from '../table-view';
import { RoleBadge, StatusBadge } from './user-badges';

const PAGE_SIZE = 25;
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface UsersTableProps {
  /** The signed-in admin: their row says 'Você'. */
  meId: string | undefined;
  onManage: (user: UserItem) => void;
}

function columnsOf(
  meId: string | undefined,
  onManage: (user: UserItem) => void,
): DataColumn<UserItem, UserSortKey>[] {
  return [
    {
      id: 'name',
      header: 'Nome',
      sortKey: 'name',
      cell: (user) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {fullName(user)}
          </Text>
          {user.id === meId && (
            <Badge size="sm" color="rice.9" variant="filled">
              Você
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'email', header: 'E-mail', sortKey: 'email', cell: (user) => user.email },
    {
      id: 'role',
      header: 'Papel',
      sortKey: 'role',
      cell: (user) => <RoleBadge role={user.role} />,
    },
    {
      id: 'status',
      header: 'Situação',
      sortKey: 'status',
      cell: (user) => (
        <Group gap={4}>
          <StatusBadge user={user} />
        </Group>
      ),
    },
    {
      id: 'created',
      header: 'Cadastro',
      sortKey: 'created_at',
      numeric: true,
      cell: (user) => formatMomentDay(user.createdAt),
    },
    {
      id: 'manage',
      header: <VisuallyHidden>Ações</VisuallyHidden>,
      cell: (user) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSettings size={16} aria-hidden />}
          onClick={() => onManage(user)}
          aria-label={`Gerenciar ${fullName(user)}`}
        >
          Gerenciar
        </Button>
      ),
    },
  ];
}

function UserFilters({
  view,
  change,
  filtered,
  actions,
}: {
  view: UserView;
  change: (next: UserViewChange) => void;
  filtered: boolean;
  actions: ReactNode;
}) {
  return (
    <FilterForm
      cols={{ base: 2, md: 4 }}
      filtered={filtered}
      onClear={() => change({ role: null, status: null })}
      actions={actions}
    >
      <Select
        label="Papel"
        placeholder="Todos"
        data={ROLE_OPTIONS}
        value={view.role}
        clearable
        onChange={(value) => change({ role: (value as Role | null) ?? null })}
      />
      <Select
        label="Situação"
        placeholder="Todas"
        data={STATUS_OPTIONS}
        value={view.status}
        clearable
        onChange={(value) => change({ status: (value as UserView['status']) ?? null })}
      />
    </FilterForm>
  );
}

/**
 * The Usuários table (from 992 px): filters by role and status, the search, sortable columns,
 * the row count, 'Exportar' of the view and 'Gerenciar' per row. The whole view lives in the
 * address (table-view.ts). Its code loads only on wide screens (users.page.tsx).
 */
export function UsersTable({ meId, onManage }: UsersTableProps) {
  const { view, change } = useTableView(USER_VIEW);
  const filters = useMemo(() => userApiFilters(view), [view]);
  const columns = useMemo(() => columnsOf(meId, onManage), [meId, onManage]);
  const filtered = view.role !== null || view.status !== null;
  return (
    <Stack gap="md">
      <UserFilters
        view={view}
        change={change}
        filtered={filtered}
        actions={<ExportMenu list="users" filters={filters} />}
      />
      <SearchedTable
        query={(params) => userListQueryOptions({ ...params, pageSize: PAGE_SIZE }, filters)}
        pageSize={PAGE_SIZE}
        searchLabel="Buscar usuários"
        searchPlaceholder="Nome, e-mail ou CPF"
        countLabel={userCountLabel}
        errorTitle="Não foi possível carregar os usuários"
        loadingLabel="Carregando usuários…"
        empty={(search, clear) => (
          <EmptyList
            icon={<IconUsers size={30} />}
            title="Nenhum usuário encontrado"
            hint={
              search
                ? `Nenhuma conta ${filtered ? 'com esses filtros ' : ''}tem "${search}" no nome, no e-mail ou no CPF.`
                : filtered
                  ? 'Nenhuma conta tem esse papel e essa situação.'
                  : 'As contas aparecem aqui assim que alguém se cadastra.'
            }
            onClear={search ? clear : undefined}
          />
        )}
        table={{
          columns,
          getRowId: (user) => user.id,
          sort: view.sort,
          onSort: (sort) => change({ sort }),
          label: 'Usuários',
          minWidth: 900,
        }}
      />
    </Stack>
  );
}
