import { useState } from 'react';
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
import { userListQueryOptions, type UserItem } from './api';
import { ManageUserModal } from './components/manage-user-modal';
import { UserCard } from './components/user-card';
import { userCountLabel } from './format';

/** Divides by the 1, 2 and 3 columns of the grid. */
export const PAGE_SIZE = 12;
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

/** Spec §2 Usuários (admins): search the server, manage each account in a modal. */
export function UsersPage() {
  const { user: me } = useSession();
  // The account the modal shows: as the card had it, then as each change answers it.
  const [managed, setManaged] = useState<UserItem | null>(null);

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
          <ExportMenu list="users" />
        </Group>
        <SearchedList
          query={userListQueryOptions}
          pageSize={PAGE_SIZE}
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
                <UserCard
                  key={item.id}
                  user={item}
                  isSelf={item.id === me?.id}
                  onManage={setManaged}
                />
              ))}
            </SimpleGrid>
          )}
        </SearchedList>
      </Stack>
      <ManageUserModal
        user={managed}
        isSelf={managed !== null && managed.id === me?.id}
        onChanged={setManaged}
        onClose={() => setManaged(null)}
      />
    </Container>
  );
}
