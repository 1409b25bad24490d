import type { LoginBody, TokenResponse } from '@agroselo/contracts';
import { api, type Camel } from '../../api';

/** POST /api/auth/token, form-encoded as OAuth2 password logins are. */
export function requestToken({ username, password }: LoginBody) {
  const body = new URLSearchParams({ username: username.trim(), password });
  return api.post<Camel<TokenResponse>>('/auth/token', body, { auth: false });
}
