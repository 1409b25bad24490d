// First: configures zod before any schema is built (see the module).
import './zod-setup';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
// After Mantine's defaults, which it overrides (as the provider's <style> used to, later in the page).
import './theme-variables.css';
import './global.css';
import { dropBootRequests } from './api/boot-requests';

/** Lets the browser run what waits (a paint, an answer's handler) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code runs in steps, one task each, rather than as one task of half a second on a slow
 * phone (evaluating React DOM, the query client, Mantine, the routes with the landing and the
 * layout, the router):
 * each `import()` evaluates the modules its step adds. Their files are not another round trip:
 * index.html preloads them with the entry (web/vite.config.ts `entryStepPreloads`).
 */
async function start(root: HTMLElement) {
  await nextTask();
  const [{ createQueryClient }, { prefetchSessionUser }] = await Promise.all([
    import('./app/query-client'),
    import('./app/session/session-query'),
  ]);
  const queryClient = createQueryClient();
  // The stored session is checked while the router fetches the page's code, not after React mounts.
  prefetchSessionUser(queryClient);
  await nextTask();
  const { AppProviders } = await import('./app/providers');
  await nextTask();
  // The DOM build lets navigations ask for flushSync (sign-out leaves a guarded page at once).
  const { RouterProvider } = await import('react-router/dom');
  await nextTask();
  // The routes with the landing and the app's layout, then the router that matches them: two steps.
  await import('./app/routes');
  await nextTask();
  const { createAppRouter } = await import('./app/router');
  // One client for the router's loaders (a signed-in page's data, asked beside the session check)
  // and for the pages that read it.
  const router = createAppRouter(queryClient);
  // Rendered once the first page's code is there: RouterProvider listens to the router only from
  // its commit, and a sliced first render can outlast that code's arrival (the page then stayed
  // on the loader). Until then index.html's first screen stays.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe(({ initialized }) => {
        if (!initialized) return;
        stop();
        resolve();
      });
    });
  // index.html's early answers are the first page's: a later visit of the same URL reads anew.
  const firstLocation = router.state.location.key;
  const stopWatching = router.subscribe(({ location }) => {
    if (location.key === firstLocation) return;
    dropBootRequests();
    stopWatching();
  });

  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task that holds a slow phone's main thread.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
