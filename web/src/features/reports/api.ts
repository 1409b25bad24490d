import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportSummary } from '@agroselo/contracts';
import { api, type Camel } from '../../api';

export type Summary = Camel<ReportSummary>;
export type Figures = Summary['totals'];
export type RegionFigures = Summary['byRegion'][number];

/** GET /api/reports/summary: the safra asked, or (undefined) the server's default, the newest. */
export const reportSummaryQueryOptions = (safra: string | undefined) =>
  queryOptions({
    queryKey: ['reports', 'summary', { safra: safra ?? null }],
    queryFn: ({ signal }) => api.get<Summary>('/reports/summary', { signal, query: { safra } }),
    placeholderData: keepPreviousData,
  });
