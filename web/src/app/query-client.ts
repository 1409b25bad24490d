import { QueryClient } from '@tanstack/react-query';
import { FRESH_FOR_MS, NETWORK_ERROR_STATUS, isApiError } from '../api';

// Only failures that may pass on their own are retried: no answer, or a server error.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !isApiError(error) || error.status === NETWORK_ERROR_STATUS || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: FRESH_FOR_MS },
      mutations: { retry: false },
    },
  });
}
