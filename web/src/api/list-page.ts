import { api, type QueryParams } from './client';

/** A list's pair of calls (spec §7): every row, or those a search finds. */
export interface ListPaths {
  all: string;
  search: string;
}

/**
 * One page of a list searched on the server: `all` without a search, `search` with one, the list's
 * own filters beside `limit` and `offset` (`page` is 1-based).
 */
export const listPage = <T>(
  paths: ListPaths,
  filters: QueryParams,
  { search, page, pageSize }: { search: string; page: number; pageSize: number },
  signal?: AbortSignal,
) => {
  const term = search.trim();
  return api.list<T>(term ? paths.search : paths.all, {
    signal,
    query: { ...filters, query: term || undefined, limit: pageSize, offset: (page - 1) * pageSize },
  });
};
