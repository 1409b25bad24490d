import { z } from 'zod';
import { messages } from './messages';
import { toSaoPauloDay } from './constants';

export { toSaoPauloDay } from './constants';

// Messages zod writes itself (unknown keys, wrong types) in Portuguese too. Set here, where the
// shared rules of every schema live, rather than in the index: a bundle that uses no schema (the
// web app's first screen) then leaves zod out.
z.config(z.locales.pt());

/** PostgreSQL refuses text holding U+0000: every text input refuses it first, in pt-BR. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/** The base of every text input of the API: a string without NUL characters. */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, messages.common.invalidCharacter);

export const IdSchema = z.uuid({ error: messages.common.invalidId });
export const IdParamsSchema = z.object({ id: IdSchema });

/** `YYYY-MM-DD`; a full ISO date-time is accepted too and reduced to its day in America/Sao_Paulo. */
export const DateSchema = z.string({ error: 'Data inválida' }).transform((value, ctx) => {
  const day = toSaoPauloDay(value);
  if (!day) {
    ctx.addIssue({ code: 'custom', message: 'Data inválida' });
    return z.NEVER;
  }
  return day;
});

/** A query-string value where blank means absent, as a cleared select or text box sends it. */
export const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

/**
 * The `sort` of a staff list (DESIGN §4c): one of `keys`, `-` in front for the reverse order;
 * blank or absent is the list's own order.
 */
export const listSortSchema = <const K extends readonly [string, ...string[]]>(keys: K) =>
  blankIsAbsent(
    z
      .enum(
        [...keys, ...keys.map((key) => `-${key}` as const)] as [
          K[number] | `-${K[number]}`,
          ...(K[number] | `-${K[number]}`)[],
        ],
        { error: messages.common.sortInvalid(keys) },
      )
      .optional(),
  );

export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  query: safeText().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const ErrorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;
export const ValidationErrorBodySchema = z.object({ detail: z.array(ValidationIssueSchema) });

/** A required text: missing and empty both answer the same pt-BR message. */
export const requiredText = (
  required: string,
  max = 255,
  tooLong = `No máximo ${max} caracteres`,
) => safeText({ error: required }).min(1, required).max(max, tooLong);

/** An optional text; blank counts as absent. */
export const optionalText = (max = 255, tooLong = `No máximo ${max} caracteres`) =>
  safeText()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A required text with a rule of its own; an empty value answers only the "required" message. */
export const validText = (
  required: string,
  isValid: (value: string) => boolean,
  invalid: string,
  max = 255,
) =>
  requiredText(required, max, invalid).refine((value) => value === '' || isValid(value), invalid);

/** A required text that must not be only blanks; stored trimmed. */
export const nonBlankText = (required: string, blank: string, max = 255) =>
  requiredText(required, max)
    .refine((value) => value === '' || value.trim().length > 0, blank)
    .transform((value) => value.trim());
