import { z } from 'zod';
import { InstanceCertificateSchema } from './certificates';
import { blankIsAbsent, IdSchema, ListQuerySchema, safeText } from './common';
import { InstanceStatus, SEAL_LEVELS } from './constants';
import { REGIONS } from './regions';
import { messages } from './messages';
import { InstanceReviewSchema } from './review';
import {
  MultipartFlagSchema,
  RenewalOfferSchema,
  RenewalOfSchema,
  RiceAreaSchema,
  SafraFilterSchema,
} from './safras';

const m = messages.instances;

/**
 * Which instances a staff list shows: `in_progress` (the dashboard) is every instance neither
 * finished nor rejected; `pending` (the Pendentes screen) only those still waiting for a technician.
 * The office tables (issue 43) add one status each (spec §4) and `all`.
 */
export const INSTANCE_LIST_FILTERS = [
  'in_progress',
  'pending',
  'producer_pending',
  'ongoing',
  'finished',
  'rejected',
  'all',
] as const;
export const InstanceListFilterSchema = z.enum(INSTANCE_LIST_FILTERS, { error: m.statusInvalid });
export type InstanceListFilter = z.infer<typeof InstanceListFilterSchema>;

/** The level filter: the certificate's level, or certified by a process that grants none. */
export const INSTANCE_LEVEL_FILTERS = [...SEAL_LEVELS, 'sem_nivel'] as const;
export type InstanceLevelFilter = (typeof INSTANCE_LEVEL_FILTERS)[number];

/**
 * The columns a staff table sorts by (`sort=-waiting_days`: `-` reverses). `waiting_days` counts
 * from the request, `idle_days` from the newest event of the timeline; `technician` is the name
 * of who answers for the instance (the assignee until the evaluation).
 */
export const INSTANCE_SORT_KEYS = [
  'created_at',
  'waiting_days',
  'idle_days',
  'business_name',
  'municipality',
  'region',
  'seal',
  'safra',
  'status',
  'technician',
] as const;
export type InstanceSortKey = (typeof INSTANCE_SORT_KEYS)[number];
export const INSTANCE_SORTS = [
  ...INSTANCE_SORT_KEYS,
  ...INSTANCE_SORT_KEYS.map((key) => `-${key}` as const),
] as const;
export type InstanceSort = (typeof INSTANCE_SORTS)[number];

/** A query-string flag: `true` or `false` (blank: no filter). */
const QueryFlagSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false'], { error: m.flagInvalid })
    .transform((value) => value === 'true')
    .optional(),
);
const DaysSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: m.daysInvalid })
    .int(m.daysInvalid)
    .min(0, m.daysInvalid)
    .max(3650, m.daysInvalid)
    .optional(),
);

/** The filters of the staff tables, the lists' and their exports' alike (DESIGN §4c). */
export const InstanceFilterSchema = z.object({
  status: InstanceListFilterSchema.default('in_progress'),
  /** Only the instances of processes of this season. */
  safra: SafraFilterSchema,
  process_id: blankIsAbsent(IdSchema.optional()),
  level: blankIsAbsent(
    z.enum(INSTANCE_LEVEL_FILTERS, { error: messages.registry.levelInvalid }).optional(),
  ),
  region: blankIsAbsent(z.enum(REGIONS, { error: messages.registry.regionInvalid }).optional()),
  /** Compared as `municipalityKey` (case, accents and spaces aside), whole. */
  municipality: blankIsAbsent(safeText().max(120).optional()),
  /** Who answers for it (the technician, or the assignee before the evaluation), or nobody. */
  technician_id: blankIsAbsent(
    z.union([z.literal('unassigned'), z.uuid()], { error: m.technicianFilterInvalid }).optional(),
  ),
  /** With a pendência not resolved past its due date. */
  late: QueryFlagSchema,
  /** Requested at least this many days ago (São Paulo days). */
  min_waiting_days: DaysSchema,
  /** Nothing on its timeline for at least this many days. */
  min_idle_days: DaysSchema,
  sort: blankIsAbsent(
    z.enum(INSTANCE_SORTS, { error: m.sortInvalid(INSTANCE_SORT_KEYS) }).optional(),
  ),
});
export type InstanceFilter = z.infer<typeof InstanceFilterSchema>;

/** GET /api/process-instance/all */
export const InstanceListQuerySchema = ListQuerySchema.omit({ query: true }).extend(
  InstanceFilterSchema.shape,
);
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
    /** Its responsible technician's CREA: assignment never offers that technician. */
    responsible_technician_crea: z.string().nullable(),
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
  /** Who answers for it: the technician, or before the evaluation the assignee (decision 018). */
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  region: z.enum(REGIONS),
  /** São Paulo days since the request, and since the newest event of its timeline. */
  waiting_days: z.number().int(),
  idle_days: z.number().int(),
  /** Pendências not resolved past their due date. */
  late_pendencies: z.number().int().min(0),
});
export type InstanceSummary = z.infer<typeof InstanceSummarySchema>;

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
  // registry: the producer grants or withdraws consent to appear in the public registry
  'publish_consent',
  // standing: an admin suspended, revoked or reinstated the certificate
  'certificate_suspended',
  'certificate_revoked',
  'certificate_reinstated',
  // assignment: an admin assigned the instance to a technician, or reassigned it
  'assigned',
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
  /**
   * Who answers for it: the technician, or before the evaluation the one an admin assigned
   * (docs/decisions/018); null while nobody does.
   */
  assignee: Person.nullable(),
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
    /** The certificate's standing (admins): suspend or revoke a valid one, reinstate a suspended one. */
    suspend: z.boolean(),
    revoke: z.boolean(),
    reinstate: z.boolean(),
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

/** PUT /api/process-instance/assign (admin): all of them to one technician, or none. */
export const AssignBodySchema = z.object({
  instance_ids: z
    .array(IdSchema, { error: m.assignIdsRequired })
    .min(1, m.assignIdsRequired)
    .max(500, m.assignIdsRequired),
  technician_id: z.uuid({ error: m.assignTechnicianRequired }),
});
export type AssignBody = z.infer<typeof AssignBodySchema>;

/** What an assignment changed: the instances as the tables now list them. */
export const AssignResultSchema = z.object({
  technician: z.object({ id: z.uuid(), name: z.string() }),
  instances: z.array(InstanceSummarySchema),
});
export type AssignResult = z.infer<typeof AssignResultSchema>;
