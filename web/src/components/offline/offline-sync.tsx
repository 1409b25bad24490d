import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tokenStore } from '../../api';

/**
 * Sends the signed-in account's outbox by itself (src/offline/runner.ts), and has the pages read
 * anew what each write changed once the server took it. Its code comes once there is a session.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(
    tokenStore.subscribe,
    () => tokenStore.get() !== null,
    () => false,
  );
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('../../offline/runner').then(({ onSent, startOutbox }) => {
      if (ended) return;
      const stopSent = onSent(() => void queryClient.invalidateQueries());
      const stopOutbox = startOutbox();
      stop = () => {
        stopSent();
        stopOutbox();
      };
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [signedIn, queryClient]);
  return null;
}
