import { useDeferredValue } from 'react';

/**
 * A heavy page's query answer: its first arrival comes back in a deferred render, which React
 * builds in slices that yield to the browser (the answer is an urgent store update, so the page
 * would otherwise be built in one long task) while the caller keeps its skeleton; every later
 * answer (a save, a refetch) comes back at once, so the page never shows an older answer after
 * a change.
 */
export function useFirstAnswerDeferred<T>(answer: T | undefined): T | undefined {
  const deferred = useDeferredValue(answer);
  return deferred === undefined ? undefined : answer;
}
