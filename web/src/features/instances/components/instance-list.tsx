import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Card,
  CloseButton,
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
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { InstanceListFilter } from '@agroselo/contracts';
import { instanceListQueryOptions, type InstanceItem } from '../api';
import { countLabel } from '../format';
import { useListParams } from '../../../lib/use-list-params';
import { LoadError } from '../../../components/error-alert';

/** Divides by the 1, 2 and 3 columns of the grid. */
export const PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 350;
const GRID_COLS = { base: 1, sm: 2, lg: 3 };

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando processos…</VisuallyHidden>
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
        {[0, 1, 2].map((key) => (
          <Card key={key} withBorder radius="lg" padding="lg">
            <Group gap="sm" wrap="nowrap">
              <Skeleton h={44} w={44} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={16} w="70%" />
                <Skeleton h={12} w="45%" />
              </Stack>
            </Group>
            <Skeleton h={12} mt="lg" />
            <Skeleton h={12} mt={8} w="80%" />
            <Skeleton h={12} mt={8} w="60%" />
            <Skeleton h={10} mt="lg" radius="xl" />
            <Skeleton h={36} mt="lg" />
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  hint: string;
  onClear?: () => void;
}

function EmptyState({ title, hint, onClear }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconClipboardList size={30} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {title}
        </Text>
        <Text c="dimmed" size="sm" maw={460}>
          {hint}
        </Text>
        {onClear && (
          <Button variant="light" mt="xs" onClick={onClear}>
            Limpar busca
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

interface InstanceListProps {
  status: InstanceListFilter;
  /** Shown when there is nothing at all, e.g. 'Nenhum processo em andamento'. */
  emptyTitle: string;
  emptyHint: string;
  renderItem: (item: InstanceItem) => ReactNode;
}

/** Search box, cards, the loading, failure and empty states, and pagination of a staff list. */
export function InstanceList({ status, emptyTitle, emptyHint, renderItem }: InstanceListProps) {
  const { search, page, setSearch, setPage } = useListParams();
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // The address changed on its own (back button, a link): show its search in the box.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== draft.trim()) setDraft(search);
  }
  const commit = useDebouncedCallback((value: string) => setSearch(value.trim()), {
    delay: SEARCH_DEBOUNCE_MS,
  });

  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData, isFetching } =
    useQuery(instanceListQueryOptions({ status, search, page, pageSize: PAGE_SIZE }));

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
        title="Não foi possível carregar os processos"
        error={error}
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.items.length === 0 && search) {
    content = (
      <EmptyState
        title={`Nenhum processo encontrado para "${search}"`}
        hint="Confira a grafia ou busque pelo nome da propriedade, pelo CNPJ ou pelo município."
        onClear={clear}
      />
    );
  } else if (data.items.length === 0) {
    content = <EmptyState title={emptyTitle} hint={emptyHint} />;
  } else {
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={isPlaceholderData}>
          {data.items.map((item) => (
            <Fragment key={item.id}>{renderItem(item)}</Fragment>
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
    <Stack gap="lg">
      <form role="search" onSubmit={submit}>
        <TextInput
          type="search"
          aria-label="Buscar processos"
          placeholder="Propriedade, CNPJ ou município"
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
        {data && !isError ? countLabel(total, search) : ''}
      </Text>
      {content}
    </Stack>
  );
}
