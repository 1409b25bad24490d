/** LGPD self-service: the caller's own data as a file, and the deletion of their account. */
import { z } from 'zod';
import { CodeSchema, UserSchema } from './auth';

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
  properties: z.array(
    z.object({
      id: z.uuid(),
      business_name: z.string(),
      business_type: z.string(),
      cnpj: z.string(),
      municipality: z.string(),
      place: z.string(),
      irga: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      car_n: z.string(),
      farming_lo_number: z.string(),
      farming_lo_validity: z.string(),
      drying_and_stock_lo_number: z.string(),
      drying_and_stock_lo_validity: z.string(),
      responsible_name: z.string(),
      responsible_technician_name: z.string().nullable(),
      responsible_technician_phone: z.string().nullable(),
      responsible_technician_crea: z.string().nullable(),
      created_at: DateTime,
    }),
  ),
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
