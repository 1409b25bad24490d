/** The office's workload board (DESIGN §4c, issue 43): figures per technician and per region. */
import { z } from 'zod';
import { messages } from './messages';
import { REGIONS } from './regions';
import { SafraFilterSchema } from './safras';

/** Days without an event past which a request is highlighted, unless the admin sets another. */
export const DEFAULT_STALE_DAYS = 15;

/** GET /api/workload?safra= (admin); without `safra`, the season the reports open on. */
export const WorkloadQuerySchema = z.object({ safra: SafraFilterSchema });
export type WorkloadQuery = z.infer<typeof WorkloadQuerySchema>;

/**
 * One row of the board. Open requests (neither concluded nor rejected): `assigned` is all of them,
 * split into `awaiting_evaluation`, `awaiting_producer` and `in_progress` (started);
 * `pendencies_open`/`pendencies_late` count their pendências not resolved (late: past the due
 * date); `inspections_due` their started requests with no vistoria yet; `stale` those with nothing
 * on the timeline for more than the threshold; the oldest request's days since it was made and
 * since its last event. `concluded` counts the requests concluded (approved or not) in the safra.
 */
export const WorkloadFiguresSchema = z.object({
  assigned: z.number().int(),
  awaiting_evaluation: z.number().int(),
  awaiting_producer: z.number().int(),
  in_progress: z.number().int(),
  pendencies_open: z.number().int(),
  pendencies_late: z.number().int(),
  inspections_due: z.number().int(),
  concluded: z.number().int(),
  stale: z.number().int(),
  oldest_waiting_days: z.number().int().nullable(),
  oldest_idle_days: z.number().int().nullable(),
});
export type WorkloadFigures = z.infer<typeof WorkloadFiguresSchema>;

export const WorkloadSchema = z.object({
  /** Null when there is no season at all yet. */
  safra: z.string().nullable(),
  safras: z.array(z.string()),
  stale_days: z.number().int(),
  /** Every active technician, then (technician null) the requests nobody answers for. */
  technicians: z.array(
    WorkloadFiguresSchema.extend({
      /** `active`: an active technician, to whom work may be assigned. */
      technician: z
        .object({
          id: z.uuid(),
          name: z.string(),
          crea: z.string().nullable(),
          active: z.boolean(),
        })
        .nullable(),
    }),
  ),
  regions: z.array(
    WorkloadFiguresSchema.extend({ region: z.enum(REGIONS), region_label: z.string() }),
  ),
  total: WorkloadFiguresSchema,
});
export type Workload = z.infer<typeof WorkloadSchema>;

/** GET and PUT /api/workload/settings: the threshold the tables and the board highlight past. */
export const WorkloadSettingsSchema = z.object({
  stale_days: z.coerce
    .number({ error: messages.workload.thresholdInvalid })
    .int(messages.workload.thresholdInvalid)
    .min(1, messages.workload.thresholdInvalid)
    .max(365, messages.workload.thresholdInvalid),
});
export type WorkloadSettings = z.infer<typeof WorkloadSettingsSchema>;
