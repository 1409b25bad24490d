import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workload } from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type WorkloadBoard = Camel<Workload>;

const WORKLOAD_KEY = ['workload'] as const;

/** GET /api/workload?safra= (admin); without a safra, the season the reports open on. */
export const workloadQueryOptions = (safra: string | undefined) =>
  queryOptions({
    queryKey: [...WORKLOAD_KEY, 'board', safra ?? null],
    queryFn: ({ signal }) => api.get<WorkloadBoard>('/workload', { signal, query: { safra } }),
    refetchInterval: 60_000,
  });

/** PUT /api/workload/settings: the days without an event past which a request is highlighted. */
export function useSaveStaleDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staleDays: number) =>
      api.put<{ staleDays: number }>('/workload/settings', { stale_days: staleDays }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKLOAD_KEY }),
  });
}
