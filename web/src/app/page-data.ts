import type { LoaderFunction, Params } from 'react-router';
import { tokenStore } from '../api';

/**
 * A route loader that starts a signed-in page's first queries as soon as its route matches: at
 * the same time as the session check and the page's code, instead of once the session is known
 * and the page has rendered (on a slow link, two round trips later). `start` calls
 * `queryClient.prefetchQuery` with the page's own query options, so the page finds its query
 * under way. Nothing is awaited: a navigation never waits for data, the page shows its loading
 * state; without a stored token there is nothing to ask.
 */
export function prefetchWhenSignedIn(start: (params: Params) => void): LoaderFunction {
  return ({ params }) => {
    if (tokenStore.get()) start(params);
    return null;
  };
}
