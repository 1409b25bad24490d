/**
 * An instance's reads and the request of a seal, which several features show or start: the
 * instance page, the property badges' renewal, a certificate's standing.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceDetail, Property } from '@agroselo/contracts';
import { api, type Camel } from '../api';

export type InstanceDetailItem = Camel<InstanceDetail>;
export type OwnProperty = Camel<Property>;

/** Every query of instances (lists, details, the bell's pending items) starts with this. */
export const INSTANCE_QUERY_KEY = ['process-instance'] as const;
/** Properties show their instances as badges: they change with every step too. */
const PROPERTY_QUERY_KEY = ['property'] as const;

export const instanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...INSTANCE_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<InstanceDetailItem>(`/process-instance/${id}`, { signal }),
    // Someone else may act on it meanwhile (a technician evaluates, the producer starts).
    refetchInterval: 60_000,
  });

/** The caller's own properties, for the request's dropdown (a producer has a handful). */
export const ownPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: [...PROPERTY_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) =>
      api.get<OwnProperty[]>('/property/all', { signal, query: { limit: 500 } }),
  });

/**
 * After a step, its answer is the instance's new state, and every list, count and badge that may
 * show it is fetched again. A refused step (someone else acted first) refreshes them too.
 */
export function useStepCallbacks() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: PROPERTY_QUERY_KEY }),
    ]);
  return {
    onSuccess: (instance: InstanceDetailItem) => {
      queryClient.setQueryData(instanceQueryOptions(instance.id).queryKey, instance);
      return refresh();
    },
    onError: refresh,
  };
}

export const formWith = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

export interface SealRequest {
  propertyId: string;
  /** `rice_area_ha` and `publish_consent`, as the request's fields build them. */
  facts: Record<string, string>;
  /** Next season's request of a certified property: its forms start with last season's answers. */
  renewal?: boolean;
}

/** PUT /api/process/{processId}/request (multipart `business_id`, the facts, `renewal`). */
export function useRequestSeal(processId: string) {
  return useMutation({
    mutationFn: ({ propertyId, facts, renewal }: SealRequest) =>
      api.put<InstanceDetailItem>(
        `/process/${processId}/request`,
        formWith({
          business_id: propertyId,
          ...facts,
          ...(renewal ? { renewal: 'true' } : {}),
        }),
      ),
    ...useStepCallbacks(),
  });
}
