import { lazy, Suspense, useCallback, useState } from 'react';
import {
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useSession } from '../../session';
import { ExportMenu } from '../../components/export-menu';
import { EmptyList } from '../../components/list/empty-list';
import { SearchedList } from '../../components/list/searched-list';
import { TableSkeleton } from '../../components/table/table-skeleton';
import { useWide } from '../../components/table/use-wide';
import { USER_LIST_PAGE_SIZE, userListQueryOptions, type UserItem } from './api';
import { UserCard } from './components/user-card';
import { userCountLabel } from './format';

// Loaded where needed: the table on wide screens only, the modal (its form and rules) on the
// first 'Gerenciar'.
const UsersTable = lazy(() =>
  import('./components/users-table').then((module) => ({ default: module.UsersTable })),
);
const ManageUserModal = lazy(() =>
  import('./components/manage-user-modal').then((module) => ({
    default: module.ManageUserModal,
  })),
);

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando usuários…</VisuallyHidden>
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
        {[0, 1, 2].map((key) => (
          <Card key={key} withBorder radius="lg" padding="lg">
            <Group gap="sm" wrap="nowrap">
              <Skeleton h={44} w={44} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={16} w="70%" />
                <Skeleton h={12} w="55%" />
              </Stack>
            </Group>
            <Skeleton h={20} mt="md" w="50%" />
            <Skeleton h={36} mt="md" />
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}

/**
 * Spec §2 Usuários (admins): search the server, manage each account in a modal; from 992 px a
 * dense table with filters and sortable columns (issue 43).
 */
export function UsersPage() {
  const { user: me } = useSession();
  const wide = useWide();
  // The account the modal shows: as the row had it, then as each change answers it.
  const [managed, setManaged] = useState<UserItem | null>(null);
  // Mounted from the first 'Gerenciar' on, so that it closes with its transition.
  const [managing, setManaging] = useState(false);
  const manage = useCallback((user: UserItem) => {
    setManaging(true);
    setManaged(user);
  }, []);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1}>Usuários</Title>
            <Text c="dimmed">
              Ative ou desative contas, promova produtores a técnicos e nomeie administradores.
            </Text>
          </Stack>
          {!wide && <ExportMenu list="users" />}
        </Group>
        {wide ? (
          <Suspense fallback={<TableSkeleton label="Carregando usuários…" />}>
            <UsersTable meId={me?.id} onManage={manage} />
          </Suspense>
        ) : (
          <UserCards meId={me?.id} onManage={manage} />
        )}
      </Stack>
      {managing && (
        <Suspense fallback={null}>
          <ManageUserModal
            user={managed}
            isSelf={managed !== null && managed.id === me?.id}
            onChanged={setManaged}
            onClose={() => setManaged(null)}
          />
        </Suspense>
      )}
    </Container>
  );
}

/** The spec's cards, below 992 px. */
function UserCards({
  meId,
  onManage,
}: {
  meId: string | undefined;
  onManage: (user: UserItem) => void;
}) {
  return (
    <SearchedList
      query={userListQueryOptions}
      pageSize={USER_LIST_PAGE_SIZE}
      searchLabel="Buscar usuários"
      searchPlaceholder="Nome, e-mail ou CPF"
      countLabel={userCountLabel}
      errorTitle="Não foi possível carregar os usuários"
      skeleton={<ListSkeleton />}
      empty={(search, clear) => (
        <EmptyList
          icon={<IconUsers size={30} />}
          title="Nenhum usuário encontrado"
          hint={
            search
              ? `Nenhuma conta tem "${search}" no nome, no e-mail ou no CPF.`
              : 'As contas aparecem aqui assim que alguém se cadastra.'
          }
          onClear={search ? clear : undefined}
        />
      )}
    >
      {(items, busy) => (
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={busy}>
          {items.map((item) => (
            <UserCard key={item.id} user={item} isSelf={item.id === meId} onManage={onManage} />
          ))}
        </SimpleGrid>
      )}
    </SearchedList>
  );
}
