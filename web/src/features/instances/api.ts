import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InstanceListFilter, InstanceSummary } from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type InstanceItem = Camel<InstanceSummary>;

/** Every list of instances; mutations of an instance invalidate by this prefix. */
export const INSTANCE_LIST_QUERY_KEY = ['process-instance', 'list'] as const;

export interface InstanceListParams {
  status: InstanceListFilter;
  /** What the user typed; blank lists everything. */
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** /all lists, /search filters by property name, CNPJ or municipality (case and accents aside). */
export const instanceListQueryOptions = ({
  status,
  search,
  page,
  pageSize,
}: InstanceListParams) => {
  const term = search.trim();
  return queryOptions({
    queryKey: [...INSTANCE_LIST_QUERY_KEY, { status, search: term, page, pageSize }],
    queryFn: ({ signal }) =>
      api.list<InstanceItem>(term ? '/process-instance/search' : '/process-instance/all', {
        signal,
        query: { status, query: term || undefined, limit: pageSize, offset: (page - 1) * pageSize },
      }),
    // Typing a search keeps the cards on screen until the new answer arrives.
    placeholderData: keepPreviousData,
  });
};
