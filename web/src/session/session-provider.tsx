import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { messages } from '@agroselo/contracts';
import { isApiError, NETWORK_ERROR_STATUS, onUnauthorized, tokenStore } from '../api';
import { SessionContext, type Session, type SessionStatus } from './session-context';
import {
  SESSION_QUERY_KEY,
  fetchSessionUser,
  sessionUserKey,
  sessionUserQuery,
} from './session-query';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The same token on both sides of a hydration: the server renders a signed-in page with the
  // session cookie's (tokenStore reads it there), the browser hydrates it with the stored one
  // (index.html keeps the page only when they are the same); a public page is prerendered and
  // hydrated without one.
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
  const [signedOut, setSignedOut] = useState(false);

  const userQuery = useQuery(sessionUserQuery(token));

  // Spec §4: a stored token that fails /auth/info is dropped; not for want of a connection (at
  // the farm, with nothing stored yet), which says nothing of the token.
  const failed =
    token !== null &&
    userQuery.isError &&
    !(isApiError(userQuery.error) && userQuery.error.status === NETWORK_ERROR_STATUS);
  useEffect(() => {
    if (failed) tokenStore.clear();
  }, [failed]);

  // Whatever ends a session (logout, 401, another tab) leaves no data of that account behind.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current !== null && token === null) queryClient.clear();
    previousToken.current = token;
  }, [token, queryClient]);

  useEffect(
    () =>
      onUnauthorized(() =>
        notifications.show({ color: 'yellow', message: messages.auth.sessionExpired }),
      ),
    [],
  );

  const login = useCallback(
    async (newToken: string, remember: boolean) => {
      const user = await fetchSessionUser(newToken);
      const current = tokenStore.get();
      if (current !== null && current !== newToken) queryClient.clear();
      queryClient.setQueryData(sessionUserKey(newToken), user);
      tokenStore.set(newToken, remember);
      setSignedOut(false);
      return user;
    },
    [queryClient],
  );

  const replaceToken = useCallback(
    async (newToken: string) => {
      const user = await fetchSessionUser(newToken);
      queryClient.setQueryData(sessionUserKey(newToken), user);
      tokenStore.replace(newToken);
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    setSignedOut(true);
    tokenStore.clear();
  }, []);

  const refreshUser = useCallback(
    () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    [queryClient],
  );

  const user = token ? (userQuery.data ?? null) : null;
  const status: SessionStatus = user
    ? 'authenticated'
    : token && !userQuery.isError
      ? 'loading'
      : 'anonymous';

  const session = useMemo<Session>(
    () => ({
      status,
      user,
      token: user ? token : null,
      login,
      replaceToken,
      logout,
      signedOut,
      refreshUser,
    }),
    [status, user, token, login, replaceToken, logout, signedOut, refreshUser],
  );

  return <SessionContext value={session}>{children}</SessionContext>;
}
