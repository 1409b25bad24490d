import { Fragment, type ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { InstanceListFilter } from '@agroselo/contracts';
import { instanceListQueryOptions, type InstanceItem } from '../api';
import { countLabel } from '../format';
import { LoadError } from '../../../components/error-alert';
import { EmptyList } from '../../../components/list/empty-list';
import { ListSearchBox } from '../../../components/list/list-search-box';
import { PagePicker } from '../../../components/list/page-picker';
import { useListSearch, usePageCount } from '../../../components/list/use-list-search';

/** Divides by the 1, 2 and 3 columns of the grid. */
export const PAGE_SIZE = 12;
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

interface InstanceListProps {
  status: InstanceListFilter;
  /** Shown when there is nothing at all, e.g. 'Nenhum processo em andamento'. */
  emptyTitle: string;
  emptyHint: string;
  renderItem: (item: InstanceItem) => ReactNode;
}

/** Search box, cards, the loading, failure and empty states, and pagination of a staff list. */
export function InstanceList({ status, emptyTitle, emptyHint, renderItem }: InstanceListProps) {
  const list = useListSearch();
  const { search, page } = list;

  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData, isFetching } =
    useQuery(instanceListQueryOptions({ status, search, page, pageSize: PAGE_SIZE }));
  const total = data?.total ?? 0;
  const pages = usePageCount(
    { total: data?.total, settled: !isPlaceholderData },
    page,
    PAGE_SIZE,
    list.setPage,
  );

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
      <EmptyList
        icon={<IconClipboardList size={30} />}
        title={`Nenhum processo encontrado para "${search}"`}
        hint="Confira a grafia ou busque pelo nome da propriedade, pelo CNPJ ou pelo município."
        onClear={list.clear}
      />
    );
  } else if (data.items.length === 0) {
    content = (
      <EmptyList icon={<IconClipboardList size={30} />} title={emptyTitle} hint={emptyHint} />
    );
  } else {
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={isPlaceholderData}>
          {data.items.map((item) => (
            <Fragment key={item.id}>{renderItem(item)}</Fragment>
          ))}
        </SimpleGrid>
        <PagePicker label="Paginação" total={pages} page={page} onChange={list.changePage} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ListSearchBox
        label="Buscar processos"
        placeholder="Propriedade, CNPJ ou município"
        value={list.draft}
        onType={list.type}
        onClear={list.clear}
        onSubmit={list.submit}
        busy={isFetching && isPlaceholderData}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {data && !isError ? countLabel(total, search) : ''}
      </Text>
      {content}
    </Stack>
  );
}
