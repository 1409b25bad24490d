import { useSyncExternalStore } from 'react';
import { tokenStore } from '../api';
import { accountOf } from '../device/account';
import { onOutboxChange, outboxItems, type OutboxItem } from './outbox';

const NONE: OutboxItem[] = [];
let snapshot: OutboxItem[] = NONE;
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;
let reading = 0;

async function read() {
  const turn = (reading += 1);
  const account = accountOf(tokenStore.get());
  let items = NONE;
  try {
    if (account) items = await outboxItems(account);
  } catch {
    // No IndexedDB here (a private window that refuses it): nothing can wait either.
  }
  if (turn !== reading) return;
  snapshot = items;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!stop) {
    const stopOutbox = onOutboxChange(() => void read());
    const stopToken = tokenStore.subscribe(() => void read());
    stop = () => {
      stopOutbox();
      stopToken();
    };
    void read();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}

/**
 * The signed-in account's outbox, in the order written, kept current as items are added, change
 * state and leave; none in a page rendered on the server or as the browser hydrates it.
 */
export const useOutboxItems = (): OutboxItem[] =>
  useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => NONE,
  );

/** Items that still have to reach the server (not set aside for the user's choice). */
export const isPending = (item: OutboxItem) => item.state === 'waiting' || item.state === 'sending';
