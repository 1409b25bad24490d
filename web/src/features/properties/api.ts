import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property, PropertyBody, PropertyRegisterBody, Stamp } from '@agroselo/contracts';
import { api, listPage, type Camel, type QueryParams } from '../../api';
import type { ListPageParams } from '../../components/list/searched-list';
import { SESSION_QUERY_KEY } from '../../session';

export type PropertyItem = Camel<Property>;
export type PropertyInstanceItem = PropertyItem['processInstances'][number];
export type SealOption = Camel<Stamp>;

/** Every query of properties; a change to a property invalidates by this prefix. */
export const PROPERTY_QUERY_KEY = ['property'] as const;
/** The staff dashboards of instances (features/instances): a started process appears there. */
const INSTANCE_QUERY_KEY = ['process-instance'] as const;

const PROPERTY_LIST = { all: '/property/all', search: '/property/search' };

/** Rows per page of Propriedades on a phone, for its route to ask the first page too. */
export const PROPERTY_LIST_PAGE_SIZE = 20;

/**
 * /all lists the caller's properties (all of them for staff), /search filters them. The table
 * (from 992 px) sends its filters and sort too, so the server reads the table's statement and its
 * search also finds the producer (DESIGN §4c).
 */
export const propertyListQueryOptions = (params: ListPageParams, filters: QueryParams = {}) =>
  queryOptions({
    queryKey: [...PROPERTY_QUERY_KEY, 'list', { ...params, search: params.search.trim(), filters }],
    queryFn: ({ signal }) => listPage<PropertyItem>(PROPERTY_LIST, filters, params, signal),
    // Typing a search keeps the rows on screen until the new answer arrives.
    placeholderData: keepPreviousData,
  });

export const propertyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...PROPERTY_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<PropertyItem>(`/property/${id}`, { signal }),
  });

/** The released seals (public): the same query, and cache, as the landing page's. */
export const sealsQueryOptions = () =>
  queryOptions({
    queryKey: ['stamp', 'all'],
    queryFn: ({ signal }) => api.get<SealOption[]>('/stamp/all', { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/property/register or PUT /api/property/{id}/edit with the form's parsed body. */
export function useSaveProperty(propertyId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyRegisterBody | PropertyBody) =>
      propertyId
        ? api.put<PropertyItem>(`/property/${propertyId}/edit`, body)
        : api.post<PropertyItem>('/property/register', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROPERTY_QUERY_KEY }),
        // A user's first property makes them an owner: the session learns the new role.
        propertyId ? null : queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}

/**
 * POST /api/process/{processId}/start (multipart `business_id`): a technician or an admin starts
 * a seal's process for the property, accepted by them and started at once.
 */
export function useStartProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ processId, propertyId }: { processId: string; propertyId: string }) => {
      const form = new FormData();
      form.append('business_id', propertyId);
      return api.post<unknown>(`/process/${processId}/start`, form);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROPERTY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: INSTANCE_QUERY_KEY }),
      ]),
  });
}
