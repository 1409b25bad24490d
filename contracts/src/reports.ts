/**
 * GET /api/reports/summary (DESIGN §4b): what the university and IRGA publish each safra, counted
 * by the server in one statement. The definitions (README 'Relatórios'):
 * - request: an instance of a process of that safra;
 * - accepted: a technician evaluated it and did not reject it (whatever came after);
 * - in progress: started and not concluded;
 * - certified: holds a certificate whose standing is valid (split by level); a suspended one counts
 *   in `suspended` only, a revoked one in neither;
 * - rejected: rejected at evaluation, or concluded without approval;
 * - hectares enrolled: the rice area of the requests not rejected; hectares certified: of the
 *   certified ones (requests made before the area was asked count as zero hectares);
 * - time to decision: days from the request to the conclusion, of the concluded requests.
 */
import { z } from 'zod';
import { IRGA_REGIONS, OTHER_REGION } from './regions';
import { SafraFilterSchema } from './safras';

/** A malformed safra is invalid input (422, as every `?safra=` filter); a blank one asks the default. */
export const ReportQuerySchema = z.object({
  safra: SafraFilterSchema.describe(
    'A safra, AAAA/AA (ex.: 2026/27); sem ela, a padrão do servidor',
  ),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const RegionSchema = z.enum([...IRGA_REGIONS, OTHER_REGION]);
const Count = z.number().int().nonnegative();
const Hectares = z.number().nonnegative();

export const ReportFiguresSchema = z.object({
  requests: Count,
  accepted: Count,
  in_progress: Count,
  certified: Count,
  certified_prata: Count,
  certified_ouro: Count,
  certified_no_level: Count,
  rejected: Count,
  suspended: Count,
  hectares_enrolled: Hectares,
  hectares_certified: Hectares,
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportSummarySchema = z.object({
  /** The safra counted: the one asked, or the newest with a request; null before any process. */
  safra: z.string().nullable(),
  /** Every safra with a process, newest first (the page's choices). */
  safras: z.array(z.string()),
  totals: ReportFiguresSchema,
  /** Every IRGA region, then 'Outras regiões', in that order, zeros included. */
  by_region: z.array(
    ReportFiguresSchema.extend({
      region: RegionSchema,
      label: z.string(),
    }),
  ),
  /** The municipalities with a request, by name; spellings that differ only in case or accents are one. */
  by_municipality: z.array(
    ReportFiguresSchema.extend({
      municipality: z.string(),
      region: RegionSchema,
    }),
  ),
  /** Days from request to conclusion; median and p90 null when nothing was concluded. */
  decision_days: z.object({
    median: z.number().nullable(),
    p90: z.number().nullable(),
    count: Count,
  }),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;
