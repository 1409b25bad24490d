/** Rural properties (businesses) of producers: spec §3 Property, §5 Property form. */
import { z } from 'zod';
import { InstanceCertificateSchema } from './certificates';
import {
  blankIsAbsent,
  ListQuerySchema,
  listSortSchema,
  nonBlankText,
  requiredText,
  safeText,
  toSaoPauloDay,
} from './common';
import { InstanceStatus } from './constants';
import { REGIONS } from './regions';
import { RenewalOfferSchema } from './safras';
import { messages } from './messages';
import {
  CAR_MIN_CHARACTERS,
  carCharacterCount,
  isCnpj,
  isCrea,
  normalizeCar,
  normalizeCnpj,
  normalizeCrea,
  onlyDigits,
} from './rules/documents';
import { isEmailAddress, normalizeEmail } from './rules/email';

const m = messages.properties;

const issue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** A licence validity: `YYYY-MM-DD` (or a full ISO date-time, reduced to its day in Brazil). */
const requiredDay = (required: string) =>
  safeText({ error: required })
    .nullable()
    .transform((value, ctx) => {
      if (!value?.trim()) return issue(ctx, required);
      return toSaoPauloDay(value.trim()) ?? issue(ctx, m.dateInvalid);
    });

const DECIMAL = /^[-+]?\d+([.,]\d+)?$/;

/** A number, or the text of one with a point or a comma (the form sends what was typed). */
const coordinate = (required: string, invalid: string, limit: number) =>
  z.union([z.number(), safeText(), z.null()], { error: required }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === null || text === '') return issue(ctx, required);
    if (typeof text === 'string' && !DECIMAL.test(text)) return issue(ctx, invalid);
    const number = typeof text === 'number' ? text : Number(text.replace(',', '.'));
    return Math.abs(number) <= limit ? number : issue(ctx, invalid);
  });

/** An optional text: absent, null and '' mean none (stored null); a value must not be only blanks. */
const optionalNonBlank = (invalid: string, max: number) =>
  safeText()
    .max(max, `No máximo ${max} caracteres`)
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      return value.trim() || issue(ctx, invalid);
    });

/** An optional document number: none when empty, else valid and stored normalized. */
const optionalDocument = (
  isValid: (value: string) => boolean,
  invalid: string,
  normalize: (value: string) => string,
) =>
  safeText()
    .max(40, invalid)
    .nullish()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      return isValid(value) ? normalize(value) : issue(ctx, invalid);
    });

/** Spec §5: the technician's phone has exactly 11 digits, mask (99) 99999-9999. */
export const isTechnicianPhone = (value: string): boolean =>
  /^[\d\s().-]+$/.test(value) && onlyDigits(value).length === 11;

export const CarSchema = requiredText(m.carRequired, 100)
  .refine((value) => value === '' || /^[0-9A-Za-z\s./-]+$/.test(value), {
    message: m.carInvalid,
    abort: true,
  })
  .refine((value) => value === '' || carCharacterCount(value) >= CAR_MIN_CHARACTERS, m.carTooShort)
  .transform(normalizeCar);

/**
 * The property form (register and edit), on the web and the server alike: POST
 * /api/property/register and PUT /api/property/{id}/edit take these fields (spec §3, §5).
 */
export const PropertyBodySchema = z.object({
  business_name: nonBlankText(m.businessNameRequired, m.businessNameInvalid, 200),
  business_type: nonBlankText(m.businessTypeRequired, m.businessTypeInvalid, 100),
  cnpj: requiredText(m.cnpjRequired, 30, m.cnpjInvalid)
    .refine((value) => value === '' || isCnpj(value), m.cnpjInvalid)
    .transform(normalizeCnpj),
  municipality: nonBlankText(m.municipalityRequired, m.municipalityInvalid, 100),
  irga: nonBlankText(m.irgaRequired, m.irgaRequired, 50),
  latitude: coordinate(m.latitudeRequired, m.latitudeInvalid, 90),
  longitude: coordinate(m.longitudeRequired, m.longitudeInvalid, 180),
  car_n: CarSchema,
  farming_lo_number: nonBlankText(m.farmingLoNumberRequired, m.farmingLoNumberRequired, 100),
  farming_lo_validity: requiredDay(m.farmingLoValidityRequired),
  drying_and_stock_lo_number: nonBlankText(m.dryingLoNumberRequired, m.dryingLoNumberRequired, 100),
  drying_and_stock_lo_validity: requiredDay(m.dryingLoValidityRequired),
  place: nonBlankText(m.placeRequired, m.placeRequired, 200),
  responsible_name: nonBlankText(m.responsibleNameRequired, m.responsibleNameInvalid, 200),
  responsible_technician_name: optionalNonBlank(m.technicianNameInvalid, 200),
  responsible_technician_phone: optionalDocument(
    isTechnicianPhone,
    m.technicianPhoneInvalid,
    onlyDigits,
  ),
  responsible_technician_crea: optionalDocument(isCrea, m.technicianCreaInvalid, normalizeCrea),
});
export type PropertyBody = z.infer<typeof PropertyBodySchema>;
export type PropertyFormInput = z.input<typeof PropertyBodySchema>;

/** PUT /api/property/{id}/edit: every field again, under the same rules as the registration. */
export const PropertyEditBodySchema = PropertyBodySchema;

const ownerEmail = safeText()
  .max(254, messages.register.emailInvalid)
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    return isEmailAddress(value.trim())
      ? normalizeEmail(value)
      : issue(ctx, messages.register.emailInvalid);
  });

/**
 * POST /api/property/register. A producer registers for themselves; a technician or an admin
 * registers for a producer named by `owner_email` (docs/decisions/006).
 */
export const PropertyRegisterBodySchema = PropertyBodySchema.extend({ owner_email: ownerEmail });
export type PropertyRegisterBody = z.infer<typeof PropertyRegisterBodySchema>;

/** The registration form of technicians and admins: the producer's e-mail is required. */
export const PropertyStaffRegisterFormSchema = PropertyBodySchema.extend({
  owner_email: ownerEmail.refine((value) => value !== undefined, m.ownerEmailRequired),
});
export type PropertyStaffRegisterFormInput = z.input<typeof PropertyStaffRegisterFormSchema>;

/**
 * The columns the property table sorts by: `business_name` is the alphabetical order of the spec's
 * list, `responsible_name` the property's responsible, `requests` how many seal requests it has.
 */
export const PROPERTY_SORT_KEYS = [
  'business_name',
  'cnpj',
  'municipality',
  'region',
  'responsible_name',
  'requests',
  'created_at',
] as const;
export type PropertySortKey = (typeof PROPERTY_SORT_KEYS)[number];

/** The filters of the property table, the list's and its export's alike (DESIGN §4c). */
export const PropertyFilterSchema = z.object({
  region: blankIsAbsent(z.enum(REGIONS, { error: messages.registry.regionInvalid }).optional()),
  /** Compared as `municipalityKey` (case, accents and spaces aside), whole. */
  municipality: blankIsAbsent(safeText().max(120).optional()),
  sort: listSortSchema(PROPERTY_SORT_KEYS),
});
export type PropertyFilter = z.infer<typeof PropertyFilterSchema>;

/**
 * GET /api/property/all and /search: a page of the caller's properties (all, for staff), of a
 * region or municipality, in the order asked for.
 */
export const PropertyListQuerySchema = ListQuerySchema.omit({ query: true }).extend(
  PropertyFilterSchema.shape,
);
export type PropertyListQuery = z.infer<typeof PropertyListQuerySchema>;
/** An empty `query` matches every property of /all. */
export const PropertySearchQuerySchema = PropertyListQuerySchema.extend({
  query: safeText().max(200).default(''),
});
export type PropertySearchQuery = z.infer<typeof PropertySearchQuerySchema>;

/** A seal request of the property, as its badges show it. */
export const PropertyInstanceSchema = z.object({
  id: z.uuid(),
  rejected: z.boolean(),
  initiated: z.boolean(),
  finished: z.boolean(),
  /** Null until a technician evaluates the request. */
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Derived from the flags by `instanceStatus` (spec §4). */
  status: z.enum(InstanceStatus),
  process: z.object({ id: z.uuid(), stamp: z.object({ name: z.string() }) }),
  /** The seal's certificate, once the instance is approved. */
  certificate: InstanceCertificateSchema.nullable(),
  /** The season of the process (`2026/27`). */
  safra: z.string(),
  /** For the owner of a certified instance whose seal's next season is open: 'Renovar…'. */
  renewal_offer: RenewalOfferSchema.nullable(),
});
export type PropertyInstance = z.infer<typeof PropertyInstanceSchema>;

/** A property as it leaves the server; its seal requests oldest first. */
export const PropertySchema = z.object({
  id: z.uuid(),
  /** The producer account the property belongs to. */
  owner: z.object({ id: z.uuid(), name: z.string() }),
  business_name: z.string(),
  business_type: z.string(),
  /** 14 characters, upper case, unformatted (letters in the first 12 for alphanumeric ones). */
  cnpj: z.string(),
  municipality: z.string(),
  irga: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  car_n: z.string(),
  farming_lo_number: z.string(),
  farming_lo_validity: z.iso.date(),
  drying_and_stock_lo_number: z.string(),
  drying_and_stock_lo_validity: z.iso.date(),
  place: z.string(),
  responsible_name: z.string(),
  responsible_technician_name: z.string().nullable(),
  /** 11 digits. */
  responsible_technician_phone: z.string().nullable(),
  /** 14 digits, zero-padded. */
  responsible_technician_crea: z.string().nullable(),
  process_instances: z.array(PropertyInstanceSchema),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Property = z.infer<typeof PropertySchema>;
