/** LGPD self-service: the caller's own data as a file, and the deletion of their account. */
import { z } from 'zod';
import { CodeSchema, UserSchema } from './auth';
import { PropertySchema } from './properties';
import { PublicationConsentSchema } from './registry';

/** POST /api/auth/delete-account/confirm: the code e-mailed by POST /api/auth/delete-account. */
export const DeleteAccountConfirmBodySchema = z.object({ code: CodeSchema });
export type DeleteAccountConfirmBody = z.infer<typeof DeleteAccountConfirmBodySchema>;

const DateTime = z.iso.datetime({ offset: true });

/** GET /api/auth/my-data: everything the platform holds about the caller (LGPD art. 18). */
export const MyDataSchema = z.object({
  generated_at: DateTime,
  account: UserSchema.extend({ created_at: DateTime, updated_at: DateTime }),
  /** What the account agreed to, and when. */
  consents: z.array(z.object({ consent: z.string(), accepted_at: DateTime })),
  /** Per request: whether the property may appear in the public registry, and since when. */
  publication_consents: z.array(PublicationConsentSchema),
  /** As the property screens show them, without the requests (listed below). */
  properties: z.array(PropertySchema.omit({ owner: true, process_instances: true })),
  /** The seal requests of the caller's properties. */
  requests: z.array(
    z.object({
      id: z.uuid(),
      property_id: z.uuid(),
      seal: z.string(),
      status: z.string(),
      requested_at: DateTime,
      certificate_number: z.string().nullable(),
    }),
  ),
  /** Every filled field of those requests; a Lista's cells carry their row's number. */
  answers: z.array(
    z.object({
      request_id: z.uuid(),
      form: z.string(),
      field: z.string(),
      row: z.number().int().nullable(),
      content: z.string().nullable(),
      updated_at: DateTime,
    }),
  ),
  /** The names of the files sent as proofs (the files themselves are downloaded from each form). */
  files: z.array(
    z.object({
      request_id: z.uuid(),
      form: z.string(),
      field: z.string(),
      filename: z.string(),
      size: z.number().int(),
      uploaded_at: DateTime,
    }),
  ),
  /** The account's history, as the administrators see it. */
  events: z.array(z.object({ type: z.string(), message: z.string(), created_at: DateTime })),
});
export type MyData = z.infer<typeof MyDataSchema>;
