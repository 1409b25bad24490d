import { z } from 'zod';
import { DateSchema, IdSchema, safeText } from './common';
import { FIELD_TEXT_MAX, NUMBER_ABS_MAX } from './constants';
import { messages } from './messages';
import { CONDITION_OPS } from './rules/form-logic';
import { FieldSchema, LIST_COLUMNS_MAX } from './seals';

export * from './rules/form-logic';
export * from './rules/form-logic-checks';
export * from './rules/numbers';

const m = messages.logic;

const CONDITIONS_MAX = 10;
const LOGIC_MESSAGE_MAX = 200;
const PATTERN_MAX = 60;

/** A message of the builder's own; blank is none (the default message is shown). */
const OwnMessage = safeText()
  .max(LOGIC_MESSAGE_MAX, `A mensagem deve ter no máximo ${LOGIC_MESSAGE_MAX} caracteres`)
  .nullable()
  .default(null)
  .transform((value) => (value?.trim() ? value.trim() : null));

const Limit = z.number().min(-NUMBER_ABS_MAX).max(NUMBER_ABS_MAX).nullable().default(null);
const Length = z.int().min(0).max(FIELD_TEXT_MAX).nullable().default(null);

const ConditionSchema = z.object({
  /** A field of the same form before this one (a column before this one, in a Lista). */
  field_id: IdSchema,
  op: z.enum(CONDITION_OPS, { error: 'Escolha a comparação' }),
  /** true/false for a Sim/Não, a number for a Número; null for 'preenchido' and 'vazio'. */
  value: z
    .union([z.number().min(-NUMBER_ABS_MAX).max(NUMBER_ABS_MAX), z.boolean()])
    .nullable()
    .default(null),
});

/** 'Mostrar somente se': the conditions joined by 'e' (and) or 'ou' (or). */
const ShowIfSchema = z.object({
  join: z.enum(['and', 'or']).default('and'),
  conditions: z
    .array(ConditionSchema)
    .min(1, 'Informe ao menos uma condição')
    .max(CONDITIONS_MAX, `No máximo ${CONDITIONS_MAX} condições`),
});

/** The rules of a field, or of a column of a Lista; what a type does not use stays null. */
const FieldRulesSchema = z.object({
  required: z.boolean().default(false),
  /** Shown instead of 'Preencha este campo'. */
  required_message: OwnMessage,
  show_if: ShowIfSchema.nullable().default(null),
  /** Número: the smallest and largest value allowed (both included). */
  min: Limit,
  max: Limit,
  /** Data, Data/Hora: 'não pode ser futura'. */
  not_future: z.boolean().default(false),
  /** Data, Data/Hora: 'depois de' this day (not on it). */
  after: DateSchema.nullable().default(null),
  /** Texto: length, and a format (9 a digit, A a letter, * a letter or digit, the rest as is). */
  min_length: Length,
  max_length: Length,
  pattern: safeText()
    .max(PATTERN_MAX, `O formato deve ter no máximo ${PATTERN_MAX} caracteres`)
    .refine((value) => /[9A*]/.test(value), m.patternInvalid)
    .nullable()
    .default(null),
  /** Shown when the text does not follow the format ('Informe o receituário no formato …'). */
  pattern_message: OwnMessage,
  /** Shown when another rule breaks (minimum, maximum, dates, length); a default when null. */
  message: OwnMessage,
});

const ColumnRulesSchema = FieldRulesSchema.extend({ field_id: IdSchema });

/** A Lista's sum of a Número column, and its limit: a number, the rice area enrolled, or both. */
const ListTotalSchema = z.object({
  field_id: IdSchema,
  max: z.number().min(0).max(NUMBER_ABS_MAX).nullable().default(null),
  /** Not above the hectares of rice the request enrolled (`rice_area_ha`). */
  max_rice_area: z.boolean().default(false),
  message: OwnMessage,
});

/**
 * PUT /api/process/{processId}/form/{formId}/field/{fieldId}/logic (JSON), and what a form's field
 * carries: its rules in this form, a Lista's columns' rules and its total. Left out, a key keeps
 * its default (no rule).
 */
export const FieldLogicSchema = FieldRulesSchema.extend({
  columns: z
    .array(ColumnRulesSchema)
    .max(LIST_COLUMNS_MAX, `No máximo ${LIST_COLUMNS_MAX} colunas`)
    .default([]),
  total: ListTotalSchema.nullable().default(null),
});
export type FieldLogic = z.infer<typeof FieldLogicSchema>;
export type FieldLogicInput = z.input<typeof FieldLogicSchema>;

/** A field with no rule: every field of a form before issue 45, and every field just added. */
export const DEFAULT_FIELD_LOGIC: FieldLogic = {
  required: false,
  required_message: null,
  show_if: null,
  min: null,
  max: null,
  not_future: false,
  after: null,
  min_length: null,
  max_length: null,
  pattern: null,
  pattern_message: null,
  message: null,
  columns: [],
  total: null,
};

/** A field of a form, with its rules there (GET …/form/{formId}/fields and the builder's writes). */
export const FormFieldSchema = FieldSchema.extend({ logic: FieldLogicSchema });
export type FormField = z.infer<typeof FormFieldSchema>;
