import { z } from 'zod';
import { STANDING_REASONS } from './constants';
import { messages } from './messages';
import { parseRiceArea } from './rules/rice-area';

export { STANDING_REASON_LABELS, STANDING_REASONS, type StandingReason } from './constants';
export { parseRiceArea, RICE_AREA_MAX_HA, type RiceAreaCheck } from './rules/rice-area';

const m = messages.safras;

/**
 * A safra (crop season) as IRGA writes it: `2026/27`, the second year the first plus one
 * (DESIGN §4b). A process belongs to one; its certificates serve that season's commercialisation.
 */
export const SAFRA_PATTERN = /^(\d{4})\/(\d{2})$/;

export const isSafra = (value: string): boolean => {
  const match = SAFRA_PATTERN.exec(value);
  if (!match) return false;
  const first = Number(match[1]);
  return (first + 1) % 100 === Number(match[2]);
};

/** The season after `safra`: `2026/27` → `2027/28`. */
export const nextSafra = (safra: string): string => {
  const first = Number(safra.slice(0, 4)) + 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
};

/** The season a date falls in: planting starts in the second half of the year. */
export const safraOf = (isoDate: string): string => {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const first = month >= 7 ? year : year - 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
};

export const SafraSchema = z
  .string({ error: m.safraRequired })
  .trim()
  .min(1, m.safraRequired)
  .refine(isSafra, m.safraInvalid);

/**
 * Why an admin suspended or revoked a certificate. The category is public (on /verificar); the
 * free note stays inside the platform, as it may name people.
 */
export const CERTIFICATE_STANDINGS = ['valid', 'suspended', 'revoked'] as const;
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];

export const StandingReasonSchema = z.enum(STANDING_REASONS, { error: m.reasonRequired });

/** What the expiry alerts job watches (DESIGN §4b), and how many days before it warns. */
export const EXPIRY_ALERT_KINDS = ['farming_lo', 'drying_lo', 'certificate'] as const;
export type ExpiryAlertKind = (typeof EXPIRY_ALERT_KINDS)[number];
export const LICENCE_ALERT_DAYS = [60, 30, 7, 0] as const;
export const CERTIFICATE_ALERT_DAYS = [30] as const;

/**
 * An optional `?safra=` filter (lists, the registry, the reports); a malformed one is invalid
 * input like any other, 422 with its `loc` (DESIGN §4).
 */
export const SafraFilterSchema = z.preprocess(
  // Blank means no filter, as a cleared select sends it.
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().refine(isSafra, m.safraInvalid).optional(),
);

/** `rice_area_ha` of a request: a string (multipart) or a number (JSON), parsed to hectares. */
export const RiceAreaSchema = z
  .union([z.string(), z.number()], { error: m.riceAreaRequired })
  .transform((raw, ctx) => {
    const checked = parseRiceArea(raw);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/** A yes/no of a multipart form ('true'/'false') or JSON (boolean); absent is false. */
export const MultipartFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: m.flagInvalid })
  .optional()
  .transform((value) => value === true || value === 'true');

/**
 * A certified instance whose seal has a released next season open for requests today, not yet
 * renewed: the owner is offered 'Renovar para a safra …'.
 */
export const RenewalOfferSchema = z.object({ process_id: z.uuid(), safra: z.string() });
export type RenewalOffer = z.infer<typeof RenewalOfferSchema>;

/** The previous season's certified instance a renewal continues. */
export const RenewalOfSchema = z.object({
  id: z.uuid(),
  safra: z.string(),
  certificate_number: z.string().nullable(),
});
export type RenewalOf = z.infer<typeof RenewalOfSchema>;

/** A field's answer last season, for the technician's comparison (null: no renewal, or a new field). */
export const LastSeasonSchema = z.object({
  content: z.string().nullable(),
  /** Rows of a Lista last season (0 for the other types). */
  rows: z.number().int().min(0),
  proof_filename: z.string().nullable(),
  /** Whether this season's answer differs from last season's (content, rows or proof). */
  changed: z.boolean(),
});
export type LastSeason = z.infer<typeof LastSeasonSchema>;

/** PUT /api/process-instance/{id}/form/{formId}/confirm: the carried answers kept as they are. */
export const ConfirmCarriedBodySchema = z
  .object({
    /** Left out: every carried field of the form. */
    field_ids: z
      .array(z.uuid({ error: messages.common.invalidId }))
      .max(5000)
      .optional(),
  })
  .nullish()
  .transform((body) => ({ field_ids: body?.field_ids }));
export type ConfirmCarriedBody = z.input<typeof ConfirmCarriedBodySchema>;
