import { tokenStore } from '../api';
import { accountOf } from '../device/account';
import { SYNC_NOW } from './messages';
import { retryNow, sendWaiting, type OutboxItem } from './outbox';
import { requestBackgroundSync } from './register';
import { sendItem } from './send';

let timer: number | undefined;
let running: Promise<void> | null = null;
let again = false;
const sentListeners = new Set<(item: OutboxItem) => void>();

/** Told of each item the server took (the pages showing it read it anew). */
export function onSent(listener: (item: OutboxItem) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

async function run(): Promise<void> {
  const account = accountOf(tokenStore.get());
  // A browser that knows it has no network at all: the `online` event starts the next try.
  if (!account || !navigator.onLine) return;
  const work = async () => {
    const next = await sendWaiting(account, sendItem, (item) =>
      sentListeners.forEach((listener) => listener(item)),
    );
    window.clearTimeout(timer);
    if (next !== null) {
      timer = window.setTimeout(() => void flushOutbox(), Math.max(0, next - Date.now()));
      void requestBackgroundSync();
    }
  };
  // One sender per account on this device: two tabs would send the same item twice (harmless,
  // the key replays the answer) and could overtake each other's order.
  if (navigator.locks) await navigator.locks.request('agroselo-outbox', work);
  else await work();
}

/** Sends what waits now (or once the send under way has ended). */
export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = run()
    .catch(() => undefined)
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void flushOutbox();
      }
    });
  return running;
}

/**
 * Sends the outbox by itself: now, when the link returns (`online`, and Background Sync's wake-up
 * through the service worker), when an account signs in, and at each item's next try.
 */
export function startOutbox(): () => void {
  const back = () => {
    const account = accountOf(tokenStore.get());
    if (account) void retryNow(account).then(flushOutbox);
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === SYNC_NOW) back();
  };
  window.addEventListener('online', back);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  const stopWatching = tokenStore.subscribe(() => void flushOutbox());
  void flushOutbox();
  return () => {
    window.removeEventListener('online', back);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    stopWatching();
    window.clearTimeout(timer);
  };
}
