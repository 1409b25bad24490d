import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Card,
  CloseButton,
  Container,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { LoadError } from '../../components/error-alert';
import { userListQueryOptions, type UserItem } from './api';
import { ManageUserModal } from './components/manage-user-modal';
import { UserCard } from './components/user-card';
import { userCountLabel } from './format';
import { useListParams } from '../../lib/use-list-params';

/** Divides by the 1, 2 and 3 columns of the grid. */
export const PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 350;
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

function EmptyState({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconUsers size={30} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          Nenhum usuário encontrado
        </Text>
        <Text c="dimmed" size="sm" maw={460}>
          {search
            ? `Nenhuma conta tem "${search}" no nome, no e-mail ou no CPF.`
            : 'As contas aparecem aqui assim que alguém se cadastra.'}
        </Text>
        {search && (
          <Button variant="light" mt="xs" onClick={onClear}>
            Limpar busca
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** Spec §2 Usuários (admins): search the server, manage each account in a modal. */
export function UsersPage() {
  const { user: me } = useSession();
  const { search, page, setSearch, setPage } = useListParams();
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // The account the modal shows: as the card had it, then as each change answers it.
  const [managed, setManaged] = useState<UserItem | null>(null);
  // The address changed on its own (back button, a link): show its search in the box.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== draft.trim()) setDraft(search);
  }
  const commit = useDebouncedCallback((value: string) => setSearch(value.trim()), {
    delay: SEARCH_DEBOUNCE_MS,
  });

  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData, isFetching } =
    useQuery(userListQueryOptions({ search, page, pageSize: PAGE_SIZE }));

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const outOfRange = Boolean(data) && !isPlaceholderData && page > pages;
  useEffect(() => {
    if (outOfRange) setPage(pages);
  }, [outOfRange, pages, setPage]);

  const clear = () => {
    commit.cancel();
    setDraft('');
    setSearch('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit.cancel();
    setSearch(draft.trim());
  };
  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if (isPending) {
    content = <ListSkeleton />;
  } else if (isError) {
    content = (
      <LoadError
        title="Não foi possível carregar os usuários"
        error={error}
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.items.length === 0) {
    content = <EmptyState search={search} onClear={clear} />;
  } else {
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={isPlaceholderData}>
          {data.items.map((item) => (
            <UserCard key={item.id} user={item} isSelf={item.id === me?.id} onManage={setManaged} />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center" component="nav" aria-label="Paginação">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={changePage}
              getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? 'Página anterior'
                    : control === 'next'
                      ? 'Próxima página'
                      : control === 'first'
                        ? 'Primeira página'
                        : 'Última página',
              })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Usuários</Title>
          <Text c="dimmed">
            Ative ou desative contas, promova produtores a técnicos e nomeie administradores.
          </Text>
        </Stack>
        <form role="search" onSubmit={submit}>
          <TextInput
            type="search"
            aria-label="Buscar usuários"
            placeholder="Nome, e-mail ou CPF"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              commit(event.currentTarget.value);
            }}
            leftSection={
              isFetching && isPlaceholderData ? (
                <Loader size={16} aria-hidden />
              ) : (
                <IconSearch size={18} aria-hidden />
              )
            }
            rightSection={
              draft ? <CloseButton aria-label="Limpar busca" onClick={clear} /> : undefined
            }
            size="md"
            maw={560}
          />
        </form>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {data && !isError ? userCountLabel(total, search) : ''}
        </Text>
        {content}
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
