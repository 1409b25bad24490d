import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ManagedUser, SetTechnicianBody, UserEvent } from '@agroselo/contracts';
import { api, type Camel, type QueryParams } from '../../api';

export type UserItem = Camel<ManagedUser>;
export type UserEventItem = Camel<UserEvent>;

/** Every query of this area; a change to an account invalidates by this prefix. */
export const USERS_QUERY_KEY = ['user'] as const;

export interface UserListParams {
  /** What the admin typed; blank lists everyone. */
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** /all lists every account; /search finds by name, e-mail or CPF (case, accents and mask aside). */
export const userListQueryOptions = ({ search, page, pageSize }: UserListParams) => {
  const term = search.trim();
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', { search: term, page, pageSize }],
    queryFn: ({ signal }) =>
      api.list<UserItem>(term ? '/user/search' : '/user/all', {
        signal,
        query: { query: term || undefined, limit: pageSize, offset: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });
};

/**
 * A page of the Usuários table (from 992 px): its filters and sort always go along, so the server
 * reads the table's statement (DESIGN §4c).
 */
export const userTableQueryOptions = (
  filters: QueryParams,
  search: string,
  page: number,
  pageSize: number,
) => {
  const term = search.trim();
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'table', { filters, search: term, page, pageSize }],
    queryFn: ({ signal }) =>
      api.list<UserItem>(term ? '/user/search' : '/user/all', {
        signal,
        query: {
          ...filters,
          query: term || undefined,
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
      }),
    placeholderData: keepPreviousData,
  });
};

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
