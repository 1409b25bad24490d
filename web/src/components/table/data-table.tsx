import { useMemo, type ReactNode } from 'react';
import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { TableSort } from './table-address';
import classes from './data-table.module.css';

export interface DataColumn<T, K extends string> {
  id: string;
  header: ReactNode;
  /** The API's sort key of the column: its header becomes a button that sorts by it. */
  sortKey?: K;
  /** Figures and dates: on one line, digits of one width. */
  numeric?: boolean;
  cell: (item: T) => ReactNode;
}

export interface RowSelection {
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
}

export interface DataTableProps<T, K extends string> {
  items: T[];
  columns: DataColumn<T, K>[];
  getRowId: (item: T) => string;
  sort: TableSort<K>;
  onSort: (sort: TableSort<K>) => void;
  /** Rows can be chosen (a bulk action acts on them); each checkbox is named by `rowName`. */
  selection?: RowSelection & { rowName: (item: T) => string };
  /** The next page is on its way while these rows stay on screen. */
  busy: boolean;
  /** The table's accessible name, e.g. 'Usuários'. */
  label: string;
  /** Below this width the table scrolls sideways within its box. */
  minWidth: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable header: a button inside the column header, whose state `aria-sort` announces. */
function SortHeader<K extends string>({
  header,
  sortKey,
  sort,
  onSort,
}: {
  header: ReactNode;
  sortKey: K;
  sort: TableSort<K>;
  onSort: (sort: TableSort<K>) => void;
}) {
  const active = sort.key === sortKey;
  const Icon = !active ? IconArrowsSort : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      className={classes.sortButton}
      onClick={() => onSort({ key: sortKey, descending: active ? !sort.descending : false })}
    >
      {header}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}

/**
 * A staff list as a dense table (from 992 px), over a page the server filtered, sorted and paged:
 * headers are `<th scope="col">` whose sortable ones hold a button and say their state in
 * `aria-sort`; rows can be chosen for a bulk action.
 */
export function DataTable<T, K extends string>({
  items,
  columns,
  getRowId,
  sort,
  onSort,
  selection,
  busy,
  label,
  minWidth,
}: DataTableProps<T, K>) {
  const rowName = selection?.rowName;
  const definitions = useMemo<ColumnDef<T>[]>(
    () => [
      ...(rowName
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
                  aria-label={`Selecionar ${rowName(row.original)}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            } satisfies ColumnDef<T>,
          ]
        : []),
      ...columns.map((column): ColumnDef<T> => ({
        id: column.id,
        header: () =>
          column.sortKey ? (
            <SortHeader
              header={column.header}
              sortKey={column.sortKey}
              sort={sort}
              onSort={onSort}
            />
          ) : (
            column.header
          ),
        cell: ({ row }) => column.cell(row.original),
        meta: column,
      })),
    ],
    [rowName, columns, sort, onSort],
  );
  // The compiler leaves this component unmemoized, as it must: the table's functions change
  // with every state, and the rows render from them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns: definitions,
    getRowId,
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
  const columnOf = (meta: unknown) => meta as DataColumn<T, K> | undefined;

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={8}
        aria-label={label}
        aria-busy={busy}
        className={classes.table}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const sortKey = columnOf(header.column.columnDef.meta)?.sortKey;
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
                <Table.Td
                  key={cell.id}
                  className={
                    columnOf(cell.column.columnDef.meta)?.numeric ? classes.number : undefined
                  }
                >
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
