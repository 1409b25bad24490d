import type {
  ActivateBody,
  RegisterBody,
  ResendCodeResponse,
  UpdateSelfResponse,
  User,
} from '@agroselo/contracts';
import { api, type Camel } from '../../api';

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
