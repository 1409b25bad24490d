import { z } from 'zod';
import { nonBlankText, requiredText, safeText, validText } from './common';
import { RoleSchema } from './enums';
import { messages } from './messages';
import { isCpf, isCrea, isPhone, normalizeCrea, onlyDigits } from './rules/documents';
import { isEmailAddress, normalizeEmail } from './rules/email';

const m = messages.register;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 15;
/** Wrong tries one code survives; after them only a new code (resend) activates the account. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const RESEND_CODE_COOLDOWN_SECONDS = 60;

export const EmailSchema = validText(
  m.emailRequired,
  (value) => isEmailAddress(value.trim()),
  m.emailInvalid,
  254,
).transform(normalizeEmail);

export const FirstNameSchema = nonBlankText(m.firstNameRequired, m.firstNameInvalid, 100);
export const LastNameSchema = nonBlankText(m.lastNameRequired, m.lastNameInvalid, 100);
export const CpfSchema = validText(m.cpfRequired, isCpf, m.cpfInvalid, 20).transform(onlyDigits);
export const PhoneSchema = validText(m.phoneRequired, isPhone, m.phoneInvalid, 20).transform(
  onlyDigits,
);
export const PasswordSchema = requiredText(
  m.passwordRequired,
  PASSWORD_MAX,
  m.passwordTooLong,
).refine((value) => value === '' || value.length >= PASSWORD_MIN, m.passwordTooShort);
export const CreaSchema = validText(m.creaInvalid, isCrea, m.creaInvalid, 30).transform(
  normalizeCrea,
);

/** POST /api/auth/register (multipart): what the server receives. */
export const RegisterBodySchema = z.object({
  email: EmailSchema,
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  cpf: CpfSchema,
  phone: PhoneSchema,
  password: PasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The sign-up form: the body plus the confirmation, checked on the client. */
export const RegisterFormSchema = RegisterBodySchema.extend({
  confirm_password: requiredText(m.confirmRequired, PASSWORD_MAX),
}).refine((form) => form.password === form.confirm_password, {
  message: m.passwordsDiffer,
  path: ['confirm_password'],
  // Checked alongside the other fields' errors, not only once every field is valid.
  when: (payload) => {
    const value = payload.value as Partial<Record<'password' | 'confirm_password', unknown>>;
    return typeof value.password === 'string' && typeof value.confirm_password === 'string';
  },
});
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;

/** POST /api/auth/token (form-encoded, OAuth2 password style). */
export const LoginBodySchema = z.object({
  username: validText(
    messages.login.emailRequired,
    (value) => isEmailAddress(value.trim()),
    messages.login.emailInvalid,
    254,
  ),
  password: requiredText(messages.login.passwordRequired, PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** POST /api/auth/activate (multipart). */
export const ActivateBodySchema = z.object({
  code: safeText({ error: messages.auth.codeRequired })
    .trim()
    .min(1, messages.auth.codeRequired)
    .max(20, messages.auth.codeWrong),
});
export type ActivateBody = z.infer<typeof ActivateBodySchema>;

/** The user as it leaves the server: never the hash nor internal counters. */
export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  cpf: z.string(),
  phone: z.string(),
  role: RoleSchema,
  crea: z.string().nullable(),
  disabled: z.boolean(),
  pending: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** PUT /api/auth/update: exactly one field of one's own account. */
export const UpdateSelfBodySchema = z
  .object({
    email: EmailSchema.optional(),
    first_name: FirstNameSchema.optional(),
    last_name: LastNameSchema.optional(),
    cpf: CpfSchema.optional(),
    phone: PhoneSchema.optional(),
    crea: CreaSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).filter((value) => value !== undefined).length === 1, {
    message: messages.profile.exactlyOneField,
  });
export type UpdateSelfBody = z.infer<typeof UpdateSelfBodySchema>;

/** PUT /api/auth/update answers the user, and a new token when the change ended older ones. */
export const UpdateSelfResponseSchema = UserSchema.extend({
  /** Only after an e-mail change: every older token stopped working, so store this one. */
  access_token: z.string().optional(),
});
export type UpdateSelfResponse = z.infer<typeof UpdateSelfResponseSchema>;

/** POST /api/auth/resend-code: where the new code went and when it stops working. */
export const ResendCodeResponseSchema = z.object({
  email: z.string(),
  expires_at: z.iso.datetime(),
  /** Seconds before another resend is accepted. */
  resend_after: z.number().int(),
});
export type ResendCodeResponse = z.infer<typeof ResendCodeResponseSchema>;
