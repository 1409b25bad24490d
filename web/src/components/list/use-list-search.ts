import { useEffect, useState, type FormEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useListParams } from '../../lib/use-list-params';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A searched, paged list whose search and page live in the address (useListParams): what is
 * typed reaches the address once the user pauses, at once on Enter, and the box follows the
 * address when it changes on its own (back button, a link).
 */
export function useListSearch() {
  const { search, page, setSearch, setPage } = useListParams();
  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search !== draft.trim()) setDraft(search);
  }
  const commit = useDebouncedCallback((value: string) => setSearch(value.trim()), {
    delay: SEARCH_DEBOUNCE_MS,
  });

  return {
    search,
    page,
    setPage,
    draft,
    type(value: string) {
      setDraft(value);
      commit(value);
    },
    clear() {
      commit.cancel();
      setDraft('');
      setSearch('');
    },
    submit(event: FormEvent) {
      event.preventDefault();
      commit.cancel();
      setSearch(draft.trim());
    },
    /** To another page, back at the top of the list. */
    changePage(next: number) {
      setPage(next);
      window.scrollTo({ top: 0 });
    },
  };
}

/**
 * How many pages the list has; a page past the end (after a narrower search, or rows gone) is
 * replaced by the last one once the real answer, not a placeholder, says so.
 */
export function usePageCount(
  list: { total?: number; settled: boolean },
  page: number,
  pageSize: number,
  setPage: (page: number) => void,
): number {
  const pages = Math.max(1, Math.ceil((list.total ?? 0) / pageSize));
  const outOfRange = list.settled && list.total !== undefined && page > pages;
  useEffect(() => {
    if (outOfRange) setPage(pages);
  }, [outOfRange, pages, setPage]);
  return pages;
}
