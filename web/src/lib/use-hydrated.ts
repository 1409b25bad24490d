import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders a page and while React hydrates it, true from then on (and at
 * once in a page the browser renders itself). What only the browser has, such as an answer asked
 * after the page, is shown once it is true: hydrating, React must meet the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
