import { useSyncExternalStore } from 'react';
import { tokenStore } from '../api';
import { accountOf } from '../device/account';
import { forgetKeptGroup, keptGroups, recordKeptGroup } from '../device/answers';
import type { KeptGroup } from '../device/db';
import { keepStorage } from './storage';

export type { KeptGroup } from '../device/db';

const NONE: KeptGroup[] = [];
let snapshot: KeptGroup[] = NONE;
const listeners = new Set<() => void>();
let reading = 0;

async function read() {
  const turn = (reading += 1);
  const account = accountOf(tokenStore.get());
  let groups = NONE;
  try {
    if (account) groups = await keptGroups(account);
  } catch {
    // No IndexedDB here: nothing is kept.
  }
  if (turn !== reading) return;
  snapshot = groups;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const stopToken = tokenStore.subscribe(() => void read());
  if (listeners.size === 1) void read();
  return () => {
    listeners.delete(listener);
    stopToken();
  };
}

/** What the signed-in account keeps on this device, the most recent first; none on the server. */
export const useKeptGroups = (): KeptGroup[] =>
  useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => NONE,
  );

/**
 * 'Disponível sem conexão': `fetchAll` reads, with `keep` as the group, everything a page needs
 * offline, and names what it kept; what it read is then kept on the device under `group` until
 * the user removes it, with the space it takes. Asks the browser to keep the app's storage.
 * Throws a pt-BR message when the device is full.
 */
export async function keepOffline(
  group: Pick<KeptGroup, 'group' | 'href'>,
  fetchAll: (keep: string) => Promise<string>,
): Promise<void> {
  const account = accountOf(tokenStore.get());
  if (!account) return;
  void keepStorage();
  const label = await fetchAll(group.group);
  await recordKeptGroup({ ...group, label, account });
  await read();
}

/** Stops keeping `group` (its answers stay as last seen until newer ones push them out). */
export async function stopKeeping(group: string): Promise<void> {
  const account = accountOf(tokenStore.get());
  if (!account) return;
  await forgetKeptGroup(account, group);
  await read();
}
