import { z } from 'zod';
import { messages } from './messages';

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

/** The rice area enrolled on a request, in hectares: > 0, two decimals at most. */
export const RICE_AREA_MAX_HA = 1_000_000;

/**
 * Why an admin suspended or revoked a certificate. The category is public (on /verificar); the
 * free note stays inside the platform, as it may name people.
 */
export const CERTIFICATE_STANDINGS = ['valid', 'suspended', 'revoked'] as const;
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];

export const STANDING_REASONS = [
  'nonconformity',
  'documentation',
  'license',
  'producer_request',
  'other',
] as const;
export const StandingReasonSchema = z.enum(STANDING_REASONS, { error: m.reasonRequired });
export type StandingReason = z.infer<typeof StandingReasonSchema>;

export const STANDING_REASON_LABELS: Record<StandingReason, string> = {
  nonconformity: 'Não conformidade constatada',
  documentation: 'Irregularidade documental',
  license: 'Licença ambiental vencida ou cassada',
  producer_request: 'A pedido do produtor',
  other: 'Outro motivo',
};

/** What the expiry alerts job watches (DESIGN §4b), and how many days before it warns. */
export const EXPIRY_ALERT_KINDS = ['farming_lo', 'drying_lo', 'certificate'] as const;
export type ExpiryAlertKind = (typeof EXPIRY_ALERT_KINDS)[number];
export const LICENCE_ALERT_DAYS = [60, 30, 7, 0] as const;
export const CERTIFICATE_ALERT_DAYS = [30] as const;
