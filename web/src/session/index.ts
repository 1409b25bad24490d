/**
 * The session: who is signed in. Mount <SessionProvider> once (app/providers.tsx); read it with
 * `const { status, user, token, login, logout, refreshUser } = useSession()`.
 * Guard pages with <RequireAuth roles={['admin']}> (as a wrapper or a layout route element).
 */
export { useSession } from './session-context';
export type { Session, SessionStatus, SessionUser } from './session-context';
export { SessionProvider } from './session-provider';
export { homePathFor, destinationAfterLogin, safeNext } from './home-path';
export { SESSION_QUERY_KEY, prefetchSessionUser, sessionUserQuery } from './session-query';
