import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconClipboardList, IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STALE_DAYS } from '@agroselo/contracts';
import { EmptyList } from '../../../components/list/empty-list';
import { SearchedList } from '../../../components/list/searched-list';
import { ExportMenu } from '../../../components/export-menu';
import { useViewSelection } from '../../../components/table/use-view-selection';
import { TableSkeleton } from '../../../components/table/table-skeleton';
import { useWide } from '../../../components/table/use-wide';
import {
  instanceTableQueryOptions,
  sealOptionsQueryOptions,
  staleDaysQueryOptions,
  technicianOptionsQueryOptions,
  type InstanceItem,
} from '../api';
import { countLabel } from '../format';
import {
  CARD_PAGE_SIZE,
  staffListFilters,
  TABLE_PAGE_SIZE,
  type StaffListDefaults,
} from '../staff-lists';
import { useTableView } from '../table-view';
import { AssignDialog } from './assign-dialog';
import { InstanceTable } from './instance-table';
import { TableFilters } from './table-filters';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

interface StaffInstancesProps {
  defaults: StaffListDefaults;
  /** Filters the page fixes, beyond the view's (Pendentes' 'Atribuídas a mim'). */
  fixed?: { technician?: string };
  isAdmin: boolean;
  /** A technician's own id, offered as 'Eu' in the technician filter. */
  me: { id: string; role: string };
  emptyTitle: string;
  emptyHint: string;
  renderCard: (item: InstanceItem) => ReactNode;
  tableLabel: string;
}

function CardsSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Carregando processos…</VisuallyHidden>
      <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={260} radius="lg" />
        ))}
      </SimpleGrid>
    </div>
  );
}

/**
 * A staff list of requests: on phones the cards of the spec with their search; from 992 px a
 * dense table with the filters, sortable columns, the row count, 'Exportar' of the view and, for
 * admins, rows to choose and 'Atribuir técnico'. The whole view lives in the address.
 */
export function StaffInstances({
  defaults,
  fixed,
  isAdmin,
  me,
  emptyTitle,
  emptyHint,
  renderCard,
  tableLabel,
}: StaffInstancesProps) {
  // The server renders the phone's cards, which a wide screen replaces once hydrated.
  const wide = useWide();
  const { view, change } = useTableView(defaults);
  const fixedTechnician = fixed?.technician;
  const filters = useMemo(() => staffListFilters(view, fixedTechnician), [view, fixedTechnician]);
  const seals = useQuery({ ...sealOptionsQueryOptions(), enabled: wide });
  const technicians = useQuery({ ...technicianOptionsQueryOptions(), enabled: wide && isAdmin });
  const stale = useQuery({ ...staleDaysQueryOptions(), enabled: wide });
  const [selected, setSelected] = useViewSelection(
    `${JSON.stringify(filters)}|${view.search}|${view.page}`,
  );
  const [assigning, setAssigning] = useState<InstanceItem[] | null>(null);

  const options = {
    safras: [...new Set((seals.data?.items ?? []).map((process) => process.safra))]
      .sort()
      .reverse(),
    seals: (seals.data?.items ?? []).map((process) => ({
      value: process.id,
      label: `${process.stamp.name} (${process.safra})`,
    })),
    technicians: isAdmin
      ? (technicians.data ?? []).map((technician) => ({
          value: technician.id,
          label: technician.name,
        }))
      : me.role === 'technician'
        ? [{ value: me.id, label: 'Eu' }]
        : [],
  };
  const pageSize = wide ? TABLE_PAGE_SIZE : CARD_PAGE_SIZE;
  const selectedCount = Object.keys(selected).length;

  return (
    <Stack gap="md">
      {wide && (
        <>
          <TableFilters view={view} change={change} options={options} />
          <Group justify="flex-end" gap="sm">
            <ExportMenu list="process-instances" filters={filters} />
          </Group>
        </>
      )}
      <SearchedList
        query={(params) =>
          instanceTableQueryOptions(filters, params.search, params.page, params.pageSize)
        }
        pageSize={pageSize}
        searchLabel="Buscar processos"
        searchPlaceholder={
          wide ? 'Propriedade, CNPJ, produtor ou certificado' : 'Propriedade, CNPJ ou município'
        }
        countLabel={countLabel}
        errorTitle="Não foi possível carregar os processos"
        skeleton={wide ? <TableSkeleton label="Carregando processos…" /> : <CardsSkeleton />}
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
        {(items, busy) =>
          wide ? (
            <Stack gap="sm">
              {isAdmin && (
                <Group gap="sm">
                  <Button
                    leftSection={<IconUserShare size={18} aria-hidden />}
                    disabled={selectedCount === 0}
                    onClick={() => setAssigning(items.filter((item) => selected[item.id]))}
                  >
                    {selectedCount > 0 ? `Atribuir técnico (${selectedCount})` : 'Atribuir técnico'}
                  </Button>
                </Group>
              )}
              <InstanceTable
                items={items}
                sort={view.sort}
                onSort={(sort) => change({ sort })}
                staleDays={stale.data?.staleDays ?? DEFAULT_STALE_DAYS}
                selection={isAdmin ? { selected, onChange: setSelected } : undefined}
                busy={busy}
                label={tableLabel}
              />
              <AssignDialog
                opened={assigning !== null}
                onClose={() => setAssigning(null)}
                items={assigning ?? []}
                onAssigned={() => setSelected({})}
              />
            </Stack>
          ) : (
            <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy={busy}>
              {items.map((item) => (
                <Fragment key={item.id}>{renderCard(item)}</Fragment>
              ))}
            </SimpleGrid>
          )
        }
      </SearchedList>
    </Stack>
  );
}
