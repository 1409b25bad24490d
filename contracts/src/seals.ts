import { z } from 'zod';
import { DateSchema, IdSchema, ListQuerySchema, requiredText, safeText } from './common';
import { NUMBER_DECIMALS_DEFAULT, NUMBER_DECIMALS_MAX, NUMBER_UNIT_MAX } from './constants';
import { FIELD_TYPES } from './enums';
import { messages } from './messages';
import { MultipartCommitteeSchema, MultipartLevelsSchema, SealLevelSchema } from './review';
import { SafraFilterSchema, SafraSchema } from './safras';

const m = messages.seals;

export const SEAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Checked by the bytes on the server; the browser's `File.type` only helps the form. */
export const SEAL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const NOTICE_FILE_TYPE = 'application/pdf';
export const FORM_NAME_MAX = 300;
export const FIELD_NAME_MAX = 70;
export const STAMP_NAME_MAX = 120;
export const LONG_TEXT_MAX = 4000;
export const FEATURE_MAX = 120;
export const FEATURES_MAX = 10;
export const LIST_COLUMNS_MAX = 20;
export const PROCESS_FIELDS_MAX = 200;

/** GET /api/stamp/all: the seals of released processes inside their request window, public. */
export const StampSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.object({ feature: z.string() })),
  process_id: z.uuid().nullable(),
  /** The season of the seal's process (`2026/27`). */
  safra: z.string(),
  /** Changes whenever the image changes, so it may be cached for good. */
  image_url: z.string().nullable(),
});
export type Stamp = z.infer<typeof StampSchema>;

/** A required, non-blank text stored trimmed, with its own message when too long. */
const text = (required: string, max: number, tooLong = `No máximo ${max} caracteres`) =>
  requiredText(required, max, tooLong)
    .refine((value) => value === '' || value.trim().length > 0, required)
    .transform((value) => value.trim());

/** A required `YYYY-MM-DD` (or ISO date-time, reduced to its day in São Paulo). */
const requiredDate = (required: string) =>
  z.string({ error: required }).min(1, required).pipe(DateSchema);

/** The text part of a new process, shared by the server's body and the web's form. */
export const ProcessFieldsSchema = z.object({
  notice: text(m.noticeRequired, LONG_TEXT_MAX),
  description: text(m.descriptionRequired, LONG_TEXT_MAX),
  start_date: requiredDate(m.startDateRequired),
  end_date: requiredDate(m.endDateRequired),
  validity_start: requiredDate(m.validityStartRequired),
  validity_end: requiredDate(m.validityEndRequired),
  stamp_name: text(m.stampNameRequired, STAMP_NAME_MAX),
  stamp_description: text(m.stampDescriptionRequired, LONG_TEXT_MAX),
});
export type ProcessFields = z.infer<typeof ProcessFieldsSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}/;
const bothDays = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && DAY.test(a) && DAY.test(b);
/** The fields of what was sent, whatever it is (a body may be missing or not an object). */
const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * End after start, validity end after validity start. Runs beside the other fields' errors (not
 * only once all are valid), so the form shows every problem at once.
 */
type ProcessDates = Pick<
  ProcessFields,
  'start_date' | 'end_date' | 'validity_start' | 'validity_end'
>;

export function withProcessDateOrder<T extends z.ZodType<ProcessDates>>(schema: T) {
  return schema
    .refine((value) => value.end_date.slice(0, 10) > value.start_date.slice(0, 10), {
      message: m.endBeforeStart,
      path: ['end_date'],
      when: ({ value }) => {
        const v = fieldsOf(value);
        return bothDays(v.start_date, v.end_date);
      },
    })
    .refine((value) => value.validity_end.slice(0, 10) > value.validity_start.slice(0, 10), {
      message: m.validityEndBeforeStart,
      path: ['validity_end'],
      when: ({ value }) => {
        const v = fieldsOf(value);
        return bothDays(v.validity_start, v.validity_end);
      },
    });
}

/** An uploaded file as the server's multipart parser hands it over. */
export interface UploadedFileValue {
  filename: string;
  mimetype: string;
  data: Uint8Array;
}
const isUploadedFile = (value: unknown): value is UploadedFileValue =>
  typeof value === 'object' &&
  value !== null &&
  'data' in value &&
  (value as { data: unknown }).data instanceof Uint8Array;

/** A multipart file part; a text sent under the file's name counts as missing. */
export const uploadSchema = (required: string) =>
  z
    .custom<UploadedFileValue>(isUploadedFile, { error: required })
    .meta({ type: 'string', format: 'binary' });

/** Seal features: a repeated multipart field (one value or many); blanks are left out. */
export const FeaturesSchema = z.preprocess(
  (value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(
      (item) => typeof item !== 'string' || item.trim() !== '',
    ),
  z
    .array(
      safeText()
        .max(FEATURE_MAX, m.featureTooLong)
        .transform((value) => value.trim()),
    )
    .max(FEATURES_MAX, m.tooManyFeatures),
);

/** POST /api/process/register (multipart): spec §7, plus the optional edital PDF and features. */
export const ProcessRegisterBodySchema = withProcessDateOrder(
  ProcessFieldsSchema.extend({
    /**
     * The crop season, `2026/27` (DESIGN §4b). Absent, as from a client of the spec, which knows
     * no safra: the season of `start_date` (`safraOf`, the rule migration 0009 gave the processes
     * that existed before safras).
     */
    safra: SafraSchema.optional().meta({
      description:
        'Safra, AAAA/AA (ex.: 2026/27). Opcional: sem ela, a safra de start_date — de julho a ' +
        'junho, ex.: 2026-08-01 e 2027-03-01 → 2026/27',
    }),
    features: FeaturesSchema,
    file: uploadSchema(m.imageRequired),
    notice_file: uploadSchema(m.noticeFileType).optional(),
    /** The review settings (DESIGN §4b); absent: no levels, no committee. */
    levels: MultipartLevelsSchema,
    committee: MultipartCommitteeSchema,
  }),
);
export type ProcessRegisterBody = z.infer<typeof ProcessRegisterBodySchema>;

/**
 * POST /api/process/{processId}/next-season (JSON): the next safra's draft copy of a process, with
 * the dates of its cycle (DESIGN §4b).
 */
export const NextSeasonBodySchema = withProcessDateOrder(
  z.object({
    safra: SafraSchema,
    start_date: requiredDate(m.startDateRequired),
    end_date: requiredDate(m.endDateRequired),
    validity_start: requiredDate(m.validityStartRequired),
    validity_end: requiredDate(m.validityEndRequired),
  }),
);
export type NextSeasonBody = z.infer<typeof NextSeasonBodySchema>;
export type NextSeasonBodyInput = z.input<typeof NextSeasonBodySchema>;

/** PUT /api/process/{processId}/release: Liberado (true) or Rascunho (false). */
export const ReleaseBodySchema = z.object({
  released: z.boolean({ error: 'Informe se o processo fica liberado' }),
});
export type ReleaseBody = z.infer<typeof ReleaseBodySchema>;

export const ProcessStampSchema = StampSchema.omit({ process_id: true });

/** A process definition with its seal. */
export const ProcessSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  notice: z.string(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  validity_start: z.iso.date(),
  validity_end: z.iso.date(),
  released: z.boolean(),
  /** `GET /api/process/{id}/notice` when an edital PDF was uploaded. */
  notice_url: z.string().nullable(),
  stamp: ProcessStampSchema,
  forms_count: z.number().int().min(0),
  /** The levels granted ([] or both); a committee decides when `committee`. */
  levels: z.array(SealLevelSchema),
  committee: z.boolean(),
  /** The crop season (`2026/27`) whose commercialisation its certificates cover. */
  safra: z.string(),
  /** The same seal's process of the season before, which this one was copied from. */
  previous_process_id: z.uuid().nullable(),
  /** The next season's copy, once an admin made it. */
  next_process: z.object({ id: z.uuid(), safra: z.string(), released: z.boolean() }).nullable(),
});
export type Process = z.infer<typeof ProcessSchema>;

/** GET /api/process/all: `query` searches the seal's name, `safra` keeps one season. */
export const ProcessListQuerySchema = ListQuerySchema.extend({ safra: SafraFilterSchema });
export type ProcessListQuery = z.infer<typeof ProcessListQuerySchema>;

/** GET /api/stamp/all: every season, or one. */
export const StampListQuerySchema = z.object({ safra: SafraFilterSchema });
export type StampListQuery = z.infer<typeof StampListQuerySchema>;

/** POST /api/process/{id}/form/register and PUT …/form/{formId}/edit (JSON). */
export const FormBodySchema = z.object({
  name: text(m.formNameRequired, FORM_NAME_MAX, m.formNameTooLong),
  deadline: requiredDate(m.deadlineRequired),
  obligatory: z.boolean().default(false),
  sign: z.boolean().default(false),
});
export type FormBody = z.infer<typeof FormBodySchema>;
export type FormBodyInput = z.input<typeof FormBodySchema>;

export const FormSchema = z.object({
  id: z.uuid(),
  process_id: z.uuid(),
  name: z.string(),
  deadline: z.iso.date(),
  obligatory: z.boolean(),
  sign: z.boolean(),
  fields_count: z.number().int().min(0),
});
export type Form = z.infer<typeof FormSchema>;

export const ProcessParamsSchema = z.object({ processId: IdSchema });
export const FormParamsSchema = ProcessParamsSchema.extend({ formId: IdSchema });
export const FormFieldParamsSchema = FormParamsSchema.extend({ fieldId: IdSchema });

/** A field of the library, or a column of a Lista field. */
export const FieldColumnSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  producer_read_only: z.boolean(),
  proof: z.boolean(),
  /** A 'Número''s unit label (ha, cm, L/ha, kg or another) and decimal places; null otherwise. */
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
});
export const FieldSchema = FieldColumnSchema.extend({
  /** The columns of a `form` (Lista) field, in order; empty for the other types. */
  child_fields: z.array(FieldColumnSchema),
});
export type Field = z.infer<typeof FieldSchema>;

/**
 * POST /api/field/register (JSON): a `form` (Lista) field names its columns; a 'Número' may give
 * its unit and decimal places (2 when left out).
 */
export const FieldRegisterBodySchema = z
  .object({
    name: text(m.fieldNameRequired, FIELD_NAME_MAX, m.fieldNameTooLong),
    type: z.enum(FIELD_TYPES, { error: m.fieldTypeInvalid }),
    producer_read_only: z.boolean().default(false),
    proof: z.boolean().default(false),
    child_fields: z.array(IdSchema).max(LIST_COLUMNS_MAX).default([]),
    unit: safeText()
      .max(NUMBER_UNIT_MAX, messages.logic.unitTooLong)
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null)),
    decimals: z
      .int({ error: messages.logic.decimalsInvalid })
      .min(0, messages.logic.decimalsInvalid)
      .max(NUMBER_DECIMALS_MAX, messages.logic.decimalsInvalid)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'number' && (body.unit !== null || body.decimals !== null))
      ctx.addIssue({ code: 'custom', message: messages.logic.unitOnlyNumber, path: ['unit'] });
    if (body.type === 'form' && body.child_fields.length === 0)
      ctx.addIssue({ code: 'custom', message: m.listNeedsColumns, path: ['child_fields'] });
    if (body.type !== 'form' && body.child_fields.length > 0)
      ctx.addIssue({ code: 'custom', message: m.onlyListHasColumns, path: ['child_fields'] });
    if (new Set(body.child_fields).size !== body.child_fields.length)
      ctx.addIssue({ code: 'custom', message: m.repeatedColumn, path: ['child_fields'] });
  })
  .transform((body) =>
    body.type === 'number' ? { ...body, decimals: body.decimals ?? NUMBER_DECIMALS_DEFAULT } : body,
  );
export type FieldRegisterBody = z.infer<typeof FieldRegisterBodySchema>;
export type FieldRegisterBodyInput = z.input<typeof FieldRegisterBodySchema>;

/** Field lists: the spec's `search`, or `query` as every other list; both ignore case and accents. */
export const FieldListQuerySchema = ListQuerySchema.extend({
  search: safeText().max(200).optional(),
}).transform(({ search, query, ...rest }) => ({ ...rest, query: query ?? search }));
export type FieldListQuery = z.infer<typeof FieldListQuerySchema>;

/** POST /api/process/{id}/fields/save: the documents of the process, in order (replaces the set). */
export const ProcessFieldsSaveBodySchema = z
  .array(IdSchema)
  .max(PROCESS_FIELDS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, m.repeatedField);
export type ProcessFieldsSaveBody = z.infer<typeof ProcessFieldsSaveBodySchema>;
