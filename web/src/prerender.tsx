/**
 * The build's prerender (vite.config.ts `prerender`): the first screen of the public pages a visit
 * most often starts on, as a visitor without a session sees it before any answer of the API, for
 * the server to send in their HTML. The browser paints it once the HTML and the stylesheet are
 * there, instead of after the app's code has downloaded and run; main.tsx then hydrates it.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app';
import { paths } from './app/paths';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/routes';

export const PRERENDERED_PATHS = [paths.home(), paths.login(), paths.register(), paths.verify()];

/** The HTML of `#root` for one of PRERENDERED_PATHS. */
export async function render(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(pathname, 'http://agroselo.invalid')));
  // A redirect or an error page is no first screen to send: the list above is wrong.
  const status = context instanceof Response ? context.status : context.statusCode;
  if (context instanceof Response || status !== 200)
    throw new Error(`prerender: ${pathname} answered ${status}, not a public page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <App queryClient={queryClient}>
      {/* No hydration data: the browser's router starts on its own (main.tsx waits for it). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
}
