/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import * as navigationPreload from 'workbox-navigation-preload';
import {
  PrecacheFallbackPlugin,
  cleanupOutdatedCaches,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG, SHELL_URL, SKIP_WAITING, SYNC_NOW } from './messages';

declare const self: ServiceWorkerGlobalScope;

/**
 * The app's code, styles, icons, index.html (the shell) and the public pages the build
 * prerendered, at their own paths (`/login`), all of one build: a page opened offline runs one
 * version's code, never pieces of two. A query string does not make another page.
 */
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/], cleanURLs: false });
cleanupOutdatedCaches();
navigationPreload.enable();

/**
 * Every other page is asked of the server: a signed-in page is rendered there for its visitor's
 * session (decision 012) and is never stored, so no account's page is ever served to another. With
 * no answer (offline, or a link too weak to answer in time) the shell is served, and the app
 * renders the page from what this device stored for the signed-in account (src/device/answers.ts).
 */
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: 10,
      plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL_URL })],
    }),
    { denylist: [/^\/api\//, /^\/docs(\/|$)/, /^\/(healthz|readyz|metrics)$/] },
  ),
);

// The first version takes the open pages at once (they then open offline); a later one waits
// until the visitor asks for it ('Nova versão disponível — Atualizar'), so no page runs old and new
// code mixed.
clientsClaim();
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/**
 * Background Sync: the browser wakes this worker when the link returns. The outbox is sent by the
 * app's pages, which hold the session's token; each open page is told to send now.
 */
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((windows) => windows.forEach((client) => client.postMessage({ type: SYNC_NOW }))),
  );
});
