import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingItem } from '@agroselo/contracts';
import { api, type Camel } from '../../api';
import { useSession } from '../../session';

export type Notification = Camel<PendingItem>;

export const PENDING_QUERY_KEY = ['process-instance', 'pending'] as const;

export const pendingQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...PENDING_QUERY_KEY, userId],
    queryFn: ({ signal }) => api.get<Notification[]>('/process-instance/pending', { signal }),
    refetchInterval: 30_000,
  });

/** Spec §6: every signed-in role but `user` (and accounts still to verify) has pending items. */
export function usePendingNotifications() {
  const { user } = useSession();
  const enabled = Boolean(user && user.role !== 'user' && !user.pending);
  return useQuery({ ...pendingQueryOptions(user?.id ?? ''), enabled });
}
