import { z } from 'zod';
import { IdSchema, ListQuerySchema, safeText } from './common';
import { CONCLUSION_NOTE_MAX, STANDING_NOTE_MAX } from './constants';
import { messages } from './messages';

export { CONCLUSION_NOTE_MAX, STANDING_NOTE_MAX } from './constants';
import { SealLevelSchema } from './review';
import { CERTIFICATE_STANDINGS, StandingReasonSchema } from './safras';

const m = messages.certificates;

/**
 * PUT /api/process-instance/{id}/finish (JSON): 'Aprovar' or 'Reprovar' with the technician's
 * note; a failed process must say why.
 */
export const ConcludeBodySchema = z
  .object({
    approved: z.boolean({ error: m.approvedRequired }),
    /** Required to approve when the process offers levels. */
    level: SealLevelSchema.nullish().transform((value) => value ?? null),
    note: safeText({ error: m.noteInvalid })
      .max(CONCLUSION_NOTE_MAX, m.noteTooLong)
      .optional()
      .transform((value) => value?.trim() ?? ''),
  })
  .superRefine((body, ctx) => {
    if (!body.approved && body.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: m.noteRequired });
  });
export type ConcludeBody = z.input<typeof ConcludeBodySchema>;
export type ConcludeInput = z.output<typeof ConcludeBodySchema>;

/**
 * Where a certificate stands today (America/Sao_Paulo): inside its validity, before it (a seal
 * granted ahead of the cycle it certifies) or after it; an admin's suspension or revocation wins
 * over the dates.
 */
export const CERTIFICATE_STATUSES = [
  'valid',
  'upcoming',
  'expired',
  'suspended',
  'revoked',
] as const;
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatusSchema>;

/** A certificate as the instance page shows it to its producer and the staff. */
export const InstanceCertificateSchema = z.object({
  number: z.string(),
  status: CertificateStatusSchema,
  valid_from: z.iso.date(),
  valid_until: z.iso.date(),
  issued_at: z.iso.datetime({ offset: true }),
  /** 'Selo Prata' / 'Selo Ouro'; null when the process offers no levels. */
  level: SealLevelSchema.nullable(),
  /** Set by an admin (PUT /api/certificate/{number}/suspend|revoke|reinstate). */
  standing: z.enum(CERTIFICATE_STANDINGS),
  standing_reason: StandingReasonSchema.nullable(),
  /** The admin's note: for the producer and the staff only, never on /verificar. */
  standing_note: z.string().nullable(),
  standing_changed_at: z.iso.datetime({ offset: true }).nullable(),
  /** The season whose commercialisation it covers (`2026/27`). */
  safra: z.string(),
});
export type InstanceCertificate = z.infer<typeof InstanceCertificateSchema>;

/** GET /api/certificate/{number} and /pdf: any case, with or without dashes and prefix. */
export const CertificateNumberParamsSchema = z.object({
  number: safeText().max(64),
});

/**
 * GET /api/certificate/{number}: what a buyer needs to trust a seal, and nothing personal about
 * anyone (no CPF, phone or e-mail; the technician's name and CREA are their public credential).
 */
export const PublicCertificateSchema = z.object({
  number: z.string(),
  status: CertificateStatusSchema,
  valid_from: z.iso.date(),
  valid_until: z.iso.date(),
  issued_at: z.iso.datetime({ offset: true }),
  level: SealLevelSchema.nullable(),
  /** Suspended or revoked: the public reason category and when (never the admin's note). */
  standing: z
    .object({ reason: StandingReasonSchema, changed_at: z.iso.datetime({ offset: true }) })
    .nullable(),
  /** The season whose commercialisation it covers (`2026/27`). */
  safra: z.string(),
  property: z.object({
    business_name: z.string(),
    /** 14 characters, unformatted. */
    cnpj: z.string(),
    municipality: z.string(),
  }),
  seal: z.object({
    name: z.string(),
    description: z.string(),
    image_url: z.string().nullable(),
    /** The seal's public page is /request-process/{process_id}. */
    process_id: z.uuid(),
  }),
  /** Who concluded the process; null once the account is gone. */
  issued_by: z.object({ name: z.string(), crea: z.string().nullable() }).nullable(),
  /** The public page a QR code points to, and the PDF. */
  verification_url: z.string(),
  pdf_url: z.string(),
});
export type PublicCertificate = z.infer<typeof PublicCertificateSchema>;

/** GET /api/process/{processId}/holders */
export const HoldersParamsSchema = z.object({ processId: IdSchema });
export const HoldersQuerySchema = ListQuerySchema.omit({ query: true });
export type HoldersQuery = z.infer<typeof HoldersQuerySchema>;

/** A property holding a seal, as its public page lists it: no owner, no CNPJ, no number. */
export const SealHolderSchema = z.object({
  business_name: z.string(),
  municipality: z.string(),
  status: CertificateStatusSchema,
  valid_from: z.iso.date(),
  valid_until: z.iso.date(),
  level: SealLevelSchema.nullable(),
});
export type SealHolder = z.infer<typeof SealHolderSchema>;

const standingNote = safeText({ error: messages.standing.noteInvalid })
  .max(STANDING_NOTE_MAX, messages.standing.noteTooLong)
  .optional()
  .transform((value) => value?.trim() || null);

/** PUT /api/certificate/{number}/suspend and /revoke (JSON). */
export const StandingBodySchema = z.object({
  reason: StandingReasonSchema,
  note: standingNote,
});
export type StandingBody = z.input<typeof StandingBodySchema>;
export type StandingInput = z.output<typeof StandingBodySchema>;

/** PUT /api/certificate/{number}/reinstate (JSON). */
export const ReinstateBodySchema = z.object({ note: standingNote });
export type ReinstateBody = z.input<typeof ReinstateBodySchema>;
export type ReinstateInput = z.output<typeof ReinstateBodySchema>;
