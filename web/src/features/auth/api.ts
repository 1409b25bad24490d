import type {
  ActivateBody,
  ForgotPasswordResponse,
  LoginBody,
  RegisterBody,
  ResendCodeResponse,
  ResetPasswordBody,
  TokenResponse,
  UpdateSelfResponse,
  User,
} from '@agroselo/contracts';
import { api, type Camel } from '../../api';

/** POST /api/auth/token, form-encoded as OAuth2 password logins are. */
export function requestToken({ username, password }: LoginBody) {
  const body = new URLSearchParams({ username: username.trim(), password });
  return api.post<Camel<TokenResponse>>('/auth/token', body, { auth: false });
}

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return api.post<Camel<ForgotPasswordResponse>>(
    '/auth/forgot-password',
    { email },
    { auth: false },
  );
}

/** POST /api/auth/reset-password, multipart with the wire names. */
export function resetPassword(body: ResetPasswordBody) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  return api.post<void>('/auth/reset-password', form, { auth: false });
}

/** POST /api/auth/register, multipart with the wire names (spec §7). */
export function registerAccount(body: RegisterBody) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  return api.post<Camel<User>>('/auth/register', form, { auth: false });
}

/** POST /api/auth/activate, multipart `code`. */
export function activateAccount({ code }: ActivateBody) {
  const form = new FormData();
  form.append('code', code);
  return api.post<Camel<User>>('/auth/activate', form);
}

/** POST /api/auth/resend-code: a new code replaces the previous one. */
export function resendCode() {
  return api.post<Camel<ResendCodeResponse>>('/auth/resend-code');
}

/**
 * PUT /api/auth/update with only `email`: a pending account corrects a mistyped address. The
 * code goes to the new one, and the answer's token replaces the session's (older ones end).
 */
export function correctEmail(email: string) {
  return api.put<Camel<UpdateSelfResponse>>('/auth/update', { email });
}
