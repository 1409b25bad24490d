import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { api, tokenStore } from '../api';
import type { SessionUser } from './session-context';

export const SESSION_QUERY_KEY = ['session', 'user'] as const;

export const sessionUserKey = (token: string | null) => [...SESSION_QUERY_KEY, token] as const;

export const fetchSessionUser = (token: string, signal?: AbortSignal) =>
  api.get<SessionUser>('/auth/info', { token, signal });

/** The session's query, as <SessionProvider> reads it: one check per token, never retried. */
export const sessionUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: sessionUserKey(token),
    queryFn: token ? ({ signal }) => fetchSessionUser(token, signal) : skipToken,
    staleTime: Infinity,
    retry: false,
    // A check that failed before the provider mounted (prefetchSessionUser) is not asked again.
    retryOnMount: false,
  });

/**
 * Starts the check of a stored token before React's first render, in parallel with the page's
 * code: the provider's query then finds it under way instead of asking only once it has mounted
 * (on a throttled phone, hundreds of milliseconds later).
 */
export function prefetchSessionUser(queryClient: QueryClient): void {
  const token = tokenStore.get();
  if (token) void queryClient.prefetchQuery(sessionUserQuery(token));
}
