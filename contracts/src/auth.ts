import { z } from 'zod';
import { nonBlankText, requiredText, safeText, validText } from './common';
import { RoleSchema } from './enums';
import { messages } from './messages';
import { isCpf, isCrea, isPhone, normalizeCrea, onlyDigits } from './rules/documents';
import { isEmailAddress, normalizeEmail } from './rules/email';
import { passwordMatchesCpf, passwordMatchesEmail } from './rules/password';

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

const mp = messages.password;

/** For object-level rules that must run beside the fields' own errors, not only once all pass. */
const holdsStrings =
  (...keys: string[]) =>
  (payload: { value: unknown }): boolean => {
    const value = payload.value as Record<string, unknown> | null;
    return (
      typeof value === 'object' &&
      value !== null &&
      keys.every((key) => typeof value[key] === 'string')
    );
  };

/** The identity rules of the password policy (the common list is checked by the server). */
const notLikeEmail = (passwordKey: string) => ({
  message: mp.sameAsEmail,
  path: [passwordKey],
  when: holdsStrings(passwordKey, 'email'),
});
const notLikeCpf = {
  message: mp.sameAsCpf,
  path: ['password'],
  when: holdsStrings('password', 'cpf'),
};

const RegisterFieldsSchema = z.object({
  email: EmailSchema,
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  cpf: CpfSchema,
  phone: PhoneSchema,
  password: PasswordSchema,
});

/** POST /api/auth/register (multipart): what the server receives. */
export const RegisterBodySchema = RegisterFieldsSchema.refine(
  (body) => !passwordMatchesEmail(body.password, body.email),
  notLikeEmail('password'),
).refine((body) => !passwordMatchesCpf(body.password, body.cpf), notLikeCpf);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** The sign-up form: the body plus the confirmation, checked on the client. */
export const RegisterFormSchema = RegisterFieldsSchema.extend({
  confirm_password: requiredText(m.confirmRequired, PASSWORD_MAX),
})
  .refine((form) => !passwordMatchesEmail(form.password, form.email), notLikeEmail('password'))
  .refine((form) => !passwordMatchesCpf(form.password, form.cpf), notLikeCpf)
  .refine((form) => form.password === form.confirm_password, {
    message: m.passwordsDiffer,
    path: ['confirm_password'],
    when: holdsStrings('password', 'confirm_password'),
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

/** A code as typed or pasted; spaces and dashes are forgiven by the server. */
export const CodeSchema = safeText({ error: messages.auth.codeRequired })
  .trim()
  .min(1, messages.auth.codeRequired)
  .max(20, messages.auth.codeWrong);

/** POST /api/auth/activate (multipart). */
export const ActivateBodySchema = z.object({ code: CodeSchema });
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

/** POST /api/auth/forgot-password (form or JSON). */
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** The same answer whether or not an account has the address, so it reveals none. */
export const ForgotPasswordResponseSchema = z.object({
  email: z.string(),
  /** Seconds before asking again sends another code. */
  resend_after: z.number().int(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

const ResetPasswordFieldsSchema = z.object({
  email: EmailSchema,
  code: CodeSchema,
  password: PasswordSchema,
});

/** POST /api/auth/reset-password (multipart or JSON): the code of the e-mail and a new password. */
export const ResetPasswordBodySchema = ResetPasswordFieldsSchema.refine(
  (body) => !passwordMatchesEmail(body.password, body.email),
  notLikeEmail('password'),
);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ResetPasswordFormSchema = ResetPasswordFieldsSchema.extend({
  confirm_password: requiredText(m.confirmRequired, PASSWORD_MAX),
})
  .refine((form) => !passwordMatchesEmail(form.password, form.email), notLikeEmail('password'))
  .refine((form) => form.password === form.confirm_password, {
    message: m.passwordsDiffer,
    path: ['confirm_password'],
    when: holdsStrings('password', 'confirm_password'),
  });
export type ResetPasswordFormInput = z.input<typeof ResetPasswordFormSchema>;

const ChangePasswordFieldsSchema = z.object({
  current_password: requiredText(mp.currentRequired, PASSWORD_MAX),
  new_password: PasswordSchema,
});
const differsFromCurrent = {
  message: mp.sameAsCurrent,
  path: ['new_password'],
  when: holdsStrings('current_password', 'new_password'),
};

/** PUT /api/auth/password (JSON): answers a fresh token, as every other session ends. */
export const ChangePasswordBodySchema = ChangePasswordFieldsSchema.refine(
  (body) => body.new_password !== body.current_password,
  differsFromCurrent,
);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePasswordFormSchema = ChangePasswordFieldsSchema.extend({
  confirm_password: requiredText(m.confirmRequired, PASSWORD_MAX),
})
  .refine((form) => form.new_password !== form.current_password, differsFromCurrent)
  .refine((form) => form.new_password === form.confirm_password, {
    message: m.passwordsDiffer,
    path: ['confirm_password'],
    when: holdsStrings('new_password', 'confirm_password'),
  });
export type ChangePasswordFormInput = z.input<typeof ChangePasswordFormSchema>;
