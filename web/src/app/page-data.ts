import type { LoaderFunction, Params } from 'react-router';
import { tokenStore } from '../api';

/**
 * A route loader that starts a signed-in page's first queries as soon as its route matches: at
 * the same time as the session check and the page's code, instead of once the session is known
 * and the page has rendered (on a slow link, two round trips later). `start` calls
 * `queryClient.prefetchQuery` with the page's own query options (from the route's params and the
 * address's query), so the page finds its query under way. A navigation never waits for data,
 * the page shows its loading state; without a stored token there is nothing to ask. What `start`
 * returns is awaited: the code it imports to build its query, not the answer. main.tsx hydrates
 * a page the server rendered once the router has matched and no query is fetching, so every
 * query must be under way by then: one started a moment later found the page hydrated without
 * its data, and React threw the server's HTML away.
 */
export function prefetchWhenSignedIn(
  start: (params: Params, search: URLSearchParams) => void | Promise<void>,
): LoaderFunction {
  return async ({ params, request }) => {
    // A list's view (its filters, search and page) lives in the address's query.
    if (tokenStore.get()) await start(params, new URL(request.url).searchParams);
    return null;
  };
}
