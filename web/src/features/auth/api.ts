import type {
  ForgotPasswordResponse,
  LoginBody,
  ResetPasswordBody,
  TokenResponse,
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
