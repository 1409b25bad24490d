/**
 * The public registry of certificates (`/certificados`, DESIGN §4b) and the producer's consent
 * to appear in it. The registry shows the property and its seal, never a person: no CPF, CNPJ,
 * e-mail, phone or name.
 */
import { z } from 'zod';
import { IdSchema, ListQuerySchema, safeText } from './common';
import { messages } from './messages';
import { REGIONS } from './regions';
import { SealLevelSchema, SEAL_LEVELS } from './review';
import { SafraFilterSchema } from './safras';

const m = messages.registry;
const DateTime = z.iso.datetime({ offset: true });

/** The level filter: a seal's level, or certificates of processes that grant none. */
export const REGISTRY_LEVELS = [...SEAL_LEVELS, 'sem_nivel'] as const;
export type RegistryLevel = (typeof REGISTRY_LEVELS)[number];
export const REGISTRY_LEVEL_LABELS: Record<RegistryLevel, string> = {
  prata: 'Prata',
  ouro: 'Ouro',
  sem_nivel: 'Sem nível',
};

/** The filters of GET /api/registry and /api/registry.csv; blank texts filter nothing. */
export const RegistryFilterSchema = z.object({
  query: safeText().max(200).optional(),
  process_id: IdSchema.optional(),
  safra: SafraFilterSchema,
  level: z.enum(REGISTRY_LEVELS, { error: m.levelInvalid }).optional(),
  region: z.enum(REGIONS, { error: m.regionInvalid }).optional(),
  municipality: safeText().max(120).optional(),
});
export type RegistryFilter = z.infer<typeof RegistryFilterSchema>;

export const RegistryQuerySchema = ListQuerySchema.omit({ query: true }).extend(
  RegistryFilterSchema.shape,
);
export type RegistryQuery = z.infer<typeof RegistryQuerySchema>;

/** One certificate in the registry: the property, its seal and validity; nothing personal. */
export const RegistryEntrySchema = z.object({
  certificate_number: z.string(),
  business_name: z.string(),
  municipality: z.string(),
  region: z.enum(REGIONS),
  region_label: z.string(),
  seal: z.object({ name: z.string(), process_id: z.uuid() }),
  safra: z.string(),
  level: SealLevelSchema.nullable(),
  valid_from: z.iso.date(),
  valid_until: z.iso.date(),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

/** PUT /api/process-instance/{id}/publish-consent. */
export const PublishConsentBodySchema = z.object({
  consent: z.boolean({ error: m.consentRequired }),
});
export type PublishConsentBody = z.infer<typeof PublishConsentBodySchema>;

/** The consent as it stands: `consent_at` is when it was last granted or withdrawn. */
export const PublishConsentSchema = z.object({
  consent: z.boolean(),
  consent_at: DateTime.nullable(),
});
export type PublishConsent = z.infer<typeof PublishConsentSchema>;

/** GET /api/auth/publication-consents: one per request of the caller's that may be certified. */
export const PublicationConsentSchema = z.object({
  process_instance_id: z.uuid(),
  business_name: z.string(),
  seal_name: z.string(),
  safra: z.string(),
  certificate_number: z.string().nullable(),
  consent: z.boolean(),
  consent_at: DateTime.nullable(),
});
export type PublicationConsent = z.infer<typeof PublicationConsentSchema>;
