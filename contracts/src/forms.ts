import { z } from 'zod';
import { IdSchema, safeText, toSaoPauloDay } from './common';
import type { FieldType } from './enums';
import { messages } from './messages';
import { FieldPendencySchema } from './review';
import { LastSeasonSchema } from './safras';
import { FieldSchema, uploadSchema } from './seals';

const m = messages.forms;

/** The longest answer of a text field (a paragraph or two; a report goes as a proof). */
export const FIELD_TEXT_MAX = 4000;
/** Rows of one Lista field: a season's applications or lots fit well below it. */
export const TABLE_ROWS_MAX = 200;
/** Fields of one save: a form of 40 fields and a 200-row table of 20 columns fit. */
export const SAVE_FIELDS_MAX = 5000;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** Checked by the bytes on the server; the browser's `File.type` only helps the picker. */
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export type ContentCheck = { ok: true; value: string | null } | { ok: false; message: string };

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A calendar date that exists (no 30 February), from its parts. */
const realDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/** ISO 8601 with a zone, reduced to one form (UTC, milliseconds); null when it is not one. */
export function normalizeDateTime(value: string): string | null {
  const parts = DATE_TIME.exec(value.trim());
  if (!parts) return null;
  const [, year, month, day, hour, minute, second = '0', zone] = parts;
  if (!realDay(Number(year), Number(month), Number(day))) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (zone && zone.toUpperCase() !== 'Z') {
    const offset = zone.replace(':', '');
    if (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(3)) > 59) return null;
  }
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * What a field of `type` stores for what was sent (DESIGN §4): text as typed (bounded), Sim/Não
 * as 'true'/'false', a date as YYYY-MM-DD (an ISO date-time is reduced to its day in São Paulo),
 * a date-time as ISO 8601 in UTC. Empty (or only blanks) clears the field; a Lista holds rows,
 * never content of its own. Server and web share it, so the page flags what the server refuses.
 */
export function checkFieldContent(
  type: FieldType,
  raw: string | boolean | null | undefined,
): ContentCheck {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'boolean') {
    return type === 'bool' ? { ok: true, value: String(raw) } : invalid(type);
  }
  if (raw.includes('\u0000')) return { ok: false, message: messages.common.invalidCharacter };
  if (raw.trim() === '') return { ok: true, value: null };
  switch (type) {
    case 'text':
      return raw.length > FIELD_TEXT_MAX
        ? { ok: false, message: m.textTooLong(FIELD_TEXT_MAX) }
        : { ok: true, value: raw };
    case 'bool': {
      const value = raw.trim().toLowerCase();
      return value === 'true' || value === 'false' ? { ok: true, value } : invalid(type);
    }
    case 'date': {
      const day = toSaoPauloDay(raw.trim());
      return day ? { ok: true, value: day } : invalid(type);
    }
    case 'datetime': {
      const value = normalizeDateTime(raw);
      return value ? { ok: true, value } : invalid(type);
    }
    case 'form':
      return invalid(type);
  }
}

const INVALID: Record<FieldType, string> = {
  text: messages.common.invalidInput,
  bool: m.boolInvalid,
  date: m.dateInvalid,
  datetime: m.datetimeInvalid,
  form: m.listHasNoContent,
};
const invalid = (type: FieldType): ContentCheck => ({ ok: false, message: INVALID[type] });

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
  field_instances: z.array(FieldInstanceSchema),
});
export type FormInstance = z.infer<typeof FormInstanceSchema>;

/** Sim/Não as a form or JSON sends it; content is checked against the field's type later. */
const ContentSchema = z.union([
  safeText().max(FIELD_TEXT_MAX, m.textTooLong(FIELD_TEXT_MAX)),
  z.boolean(),
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
