import { createContext, useContext } from 'react';
import type { User } from '@agroselo/contracts';
import type { Camel } from '../api';

/** The signed-in account: id, email, firstName, lastName, cpf, phone, role, crea, disabled, pending. */
export type SessionUser = Camel<User>;

/** 'loading' while a stored token is being checked against /api/auth/info. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  /**
   * Checks the token with GET /api/auth/info, then keeps it (localStorage when `remember`,
   * sessionStorage otherwise) and resolves with the user. Rejects with ApiError, keeping nothing.
   */
  login(token: string, remember: boolean): Promise<SessionUser>;
  /**
   * Keeps a new token of the same account where the current one is kept, once GET
   * /api/auth/info accepts it (after an e-mail change ended the older tokens). Resolves with
   * the user as that token sees it.
   */
  replaceToken(token: string): Promise<SessionUser>;
  /** Forgets the token and every cached query. Navigating away is the caller's choice. */
  logout(): void;
  /**
   * True once the user signed out here (until the next login): guarded pages then send home
   * rather than to the login, whichever renders first, the page left or the page arrived at.
   */
  signedOut: boolean;
  /** Reloads the user, e.g. after the profile changed one of its fields. */
  refreshUser(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
