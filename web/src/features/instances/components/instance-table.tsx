import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Text, VisuallyHidden } from '@mantine/core';
import { REGION_LABELS, type InstanceSortKey } from '@agroselo/contracts';
import { StatusBadge } from '../../../components/status-badge';
import {
  DataTable,
  type DataColumn,
  type RowSelection,
} from '../../../components/table/data-table';
import { formatCnpj } from '../../../lib/masks';
import type { InstanceItem } from '../api';
import type { TableSort } from '../table-view';

interface InstanceTableProps {
  items: InstanceItem[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  /** Days past which the ages read as late (the admin's threshold). */
  staleDays: number;
  /** Rows can be chosen (admins assign them). */
  selection?: RowSelection;
  busy: boolean;
  /** The table's accessible name, e.g. 'Processos'. */
  label: string;
}

const days = (value: number) => (value === 1 ? '1 dia' : `${value} dias`);

/** An age in days, highlighted past the threshold. */
function Age({ value, staleDays }: { value: number; staleDays: number }) {
  const late = value > staleDays;
  return (
    <Text size="sm" fw={late ? 700 : 400} c={late ? 'red.9' : undefined}>
      {days(value)}
      {late && <VisuallyHidden> (acima do limite de {staleDays} dias)</VisuallyHidden>}
    </Text>
  );
}

const columnsOf = (staleDays: number): DataColumn<InstanceItem, InstanceSortKey>[] => [
  {
    id: 'business',
    header: 'Propriedade',
    sortKey: 'business_name',
    cell: (item) => (
      <>
        <Anchor component={Link} to={`/producer-details/${item.id}`} fw={600} size="sm">
          {item.business.businessName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatCnpj(item.business.cnpj)}
        </Text>
      </>
    ),
  },
  {
    // The region under its municipality, as the CNPJ under the farm: ten columns fit 1280 px.
    id: 'municipality',
    header: 'Município',
    sortKey: 'municipality',
    cell: (item) => (
      <>
        {item.business.municipality}
        <Text size="xs" c="dimmed">
          {REGION_LABELS[item.region]}
        </Text>
      </>
    ),
  },
  {
    id: 'seal',
    header: 'Selo',
    sortKey: 'seal',
    cell: (item) => `${item.process.stamp.name} (${item.process.safra})`,
  },
  {
    id: 'status',
    header: 'Situação',
    sortKey: 'status',
    cell: (item) => <StatusBadge status={item.status} size="sm" />,
  },
  {
    id: 'technician',
    header: 'Técnico',
    sortKey: 'technician',
    cell: (item) =>
      item.assignee ? (
        <>
          {item.assignee.name}
          {!item.technician && (
            <Text size="xs" c="dimmed">
              atribuído, a avaliar
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Sem técnico
        </Text>
      ),
  },
  {
    id: 'waiting',
    header: 'Espera',
    sortKey: 'waiting_days',
    numeric: true,
    cell: (item) => <Age value={item.waitingDays} staleDays={staleDays} />,
  },
  {
    id: 'idle',
    header: 'Sem movimento',
    sortKey: 'idle_days',
    numeric: true,
    cell: (item) => <Age value={item.idleDays} staleDays={staleDays} />,
  },
  {
    id: 'late',
    header: 'Pendências atrasadas',
    cell: (item) =>
      item.latePendencies > 0 ? (
        <Badge color="red" variant="light">
          {item.latePendencies}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          0
        </Text>
      ),
  },
];

const businessName = (item: InstanceItem) => item.business.businessName;

/** The staff table of requests (from 992 px): sortable headers, ages, and row choice for admins. */
export function InstanceTable({
  items,
  sort,
  onSort,
  staleDays,
  selection,
  busy,
  label,
}: InstanceTableProps) {
  const columns = useMemo(() => columnsOf(staleDays), [staleDays]);
  return (
    <DataTable
      items={items}
      columns={columns}
      getRowId={(item) => item.id}
      sort={sort}
      onSort={onSort}
      selection={selection && { ...selection, rowName: businessName }}
      busy={busy}
      label={label}
      minWidth={960}
    />
  );
}
