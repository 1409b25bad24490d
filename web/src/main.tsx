// First: configures zod before any schema is built (see the module).
import './zod-setup';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build lets navigations ask for flushSync (sign-out leaves a guarded page at once).
import { RouterProvider } from 'react-router/dom';
import '@mantine/core/styles.css';
// After Mantine's defaults, which it overrides (as the provider's <style> used to, later in the page).
import './theme-variables.css';
import './global.css';
import { dropBootRequests } from './api/boot-requests';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { prefetchSessionUser } from './app/session';

const queryClient = createQueryClient();
// The stored session is checked while the router fetches the page's code, not after React mounts.
prefetchSessionUser(queryClient);
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

// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that holds a slow phone's main thread.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });

// RouterProvider subscribes to the router only when it commits: a sliced first render still under
// way when the first page's code arrived missed that update and stayed on the loader for good (a
// signed-in page, now and then, in Lighthouse's runs). It starts once the first match is loaded;
// index.html's first screen stays until then.
if (router.state.initialized) render();
else {
  const stopWaiting = router.subscribe(({ initialized }) => {
    if (!initialized) return;
    stopWaiting();
    render();
  });
}
