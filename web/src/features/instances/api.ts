import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignResult, InstanceSummary, SealLevel } from '@agroselo/contracts';
import { api, listPage, type Camel, type QueryParams } from '../../api';
import {
  formWith,
  INSTANCE_QUERY_KEY,
  instanceQueryOptions,
  useStepCallbacks,
  type InstanceDetailItem,
} from '../../queries/instances';

export type InstanceItem = Camel<InstanceSummary>;

/** Every list of instances; mutations of an instance invalidate by this prefix. */
export const INSTANCE_LIST_QUERY_KEY = ['process-instance', 'list'] as const;

/** PUT /api/process-instance/{id}/publish-consent (JSON `{consent}`), the owner's choice. */
export function usePublishConsent(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) =>
      api.put<{ consent: boolean; consentAt: string | null }>(
        `/process-instance/${instanceId}/publish-consent`,
        { consent },
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: instanceQueryOptions(instanceId).queryKey }),
  });
}

/** PUT /api/process-instance/{id}/evaluate (multipart `reject`). */
export function useEvaluate(instanceId: string) {
  return useMutation({
    mutationFn: (reject: boolean) =>
      api.put<InstanceDetailItem>(
        `/process-instance/${instanceId}/evaluate`,
        formWith({ reject: String(reject) }),
      ),
    ...useStepCallbacks(),
  });
}

/** PUT /api/process-instance/{id}/start, no body. */
export function useStartInstance(instanceId: string) {
  return useMutation({
    mutationFn: () => api.put<InstanceDetailItem>(`/process-instance/${instanceId}/start`),
    ...useStepCallbacks(),
  });
}

/**
 * PUT /api/process-instance/{id}/finish (JSON): 'Aprovar' or 'Reprovar' with the note, and the
 * level when the process offers levels.
 */
export function useConclude(instanceId: string) {
  return useMutation({
    mutationFn: (body: { approved: boolean; level?: SealLevel; note: string }) =>
      api.put<InstanceDetailItem>(`/process-instance/${instanceId}/finish`, body),
    ...useStepCallbacks(),
  });
}

const INSTANCE_LIST = { all: '/process-instance/all', search: '/process-instance/search' };

/** A page of a staff table: the view's filters and sort (table-view.ts), on /all or /search. */
export const instanceTableQueryOptions = (
  filters: QueryParams,
  search: string,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [
      ...INSTANCE_LIST_QUERY_KEY,
      'table',
      { filters, search: search.trim(), page, pageSize },
    ],
    queryFn: ({ signal }) =>
      listPage<InstanceItem>(INSTANCE_LIST, filters, { search, page, pageSize }, signal),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export type AssignResultItem = Camel<AssignResult>;

/** PUT /api/process-instance/assign (admin): the rows chosen, to one technician. */
export function useAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { instanceIds: string[]; technicianId: string }) =>
      api.put<AssignResultItem>('/process-instance/assign', {
        instance_ids: body.instanceIds,
        technician_id: body.technicianId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY }),
  });
}

/** The seals and safras the table filters by: the processes (staff see the released ones). */
export const sealOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['process', 'options'],
    queryFn: ({ signal }) =>
      api.list<{ id: string; safra: string; stamp: { name: string } }>('/process/all', {
        signal,
        query: { limit: 500 },
      }),
    staleTime: 5 * 60_000,
  });

export type TechnicianOption = { id: string; name: string; crea: string | null };

/** The active technicians work is assigned to (admins; from the workload board's list). */
export const technicianOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['workload', 'technicians'],
    queryFn: async ({ signal }) => {
      const board = await api.get<{
        technicians: { technician: (TechnicianOption & { active: boolean }) | null }[];
      }>('/workload', { signal });
      return board.technicians.flatMap((row) => (row.technician?.active ? [row.technician] : []));
    },
    staleTime: 60_000,
  });

/** Days without an event past which the tables highlight a request (GET /api/workload/settings). */
export const staleDaysQueryOptions = () =>
  queryOptions({
    queryKey: ['workload', 'settings'],
    queryFn: ({ signal }) => api.get<{ staleDays: number }>('/workload/settings', { signal }),
    staleTime: 5 * 60_000,
  });
