import { draftStore } from './drafts';
import { forgetAccount } from './outbox';

/** Resumable uploads' addresses tus-js-client keeps in storage (`tus::<fingerprint>::<n>`). */
const TUS_PREFIX = 'tus::';

/**
 * Leaves nothing of `account` on this device (logout, a deleted account): its outbox, stored
 * answers and kept instances, the drafts of its forms, the addresses of its unfinished uploads.
 * The service worker's caches hold the app's code only, never an account's data.
 */
export async function forgetOnThisDevice(account: string): Promise<void> {
  draftStore.forgetAccount(account);
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(TUS_PREFIX));
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // Storage refused: nothing was kept there either.
  }
  try {
    await forgetAccount(account);
  } catch {
    // No IndexedDB here: nothing was stored in it.
  }
}
