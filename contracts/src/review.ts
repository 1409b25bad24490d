import { z } from 'zod';
import { DateSchema, IdSchema, ListQuerySchema, safeText } from './common';
import {
  INSPECTION_PHOTOS_MAX,
  INSPECTION_SUMMARY_MAX,
  PENDENCY_STATUSES,
  PENDENCY_TEXT_MAX,
  RECOMMENDATION_MAX,
  RECOMMENDATION_OUTCOMES,
  SEAL_LEVELS,
} from './constants';
import { messages } from './messages';

// Zod-free: the web imports them from './constants' without loading zod (kept here for the
// modules that import them from this one).
export {
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTOS_MAX,
  INSPECTION_SUMMARY_MAX,
  PENDENCY_STATUS_LABELS,
  PENDENCY_STATUSES,
  PENDENCY_TEXT_MAX,
  RECOMMENDATION_LABELS,
  RECOMMENDATION_MAX,
  RECOMMENDATION_OUTCOMES,
  SEAL_LEVEL_LABELS,
  SEAL_LEVELS,
  type PendencyStatus,
  type RecommendationOutcome,
  type SealLevel,
} from './constants';

const m = messages.review;

export const SealLevelSchema = z.enum(SEAL_LEVELS, { error: m.levelInvalid });

/** What a process offers: none, or both levels. */
export const LevelsSchema = z
  .array(SealLevelSchema)
  .max(SEAL_LEVELS.length)
  .refine((levels) => levels.length === 0 || levels.length === SEAL_LEVELS.length, m.levelsBoth)
  .transform((levels) => (levels.length === 0 ? [] : [...SEAL_LEVELS]));

/** PUT /api/process/{processId}/review-settings (JSON). */
export const ReviewSettingsBodySchema = z.object({
  levels: LevelsSchema,
  committee: z.boolean({ error: m.committeeRequired }),
});
export type ReviewSettingsBody = z.input<typeof ReviewSettingsBodySchema>;
export type ReviewSettings = z.output<typeof ReviewSettingsBodySchema>;

/**
 * The process register's multipart `levels` ('prata,ouro', or the field repeated) and `committee`
 * ('true'/'false'); both optional, absent meaning no levels and no committee.
 */
export const MultipartLevelsSchema = z.preprocess((value) => {
  if (value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    typeof item === 'string'
      ? item
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [item],
  );
}, LevelsSchema);
export const MultipartCommitteeSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: m.committeeRequired })
  .optional()
  .transform((value) => value === true || value === 'true');

export const PendencyStatusSchema = z.enum(PENDENCY_STATUSES);

export const PENDENCY_EVENT_TYPES = ['opened', 'answered', 'resolved', 'reopened'] as const;
export type PendencyEventType = (typeof PENDENCY_EVENT_TYPES)[number];

/** Checked by the bytes on the server; the browser's `File.type` only helps the picker. */
export const INSPECTION_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Rio Grande do Sul's bounding box: a vistoria's position must lie inside it. */
export const RS_BOUNDS = {
  latMin: -33.76,
  latMax: -27.08,
  lngMin: -57.65,
  lngMax: -49.69,
} as const;
export const insideRioGrandeDoSul = (latitude: number, longitude: number): boolean =>
  latitude >= RS_BOUNDS.latMin &&
  latitude <= RS_BOUNDS.latMax &&
  longitude >= RS_BOUNDS.lngMin &&
  longitude <= RS_BOUNDS.lngMax;

const Person = z.object({ id: z.uuid(), name: z.string() });
const DateTime = z.iso.datetime({ offset: true });

/** A text the user must write: not blank, stored trimmed. */
const writtenText = (required: string, max: number, tooLong: string) =>
  safeText({ error: required })
    .max(max, tooLong)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, required);

export const PendencyEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(PENDENCY_EVENT_TYPES),
  text: z.string(),
  actor: Person.nullable(),
  created_at: DateTime,
});
export type PendencyEvent = z.infer<typeof PendencyEventSchema>;

/** A pendência (non-conformity) on a form instance, optionally on one of its fields. */
export const PendencySchema = z.object({
  id: z.uuid(),
  process_instance_id: z.uuid(),
  form_instance_id: z.uuid(),
  form_name: z.string(),
  field_instance_id: z.uuid().nullable(),
  field_name: z.string().nullable(),
  description: z.string(),
  due_date: z.iso.date(),
  status: PendencyStatusSchema,
  /** Not resolved and past its due date (America/Sao_Paulo). */
  late: z.boolean(),
  answer: z.string().nullable(),
  created_by: Person.nullable(),
  created_at: DateTime,
  /** Oldest first. */
  events: z.array(PendencyEventSchema),
});
export type Pendency = z.infer<typeof PendencySchema>;

/** What a form's field shows of its pendência. */
export const FieldPendencySchema = z.object({
  id: z.uuid(),
  description: z.string(),
  due_date: z.iso.date(),
  status: PendencyStatusSchema,
  late: z.boolean(),
});
export type FieldPendency = z.infer<typeof FieldPendencySchema>;

/** POST /api/process-instance/{id}/pendencies (JSON). */
export const PendencyCreateBodySchema = z.object({
  form_instance_id: z.uuid({ error: m.formRequired }),
  field_instance_id: z.uuid({ error: messages.common.invalidId }).nullish(),
  description: writtenText(
    m.descriptionRequired,
    PENDENCY_TEXT_MAX,
    m.textTooLong(PENDENCY_TEXT_MAX),
  ),
  due_date: z.string({ error: m.dueDateRequired }).min(1, m.dueDateRequired).pipe(DateSchema),
});
export type PendencyCreateBody = z.input<typeof PendencyCreateBodySchema>;
export type PendencyCreateInput = z.output<typeof PendencyCreateBodySchema>;

/**
 * The status the pendência had when the change was made (a queued change of the outbox): when
 * given and the pendência is in another one now, the change answers 409 with the pendência as it
 * is, so a resolve made offline never overrides a reopen made meanwhile (DESIGN §4c).
 */
const ExpectedStatusSchema = z
  .enum(PENDENCY_STATUSES, { error: m.expectedStatusInvalid })
  .optional();

/** PUT /api/pendency/{id}/answer (JSON). */
export const PendencyAnswerBodySchema = z.object({
  answer: writtenText(m.answerRequired, PENDENCY_TEXT_MAX, m.textTooLong(PENDENCY_TEXT_MAX)),
  expected_status: ExpectedStatusSchema,
});
export type PendencyAnswerBody = z.input<typeof PendencyAnswerBodySchema>;
export type PendencyAnswerInput = z.output<typeof PendencyAnswerBodySchema>;

/** PUT /api/pendency/{id}/resolve (JSON, the note optional). */
export const PendencyResolveBodySchema = z
  .object({
    note: safeText()
      .max(PENDENCY_TEXT_MAX, m.textTooLong(PENDENCY_TEXT_MAX))
      .optional()
      .transform((value) => value?.trim() ?? ''),
    expected_status: ExpectedStatusSchema,
  })
  .nullish()
  .transform((body) => ({ note: body?.note ?? '', expected_status: body?.expected_status }));
export type PendencyResolveBody = z.input<typeof PendencyResolveBodySchema>;
/** Resolve and reopen: the note, and the status the pendência was seen in. */
export type PendencyMoveInput = z.output<typeof PendencyReopenBodySchema>;

/** PUT /api/pendency/{id}/reopen (JSON): says what is still wrong. */
export const PendencyReopenBodySchema = z.object({
  note: writtenText(m.noteRequired, PENDENCY_TEXT_MAX, m.textTooLong(PENDENCY_TEXT_MAX)),
  expected_status: ExpectedStatusSchema,
});
export type PendencyReopenBody = z.input<typeof PendencyReopenBodySchema>;

export const PendencyParamsSchema = z.object({ id: IdSchema });
export const PendencyListQuerySchema = ListQuerySchema.omit({ query: true });
export type PendencyListQuery = z.infer<typeof PendencyListQuerySchema>;

export const InspectionPhotoSchema = z.object({
  index: z.number().int().min(0),
  content_type: z.enum(INSPECTION_PHOTO_TYPES),
  /** GET /api/inspection/{id}/photo/{index} (with the token). */
  url: z.string(),
});
export type InspectionPhoto = z.infer<typeof InspectionPhotoSchema>;

/** A vistoria: the technician's visit to the property. */
export const InspectionSchema = z.object({
  id: z.uuid(),
  process_instance_id: z.uuid(),
  visited_on: z.iso.date(),
  latitude: z.number(),
  longitude: z.number(),
  summary: z.string(),
  photos: z.array(InspectionPhotoSchema),
  created_by: Person.nullable(),
  created_at: DateTime,
});
export type Inspection = z.infer<typeof InspectionSchema>;

/** A multipart number ('-30.5', or a JSON number). */
const coordinate = (required: string) =>
  z.union([z.number(), safeText()], { error: required }).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    return number;
  });

/** Photos: a repeated multipart file field, one or many. */
const PhotosSchema = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z
        .custom<{ filename: string; mimetype: string; data: Uint8Array }>(
          (value) =>
            typeof value === 'object' &&
            value !== null &&
            (value as { data?: unknown }).data instanceof Uint8Array,
          { error: m.photoRequired },
        )
        .meta({ type: 'string', format: 'binary' }),
    )
    .max(INSPECTION_PHOTOS_MAX, m.tooManyPhotos(INSPECTION_PHOTOS_MAX)),
);

/** POST /api/process-instance/{id}/inspections (multipart). */
export const InspectionCreateBodySchema = z
  .object({
    visited_on: z
      .string({ error: m.visitedOnRequired })
      .min(1, m.visitedOnRequired)
      .pipe(DateSchema),
    latitude: coordinate(m.latitudeRequired),
    longitude: coordinate(m.longitudeRequired),
    summary: writtenText(
      m.summaryRequired,
      INSPECTION_SUMMARY_MAX,
      m.textTooLong(INSPECTION_SUMMARY_MAX),
    ),
    photos: PhotosSchema,
  })
  .superRefine((body, ctx) => {
    if (!insideRioGrandeDoSul(body.latitude, body.longitude))
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: m.outsideRs });
  });
export type InspectionCreateInput = z.output<typeof InspectionCreateBodySchema>;

/** POST /api/process-instance/{id}/inspections/{inspectionId}/photos (multipart `photos`). */
export const InspectionPhotosBodySchema = z.object({ photos: PhotosSchema });
export type InspectionPhotosInput = z.output<typeof InspectionPhotosBodySchema>;

export const InspectionParamsSchema = z.object({ id: IdSchema, inspectionId: IdSchema });
export const InspectionPhotoParamsSchema = z.object({
  id: IdSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(INSPECTION_PHOTOS_MAX - 1),
});
export const InspectionListQuerySchema = ListQuerySchema.omit({ query: true });
export type InspectionListQuery = z.infer<typeof InspectionListQuerySchema>;

export const RecommendationOutcomeSchema = z.enum(RECOMMENDATION_OUTCOMES, {
  error: m.outcomeRequired,
});

/** PUT /api/process-instance/{id}/recommendation (JSON): the parecer técnico. */
export const RecommendationBodySchema = z.object({
  outcome: RecommendationOutcomeSchema,
  justification: writtenText(
    m.justificationRequired,
    RECOMMENDATION_MAX,
    m.textTooLong(RECOMMENDATION_MAX),
  ),
});
export type RecommendationBody = z.input<typeof RecommendationBodySchema>;
export type RecommendationInput = z.output<typeof RecommendationBodySchema>;

export const RecommendationSchema = z.object({
  outcome: RecommendationOutcomeSchema,
  justification: z.string(),
  author: Person.nullable(),
  created_at: DateTime,
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** The review part of GET /api/process-instance/{id}. */
export const InstanceReviewSchema = z.object({
  levels: z.array(SealLevelSchema),
  committee: z.boolean(),
  /** The level granted, once approved with one. */
  level: SealLevelSchema.nullable(),
  recommendation: RecommendationSchema.nullable(),
  pendencies: z.object({
    open: z.number().int().min(0),
    answered: z.number().int().min(0),
    resolved: z.number().int().min(0),
  }),
  inspections: z.number().int().min(0),
  /** The caller is the property's responsible technician: every review action is refused. */
  conflict_of_interest: z.boolean(),
});
export type InstanceReview = z.infer<typeof InstanceReviewSchema>;
