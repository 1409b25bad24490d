/**
 * The app rendered to HTML, in Node, for the server to send it painted (the browser shows it once
 * the HTML and the stylesheet are in, not after the app's code has downloaded and run; main.tsx
 * then hydrates it):
 * - `render`, at build time (vite.config.ts `prerender`): the first screen of the public pages a
 *   visit most often starts on, as a visitor without a session sees it before any answer;
 * - `renderSignedIn`, per request (server/src/plugins/signed-in-pages.ts): a signed-in page a
 *   producer opens on a phone, with the account's own data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  StaticRouterProvider,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app/app';
import { paths } from './lib/paths';
import { queriesSettled } from './app/queries-settled';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';
import { prefetchSessionUser, sessionUserQuery } from './session';
import { provideServerRender, type ServerRender } from './api/server-render';

export const PRERENDERED_PATHS = [paths.home(), paths.login(), paths.register(), paths.verify()];

/** The signed-in pages a producer opens first, on a phone: their largest element is data. */
export const SIGNED_IN_PATTERNS = [
  paths.profile(),
  paths.property(':propertyId'),
  paths.producerDetails(':processInstanceId'),
  paths.formInstance(':processInstanceId', ':formInstanceId'),
];

/** The HTML of `#root` for one of PRERENDERED_PATHS. */
export async function render(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
  const screen = await routed(queryClient, pathname);
  if (screen === null) throw new Error(`prerender: ${pathname} is not a public page`);
  return screen();
}

// Each request's render reads its own token and answers, however many are under way at once.
const renders = new AsyncLocalStorage<ServerRender>();
provideServerRender(() => renders.getStore());

/**
 * The HTML of `#root` for a path of SIGNED_IN_PATTERNS, as the browser renders it with `token`
 * stored once its route's first queries have answered (asked through `fetch`), and the lazy parts
 * in it (lib/lazy-part.tsx); null for any other path, or when the token is no session's (the
 * browser's own render decides where it goes).
 */
export function renderSignedIn(
  pathname: string,
  request: ServerRender,
): Promise<{ screen: string; parts: string[] } | null> {
  if (!SIGNED_IN_PATTERNS.some((pattern) => matchPath(pattern, pathname)))
    return Promise.resolve(null);
  const parts = new Set<string>();
  return renders.run({ ...request, parts }, async () => {
    const queryClient = createQueryClient();
    // As main.tsx: the session's check beside the route's own queries (its loader).
    prefetchSessionUser(queryClient);
    const screen = await routed(queryClient, pathname);
    if (screen === null) return null;
    await queriesSettled(queryClient);
    const user = queryClient.getQueryData(sessionUserQuery(request.token).queryKey);
    // A pending account is sent to its verification, which a static render cannot do.
    if (!user || user.pending) return null;
    return { screen: await screen(), parts: [...parts] };
  });
}

/**
 * Runs the route's loaders (its page's code and first queries) for `pathname`; then renders it.
 * Null when the path is a redirect or an error page.
 */
async function routed(
  queryClient: QueryClient,
  pathname: string,
): Promise<(() => Promise<string>) | null> {
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(pathname, 'http://agroselo.invalid')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <App queryClient={queryClient}>
      {/* No hydration data: the browser's router starts on its own (main.tsx waits for it). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>
  );
  return async () => {
    // A lazy part of the page (the header's menu, a panel) suspends the first time this process
    // meets it, while its code loads: the string render then leaves its boundary for the browser
    // to render anew (React's error 419). It is rendered again once that code is in.
    for (let attempt = 1; ; attempt++) {
      const html = renderToString(tree);
      if (!html.includes(LEFT_TO_THE_BROWSER) || attempt === MAX_RENDER_ATTEMPTS) return html;
      // A busy server reads and runs a chunk in tens of milliseconds: a growing wait, 0.9 s in all.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  };
}

/** React's mark of a Suspense boundary the server could not render. */
const LEFT_TO_THE_BROWSER = '<!--$!-->';
const MAX_RENDER_ATTEMPTS = 10;
