import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Checkbox,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from '@tanstack/react-table';
import { REGION_LABELS, type InstanceSortKey } from '@agroselo/contracts';
import { StatusBadge } from '../../../components/status-badge';
import { formatCnpj } from '../../../lib/masks';
import type { InstanceItem } from '../api';
import type { TableSort } from '../table-view';
import classes from './instance-table.module.css';

interface InstanceTableProps {
  items: InstanceItem[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  /** Days past which the ages read as late (the admin's threshold). */
  staleDays: number;
  /** Rows can be chosen (admins assign them). */
  selection?: { selected: RowSelectionState; onChange: (selected: RowSelectionState) => void };
  busy: boolean;
  /** The table's accessible name, e.g. 'Processos'. */
  label: string;
}

const days = (value: number) => (value === 1 ? '1 dia' : `${value} dias`);

/** An age in days, highlighted past the threshold. */
function Age({ value, staleDays }: { value: number; staleDays: number }) {
  const late = value > staleDays;
  return (
    <Text size="sm" fw={late ? 700 : 400} c={late ? 'red.9' : undefined} className={classes.number}>
      {days(value)}
      {late && <VisuallyHidden> (acima do limite de {staleDays} dias)</VisuallyHidden>}
    </Text>
  );
}

interface Column {
  id: string;
  header: string;
  sortKey?: InstanceSortKey;
  cell: (item: InstanceItem, staleDays: number) => React.ReactNode;
}

const COLUMNS: Column[] = [
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
    id: 'municipality',
    header: 'Município',
    sortKey: 'municipality',
    cell: (item) => item.business.municipality,
  },
  { id: 'region', header: 'Região', sortKey: 'region', cell: (item) => REGION_LABELS[item.region] },
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
    cell: (item, staleDays) => <Age value={item.waitingDays} staleDays={staleDays} />,
  },
  {
    id: 'idle',
    header: 'Sem movimento',
    sortKey: 'idle_days',
    cell: (item, staleDays) => <Age value={item.idleDays} staleDays={staleDays} />,
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

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable header: a button inside the column header, whose state `aria-sort` announces. */
function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  const key = column.sortKey!;
  const active = sort.key === key;
  const Icon = !active ? IconArrowsSort : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={() => onSort({ key, descending: active ? !sort.descending : false })}
    >
      {column.header}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}

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
  const columns = useMemo<ColumnDef<InstanceItem>[]>(
    () => [
      ...(selection
        ? [
            {
              id: 'select',
              header: ({ table }) => (
                <Checkbox
                  aria-label="Selecionar todos desta página"
                  checked={table.getIsAllRowsSelected()}
                  indeterminate={table.getIsSomeRowsSelected()}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  aria-label={`Selecionar ${row.original.business.businessName}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            } satisfies ColumnDef<InstanceItem>,
          ]
        : []),
      ...COLUMNS.map((column): ColumnDef<InstanceItem> => ({
        id: column.id,
        header: () =>
          column.sortKey ? (
            <SortHeader column={column} sort={sort} onSort={onSort} />
          ) : (
            column.header
          ),
        cell: ({ row }) => column.cell(row.original, staleDays),
        meta: { sortKey: column.sortKey },
      })),
    ],
    [selection, sort, onSort, staleDays],
  );
  const table = useReactTable({
    data: items,
    columns,
    getRowId: (item) => item.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableRowSelection: Boolean(selection),
    state: { rowSelection: selection?.selected ?? {} },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
  });

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy}
        className={classes.table}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const sortKey = (
                  header.column.columnDef.meta as { sortKey?: InstanceSortKey } | undefined
                )?.sortKey;
                return (
                  <Table.Th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sortKey
                        ? sortKey === sort.key
                          ? ARIA_SORT[sort.descending ? 'desc' : 'asc']
                          : 'none'
                        : undefined
                    }
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr
              key={row.id}
              bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Td key={cell.id}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
