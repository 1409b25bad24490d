import type { ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ListResult } from '../../api';
import { SearchedList, type ListPageParams } from '../list/searched-list';
import { DataTable, type DataTableProps } from './data-table';
import { TableSkeleton } from './table-skeleton';

interface SearchedTableProps<T, K extends string, Q extends QueryKey> {
  query: (params: ListPageParams) => UseQueryOptions<ListResult<T>, Error, ListResult<T>, Q>;
  pageSize: number;
  searchLabel: string;
  searchPlaceholder: string;
  countLabel: (total: number, search: string) => string;
  errorTitle: string;
  /** What the skeleton says to a screen reader, e.g. 'Carregando usuários…'. */
  loadingLabel: string;
  empty: (search: string, clear: () => void) => ReactNode;
  table: Omit<DataTableProps<T, K>, 'items' | 'busy'>;
}

/** A staff table searched and paged on the server (SearchedList), its page as a DataTable. */
export function SearchedTable<T, K extends string, Q extends QueryKey>({
  table,
  loadingLabel,
  ...list
}: SearchedTableProps<T, K, Q>) {
  return (
    <SearchedList {...list} skeleton={<TableSkeleton label={loadingLabel} />}>
      {(items, busy) => <DataTable {...table} items={items} busy={busy} />}
    </SearchedList>
  );
}
