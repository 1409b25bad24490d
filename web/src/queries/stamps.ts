import { queryOptions } from '@tanstack/react-query';
import type { Stamp } from '@agroselo/contracts';
import { api, type Camel } from '../api';

export type Seal = Camel<Stamp>;

/** GET /api/stamp/all is public: no token, so an expired one cannot end the visit. */
export const stampsQueryOptions = () =>
  queryOptions({
    queryKey: ['stamp', 'all'],
    queryFn: ({ signal }) => api.get<Seal[]>('/stamp/all', { auth: false, signal }),
    staleTime: 5 * 60_000,
  });
