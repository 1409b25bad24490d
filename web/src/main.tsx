// First: configures zod before any schema is built (see the module).
import './zod-setup';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The DOM build lets navigations ask for flushSync (sign-out leaves a guarded page at once).
import { RouterProvider } from 'react-router/dom';
import '@mantine/core/styles.css';
// After Mantine's defaults, which it overrides (as the provider's <style> used to, later in the page).
import './theme-variables.css';
import './global.css';
// The libraries above are evaluated in one task, the app's modules below in the next.
import './after-libraries';
import { tokenStore } from './api';
import { dropBootRequests } from './api/boot-requests';
import { App } from './app/app';
import { queriesSettled } from './app/queries-settled';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { prefetchSessionUser } from './session';
import { takeOverEarlyInput } from './app/early-input';
import { loadParts } from './lib/lazy-part';
import { nextTask } from './lib/next-task';

// Each step below in a task of its own as well: on a slow phone the browser paints and takes a tap
// (held for the app: app/early-input.ts) between them, where one task of the modules and these
// steps held it for 200–300 ms at Lighthouse's 4× CPU.
await nextTask();
// The server renders a signed-in page a visit opens with the session cookie (api/session-cookie).
tokenStore.syncCookie();
const queryClient = createQueryClient();
// The stored session is checked while the router fetches the page's code, not after React mounts.
prefetchSessionUser(queryClient);
await nextTask();
// One client for the router's loaders (a signed-in page's data, asked beside the session check)
// and for the pages that read it.
const router = createAppRouter(queryClient);
// index.html's early answers are the first page's: a later visit of the same URL reads anew.
const firstLocation = router.state.location.key;
const stopWatching = router.subscribe(({ location }) => {
  if (location.key === firstLocation) return;
  dropBootRequests();
  stopWatching();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The build prerendered this page as a visitor without a session sees it (src/prerender.tsx);
// index.html's script put the boot screen back for a signed-in visitor, whose page differs, and
// so does a page reloaded with the state a navigation gave it (the login's notice): both are
// rendered anew, as any other page.
const prerendered =
  root.hasAttribute('data-prerendered') &&
  (window.history.state as { usr?: unknown } | null)?.usr == null;
// A signed-in page the server rendered with its first queries' answers (index.html hands them to
// the client): hydrated once the cache holds them too, as it did on the server.
const renderedWithData = prerendered && root.hasAttribute('data-account');

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that holds a slow phone's main thread.
const render = () =>
  startTransition(() => {
    const app = (
      <App queryClient={queryClient} onCommitted={takeOverEarlyInput(root, prerendered)}>
        <RouterProvider router={router} />
      </App>
    );
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });

// RouterProvider subscribes to the router only when it commits: a sliced first render still under
// way when the first page's code arrived missed that update and stayed on the loader for good (a
// signed-in page, now and then, in Lighthouse's runs). It starts once the first match is loaded;
// index.html's first screen (or the prerendered page) stays until then. A page the server rendered
// also waits for the code of the lazy parts in it (lib/lazy-part.tsx): hydrated in one pass, not a
// part later, which would answer no tap until then and take back what was typed into it.
const start = () =>
  renderedWithData
    ? void Promise.all([
        queriesSettled(queryClient),
        loadParts(root.dataset.parts?.split(' ').filter(Boolean) ?? []),
      ]).then(render)
    : render();
// The service worker (precached app, offline pages) registers itself once the page has loaded.
if (import.meta.env.PROD)
  void import('./offline/register').then(({ registerServiceWorker }) => registerServiceWorker());

if (router.state.initialized) start();
else {
  const stopWaiting = router.subscribe(({ initialized }) => {
    if (!initialized) return;
    stopWaiting();
    start();
  });
}
