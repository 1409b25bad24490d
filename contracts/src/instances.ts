import { z } from 'zod';
import { InstanceCertificateSchema } from './certificates';
import { IdSchema, ListQuerySchema, safeText } from './common';
import { InstanceStatus } from './constants';
import { messages } from './messages';
import { InstanceReviewSchema } from './review';
import {
  MultipartFlagSchema,
  RenewalOfferSchema,
  RenewalOfSchema,
  RiceAreaSchema,
  SafraFilterSchema,
} from './safras';

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
  /** Only the instances of processes of this season. */
  safra: SafraFilterSchema,
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
    safra: z.string(),
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

const m = messages.instances;

/** PUT /api/process/{processId}/request and POST /api/process/{processId}/start (multipart). */
export const BusinessBodySchema = z.object({
  business_id: z.uuid({ error: m.businessRequired }),
});
export type BusinessBody = z.infer<typeof BusinessBodySchema>;

/**
 * PUT /api/process/{processId}/request: the property, the rice area enrolled, the consent to the
 * public registry and whether it renews last season's certificate (DESIGN §4b). Optional on the
 * wire (the spec's call sends only business_id); the web's dialog always sends the area.
 */
export const RequestBodySchema = BusinessBodySchema.extend({
  rice_area_ha: RiceAreaSchema.optional(),
  publish_consent: MultipartFlagSchema,
  renewal: MultipartFlagSchema,
});
export type RequestBody = z.infer<typeof RequestBodySchema>;
export type RequestBodyInput = z.input<typeof RequestBodySchema>;

/**
 * PUT /api/process-instance/{id}/evaluate (multipart): `reject` is the text 'true' or 'false' as a
 * form sends it, or a JSON boolean.
 */
export const EvaluateBodySchema = z.object({
  reject: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: m.rejectRequired })
    .transform((value) => value === true || value === 'true'),
});
export type EvaluateBody = z.infer<typeof EvaluateBodySchema>;

export const ProcessIdParamsSchema = z.object({ processId: IdSchema });

/** What happened to an instance; later areas add theirs (forms finished, the conclusion). */
export const INSTANCE_EVENT_TYPES = [
  'requested',
  'accepted',
  'rejected',
  'started',
  'opened',
  // The conclusion (certificates area): approved, with a certificate, or failed.
  'approved',
  'failed',
  // forms: a form instance finished (and signed) by its producer
  'form_finished',
  // review: pendências, vistorias and the parecer técnico
  'pendency_opened',
  'pendency_answered',
  'pendency_resolved',
  'pendency_reopened',
  'inspection_recorded',
  'recommendation',
  // safras: an admin suspended a certificate (branch standing adds the rest of its states)
  'suspended',
] as const;
export type InstanceEventType = (typeof INSTANCE_EVENT_TYPES)[number];

const Person = z.object({ id: z.uuid(), name: z.string() });
const DateTime = z.iso.datetime({ offset: true });

/** One step of the timeline: who did what, when; `actor` is null once the account is gone. */
export const InstanceEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(INSTANCE_EVENT_TYPES),
  message: z.string(),
  actor: Person.nullable(),
  created_at: DateTime,
});
export type InstanceEvent = z.infer<typeof InstanceEventSchema>;

/** A form instance as the instance page lists it (the attachments). */
export const FormInstanceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null for 'Documentos', which has no deadline of its own. */
  deadline: z.iso.date().nullable(),
  obligatory: z.boolean(),
  sign: z.boolean(),
  /** Finished by the producer: its fields are locked. */
  commited: z.boolean(),
  commited_at: DateTime.nullable(),
});
export type FormInstanceSummary = z.infer<typeof FormInstanceSummarySchema>;

/** One instance of the history of a seal on a property. */
export const ChainLinkSchema = z.object({
  id: z.uuid(),
  status: z.enum(InstanceStatus),
  created_at: DateTime,
});
export type ChainLink = z.infer<typeof ChainLinkSchema>;

/** GET /api/process-instance/{id}: everything the instance page shows. */
export const InstanceDetailSchema = z.object({
  id: z.uuid(),
  business: z.object({
    id: z.uuid(),
    owner: Person,
    business_name: z.string(),
    business_type: z.string(),
    cnpj: z.string(),
    municipality: z.string(),
    place: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    irga: z.string(),
    car_n: z.string(),
    farming_lo_number: z.string(),
    farming_lo_validity: z.iso.date(),
    drying_and_stock_lo_number: z.string(),
    drying_and_stock_lo_validity: z.iso.date(),
    responsible_name: z.string(),
    responsible_technician_name: z.string().nullable(),
    responsible_technician_phone: z.string().nullable(),
    responsible_technician_crea: z.string().nullable(),
  }),
  process: z.object({
    id: z.uuid(),
    description: z.string(),
    safra: z.string(),
    stamp: z.object({ name: z.string(), image_url: z.string().nullable() }),
  }),
  /** Who asked for the seal: the producer, or the technician who opened it from the property. */
  requested_by: Person.nullable(),
  /** Null until a technician evaluates the request. */
  technician: Person.nullable(),
  rejected: z.boolean(),
  initiated: z.boolean(),
  finished: z.boolean(),
  status: z.enum(InstanceStatus),
  progress: z.object({ finished: z.number().int().min(0), total: z.number().int().min(0) }),
  /** What the caller may do now; the server refuses the rest anyway. */
  actions: z.object({
    evaluate: z.boolean(),
    start: z.boolean(),
    /**
     * Approve or fail a started instance: the assigned technician or an admin, or with a committee
     * only an admin once the technician recommended.
     */
    conclude: z.boolean(),
    /** Open, resolve and reopen pendências. */
    review: z.boolean(),
    /** Record a vistoria. */
    inspect: z.boolean(),
    /** Record the parecer técnico (committee processes, the assigned technician). */
    recommend: z.boolean(),
    /** Change the consent to the public registry (the owner). */
    publish_consent: z.boolean(),
  }),
  /** Hectares of rice enrolled; null on requests made before it was asked. */
  rice_area_ha: z.number().nullable(),
  /** Whether the producer agrees to appear in the public registry, and since when. */
  publish_consent: z.boolean(),
  publish_consent_at: DateTime.nullable(),
  /** The previous season's certified instance this request renews. */
  renewal_of: RenewalOfSchema.nullable(),
  /** For the owner of a certified instance whose seal's next season is open: 'Renovar…'. */
  renewal_offer: RenewalOfferSchema.nullable(),
  /** Levels, committee, parecer técnico, pendências and vistorias (DESIGN §4b). */
  review: InstanceReviewSchema,
  /** The conclusion: null until then; `finish_note` is the technician's 'parecer'. */
  approved: z.boolean().nullable(),
  finish_note: z.string().nullable(),
  /** Issued when the instance is approved. */
  certificate: InstanceCertificateSchema.nullable(),
  created_at: DateTime,
  evaluated_at: DateTime.nullable(),
  started_at: DateTime.nullable(),
  finished_at: DateTime.nullable(),
  /** In order; empty until the producer starts the process. */
  form_instances: z.array(FormInstanceSummarySchema),
  /** The history of this seal on this property, oldest first, this instance included. */
  chain: z.array(ChainLinkSchema),
  /** Spec §3: the next instance of the chain (a new request after this one), if any. */
  child_process_instance: ChainLinkSchema.nullable(),
  /** The timeline, oldest first. */
  events: z.array(InstanceEventSchema),
});
export type InstanceDetail = z.infer<typeof InstanceDetailSchema>;
