import { Fragment, type ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { InstanceListFilter } from '@agroselo/contracts';
import { instanceListQueryOptions, type InstanceItem } from '../api';
import { countLabel } from '../format';
import { EmptyList } from '../../../components/list/empty-list';
import { SearchedList } from '../../../components/list/searched-list';

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
  return (
    <SearchedList
      query={(params) => instanceListQueryOptions({ status, ...params })}
      pageSize={PAGE_SIZE}
      searchLabel="Buscar processos"
      searchPlaceholder="Propriedade, CNPJ ou município"
      countLabel={countLabel}
      errorTitle="Não foi possível carregar os processos"
      skeleton={<ListSkeleton />}
      empty={(search, clear) =>
        search ? (
          <EmptyList
            icon={<IconClipboardList size={30} />}
            title={`Nenhum processo encontrado para "${search}"`}
            hint="Confira a grafia ou busque pelo nome da propriedade, pelo CNPJ ou pelo município."
            onClear={clear}
          />
        ) : (
          <EmptyList icon={<IconClipboardList size={30} />} title={emptyTitle} hint={emptyHint} />
        )
      }
    >
      {(items, busy) => (
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={busy}>
          {items.map((item) => (
            <Fragment key={item.id}>{renderItem(item)}</Fragment>
          ))}
        </SimpleGrid>
      )}
    </SearchedList>
  );
}
