import { z } from 'zod';
import { IdSchema, safeText } from './common';
import { FIELD_TEXT_MAX, PROOF_TYPES, SAVE_FIELDS_MAX } from './constants';
import { messages } from './messages';
import { FieldLogicSchema } from './form-logic';
import { FieldPendencySchema } from './review';
import { LastSeasonSchema } from './safras';
import { FieldSchema, uploadSchema } from './seals';

export {
  FIELD_TEXT_MAX,
  PROOF_MAX_BYTES,
  PROOF_TYPES,
  SAVE_FIELDS_MAX,
  TABLE_ROWS_MAX,
} from './constants';
export { checkFieldContent, normalizeDateTime, type ContentCheck } from './rules/field-content';

const m = messages.forms;

export const FormInstanceParamsSchema = z.object({ id: IdSchema, formId: IdSchema });
export const FieldInstanceParamsSchema = FormInstanceParamsSchema.extend({ fieldId: IdSchema });

const Person = z.object({ id: z.uuid(), name: z.string() });
const DateTime = z.iso.datetime({ offset: true });
const Version = z.coerce
  .number({ error: m.versionInvalid })
  .int(m.versionInvalid)
  .min(0, m.versionInvalid);

/** The file attached to a 'Requer comprovante' field; `url` downloads it (with the token). */
export const ProofSchema = z.object({
  filename: z.string(),
  mime: z.enum(PROOF_TYPES),
  size: z.number().int().min(0),
  sha256: z.string().nullable(),
  uploaded_at: DateTime,
  uploaded_by: Person.nullable(),
  url: z.string(),
});
export type Proof = z.infer<typeof ProofSchema>;

/** A field instance without children: a plain field or a cell of a Lista's row. */
export const CellInstanceSchema = z.object({
  id: z.uuid(),
  /** Null when empty; 'true'/'false' for Sim/Não, YYYY-MM-DD, ISO date-time, or the text. */
  content: z.string().nullable(),
  /** Sent back with a save: a save based on an older version is a conflict (409). */
  version: z.number().int().min(0),
  created_at: DateTime,
  updated_at: DateTime,
  /** Who wrote the content last; null while nobody has. */
  updated_by: Person.nullable(),
  field: FieldSchema,
  /** The Lista's field instance, for a cell; null otherwise. */
  parent_field_instance_id: z.uuid().nullable(),
  /** The row a cell belongs to (its id deletes the row); null otherwise. */
  row_id: z.uuid().nullable(),
  /** Whether the caller may not change it now (finished form, or a field of someone else). */
  read_only: z.boolean(),
  proof: ProofSchema.nullable(),
});
export type CellInstance = z.infer<typeof CellInstanceSchema>;

/** Spec §3 FieldInstance; a Lista's cells come in `child_field_instances`, row by row. */
export const FieldInstanceSchema = CellInstanceSchema.extend({
  child_field_instances: z.array(CellInstanceSchema),
  /** The field's rules in this form ('Documentos' fields have none), as the page evaluates them. */
  logic: FieldLogicSchema,
  /** The newest pendência not resolved on this field, else the newest; null without any. */
  pendency: FieldPendencySchema.nullable(),
  /** A finished form's field reopened by an open pendência: its owner may change it (and its proof). */
  editable: z.boolean(),
  /** Pre-filled from last season on a renewal and not yet confirmed nor changed by the producer. */
  carried_over: z.boolean(),
  /** Last season's answer on a renewal; null when not a renewal or the field is new. */
  last_season: LastSeasonSchema.nullable(),
});
export type FieldInstance = z.infer<typeof FieldInstanceSchema>;

/** GET /api/process-instance/{id}/form/{formId}: spec §3 FormInstance and what the page needs. */
export const FormInstanceSchema = z.object({
  id: z.uuid(),
  process_instance_id: z.uuid(),
  form: z.object({
    /** Null for 'Documentos', built from the process's own fields. */
    id: z.uuid().nullable(),
    name: z.string(),
    obligatory: z.boolean(),
    deadline: z.iso.date().nullable(),
    sign: z.boolean(),
  }),
  /** Finished: locked for everyone. */
  commited: z.boolean(),
  commited_at: DateTime.nullable(),
  commited_by: Person.nullable(),
  /** For a form that requires a signature, once finished. */
  signature: z
    .object({
      signed_by: Person.nullable(),
      signed_at: DateTime,
      /** Hex SHA-256 of the saved content (fields, rows and proofs' hashes) when signed. */
      hash: z.string(),
    })
    .nullable(),
  /** What the caller may do now; the server refuses the rest anyway. */
  actions: z.object({ edit: z.boolean(), finish: z.boolean() }),
  /** The hectares of rice the request enrolled: a Lista's total may not pass them. */
  rice_area_ha: z.number().nullable(),
  field_instances: z.array(FieldInstanceSchema),
});
export type FormInstance = z.infer<typeof FormInstanceSchema>;

/**
 * Sim/Não and a Número as a form or JSON sends them; content is checked against the field's type
 * later.
 */
const ContentSchema = z.union([
  safeText().max(FIELD_TEXT_MAX, m.textTooLong(FIELD_TEXT_MAX)),
  z.boolean(),
  z.number(),
  z.null(),
]);

/** PUT /api/process-instance/{id}/form/{formId}/save (JSON): every changed field at once. */
export const FormSaveBodySchema = z.object({
  fields: z
    .array(
      z.object({
        id: IdSchema,
        content: ContentSchema,
        /** The version the change was made on; left out, the save overwrites whatever is there. */
        version: Version.optional(),
      }),
    )
    .max(SAVE_FIELDS_MAX, m.tooManyFields(SAVE_FIELDS_MAX))
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      m.repeatedField,
    ),
});
export type FormSaveBody = z.infer<typeof FormSaveBodySchema>;

/** PUT …/field/{fieldId}/edit (multipart `content`, as the spec's client sends; JSON too). */
export const FieldEditBodySchema = z.object({
  content: z.union(
    [
      safeText({ error: m.contentRequired }).max(FIELD_TEXT_MAX, m.textTooLong(FIELD_TEXT_MAX)),
      z.boolean(),
      z.number(),
      z.null(),
    ],
    {
      error: m.contentRequired,
    },
  ),
  version: Version.optional(),
});
export type FieldEditBody = z.infer<typeof FieldEditBodySchema>;

/** PUT …/finish: empty, or the producer's password when the form requires a signature. */
export const FormFinishBodySchema = z
  .object({ password: safeText().max(1024).optional() })
  .nullish();
export type FormFinishBody = z.infer<typeof FormFinishBodySchema>;

/** POST …/field/{fieldId}/proof (multipart `file`). */
export const ProofUploadBodySchema = z.object({ file: uploadSchema(m.proofFileRequired) });
export type ProofUploadBody = z.infer<typeof ProofUploadBodySchema>;

/** A field as the server holds it now, for the producer to compare with their own change. */
export const FieldConflictSchema = z.object({
  id: z.uuid(),
  content: z.string().nullable(),
  version: z.number().int().min(0),
  updated_at: DateTime,
  updated_by: Person.nullable(),
});
export type FieldConflict = z.infer<typeof FieldConflictSchema>;

/** 409 of a save: `conflicts` lists the fields changed meanwhile (absent for other 409s). */
export const FormConflictBodySchema = z.object({
  detail: z.string(),
  conflicts: z.array(FieldConflictSchema).optional(),
});
export type FormConflictBody = z.infer<typeof FormConflictBodySchema>;
