import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ManagedUser, SetTechnicianBody, UserEvent } from '@agroselo/contracts';
import { api, listPage, type Camel, type QueryParams } from '../../api';
import type { ListPageParams } from '../../components/list/searched-list';

export type UserItem = Camel<ManagedUser>;
export type UserEventItem = Camel<UserEvent>;

/** Every query of this area; a change to an account invalidates by this prefix. */
export const USERS_QUERY_KEY = ['user'] as const;

const USER_LIST = { all: '/user/all', search: '/user/search' };

/** Cards per page of Usuários on a phone (the 1, 2 and 3 columns), for its route to ask too. */
export const USER_LIST_PAGE_SIZE = 12;

/**
 * /all lists every account; /search finds by name, e-mail or CPF (case, accents and mask aside).
 * The table (from 992 px) sends its filters and sort too, so the server reads the table's
 * statement (DESIGN §4c).
 */
export const userListQueryOptions = (params: ListPageParams, filters: QueryParams = {}) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', { ...params, search: params.search.trim(), filters }],
    queryFn: ({ signal }) => listPage<UserItem>(USER_LIST, filters, params, signal),
    placeholderData: keepPreviousData,
  });

export const HISTORY_PAGE_SIZE = 20;

/** The newest entries of one account's history. */
export const userEventsQueryOptions = (userId: string, limit = HISTORY_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'events', userId, { limit }],
    queryFn: ({ signal }) =>
      api.list<UserEventItem>(`/user/${userId}/events`, { signal, query: { limit } }),
    placeholderData: keepPreviousData,
  });

/** PUT /api/user/{id}/set-technician, multipart `crea` as the spec sends it. */
export function setTechnician(userId: string, { crea }: SetTechnicianBody) {
  const form = new FormData();
  form.append('crea', crea);
  return api.put<UserItem>(`/user/${userId}/set-technician`, form);
}

export const enableUser = (userId: string) => api.put<UserItem>(`/user/${userId}/enable`);
export const disableUser = (userId: string) => api.put<UserItem>(`/user/${userId}/disable`);
export const setAdmin = (userId: string) => api.put<UserItem>(`/user/${userId}/set-admin`);
