import { api } from '../../api';
import type { SessionUser } from './session-context';

export const SESSION_QUERY_KEY = ['session', 'user'] as const;

export const sessionUserKey = (token: string | null) => [...SESSION_QUERY_KEY, token] as const;

export const fetchSessionUser = (token: string, signal?: AbortSignal) =>
  api.get<SessionUser>('/auth/info', { token, signal });
