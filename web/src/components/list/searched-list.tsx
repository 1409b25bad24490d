import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ListResult } from '../../api';
import { LoadError } from '../error-alert';
import { ListSearchBox } from './list-search-box';
import { PagePicker } from './page-picker';
import { useListSearch, usePageCount } from './use-list-search';

export interface ListPageParams {
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

interface SearchedListProps<T, K extends QueryKey> {
  /** The page asked of the server for a search and a page number. */
  query: (params: ListPageParams) => UseQueryOptions<ListResult<T>, Error, ListResult<T>, K>;
  pageSize: number;
  searchLabel: string;
  searchPlaceholder: string;
  /** The status line above the results, e.g. '3 propriedades encontradas'. */
  countLabel: (total: number, search: string) => string;
  /** The title of the failure card, e.g. 'Não foi possível carregar os usuários'. */
  errorTitle: string;
  skeleton: ReactNode;
  /** What an empty page shows: nothing was found for `search`, or there is nothing yet. */
  empty: (search: string, clear: () => void) => ReactNode;
  /** The page's items; `busy` while the next answer is on its way and these stay on screen. */
  children: (items: T[], busy: boolean) => ReactNode;
}

/**
 * A staff list searched and paged on the server, its search and page kept in the address:
 * the search box, the count, the loading, failure and empty states, and the page picker.
 */
export function SearchedList<T, K extends QueryKey>({
  query,
  pageSize,
  searchLabel,
  searchPlaceholder,
  countLabel,
  errorTitle,
  skeleton,
  empty,
  children,
}: SearchedListProps<T, K>) {
  const list = useListSearch();
  const { search, page } = list;
  const { data, isPending, isError, error, refetch, isRefetching, isPlaceholderData, isFetching } =
    useQuery(query({ search, page, pageSize }));
  const pages = usePageCount(
    { total: data?.total, settled: !isPlaceholderData },
    page,
    pageSize,
    list.setPage,
  );

  let content: ReactNode;
  if (isPending) {
    content = skeleton;
  } else if (isError) {
    content = <LoadError title={errorTitle} query={{ error, isRefetching, refetch }} />;
  } else if (data.items.length === 0) {
    content = empty(search, list.clear);
  } else {
    content = (
      <Stack gap="lg">
        {children(data.items, isPlaceholderData)}
        <PagePicker label="Paginação" total={pages} page={page} onChange={list.changePage} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ListSearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={list.draft}
        onType={list.type}
        onClear={list.clear}
        onSubmit={list.submit}
        busy={isFetching && isPlaceholderData}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {data && !isError ? countLabel(data.total, search) : ''}
      </Text>
      {content}
    </Stack>
  );
}
