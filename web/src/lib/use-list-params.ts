import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_PARAM = 'busca';
const PAGE_PARAM = 'pagina';

/** A list's search and 1-based page as its address says them (a route's loader reads them too). */
export const readListParams = (params: URLSearchParams) => ({
  search: params.get(SEARCH_PARAM) ?? '',
  page: Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1),
});

/**
 * The search and page of a list live in the address, so going back from a detail page, a
 * reload or a shared link shows the same results.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { search, page } = readListParams(params);

  const update = useCallback(
    (next: { search?: string; page?: number }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.search !== undefined) {
            if (next.search) updated.set(SEARCH_PARAM, next.search);
            else updated.delete(SEARCH_PARAM);
          }
          if (next.page !== undefined) {
            if (next.page > 1) updated.set(PAGE_PARAM, String(next.page));
            else updated.delete(PAGE_PARAM);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setSearch = useCallback((value: string) => update({ search: value, page: 1 }), [update]);
  const setPage = useCallback((value: number) => update({ page: value }), [update]);
  return { search, page, setSearch, setPage };
}
