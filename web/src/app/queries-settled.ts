import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once no query of `queryClient` is fetching, a task after the last one ended: the
 * first screen of a signed-in page rendered on the server, and hydrated in the browser, is the
 * one its route's loaders filled (each has started its query by the time the router has matched:
 * app/page-data.ts).
 */
export function queriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => setTimeout(check));
    setTimeout(check);
  });
}
