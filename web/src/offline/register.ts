import type { Workbox } from 'workbox-window';
import { OUTBOX_SYNC_TAG } from './messages';

/** How often an open page asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60_000;

const listeners = new Set<() => void>();
let workbox: Workbox | null = null;
let waiting = false;

/** Whether a new version is installed and waits for the visitor's 'Atualizar'. */
export const newVersion = {
  waiting: () => waiting,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The new version takes over; every page it takes from the old one then reloads. */
  apply() {
    workbox?.messageSkipWaiting();
  },
};

/**
 * Registers the service worker (src/offline/service-worker.ts) once the page has loaded, so a
 * first visit is not slowed by its precaching.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const registered = new Workbox('/service-worker.js');
    workbox = registered;
    registered.addEventListener('waiting', () => {
      waiting = true;
      listeners.forEach((listener) => listener());
    });
    // A page that ran the old version's code reloads into the new one rather than mix them (its
    // unsent writes are in the outbox, its typing in the form's draft). The first version taking
    // a page that had none changes nothing it runs.
    const hadController = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (hadController) window.location.reload();
    });
    try {
      await registered.register();
    } catch {
      // Refused (a private window, a blocked worker): the app works online as before.
      return;
    }
    window.setInterval(() => void registered.update(), UPDATE_CHECK_MS);
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/** Asks the browser to wake the service worker when the link returns (where it can). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here: the `online` event and the retries send the outbox.
  }
}
