import { z } from 'zod';
import { ListQuerySchema, safeText } from './common';
import { InstanceStatus } from './constants';

/**
 * Which instances a staff list shows: `in_progress` (the dashboard) is every instance neither
 * finished nor rejected; `pending` (the Pendentes screen) only those still waiting for a technician.
 */
export const INSTANCE_LIST_FILTERS = ['in_progress', 'pending'] as const;
export const InstanceListFilterSchema = z.enum(INSTANCE_LIST_FILTERS);
export type InstanceListFilter = z.infer<typeof InstanceListFilterSchema>;

/** GET /api/process-instance/all */
export const InstanceListQuerySchema = ListQuerySchema.omit({ query: true }).extend({
  status: InstanceListFilterSchema.default('in_progress'),
});
export type InstanceListQuery = z.infer<typeof InstanceListQuerySchema>;

/** GET /api/process-instance/search: an empty `query` matches every instance of the list. */
export const InstanceSearchQuerySchema = InstanceListQuerySchema.extend({
  query: safeText().max(200).default(''),
});
export type InstanceSearchQuery = z.infer<typeof InstanceSearchQuerySchema>;

/** One instance on the staff dashboards. */
export const InstanceSummarySchema = z.object({
  id: z.uuid(),
  business: z.object({
    id: z.uuid(),
    business_name: z.string(),
    /** 14 digits, unformatted. */
    cnpj: z.string(),
    municipality: z.string(),
  }),
  process: z.object({
    id: z.uuid(),
    stamp: z.object({ name: z.string() }),
  }),
  /** Null until a technician evaluates the request. */
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  rejected: z.boolean(),
  initiated: z.boolean(),
  finished: z.boolean(),
  /** Derived from the flags by `instanceStatus` (spec §4). */
  status: z.enum(InstanceStatus),
  /** Form instances of this instance: finished (committed) ones and all of them. */
  progress: z.object({
    finished: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  /** When the producer requested the seal. */
  created_at: z.iso.datetime({ offset: true }),
});
export type InstanceSummary = z.infer<typeof InstanceSummarySchema>;
