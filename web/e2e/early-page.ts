import type { Page, Route } from '@playwright/test';
import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '@agroselo/contracts';

// A page painted from its HTML before the app's code has arrived (a prerendered public page, a
// signed-in page the server rendered), as a phone on a slow link sees it.

/** Holds the app's code (and whatever matches `also`) until the returned function lets it through. */
export async function holdScripts(page: Page, also?: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  const hold = (route: Route) => (holding ? held.push(route) : route.continue());
  await page.route('**/assets/*.js', hold);
  if (also) await page.route(also, hold);
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
}

/** The alert index.html's script shows when the app's code fails to arrive or to run. */
const unavailableNotice = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text });

/**
 * Fails every request for the app's code, as a link that dropped does, until the returned function
 * lets it through again; and the alert index.html's script then shows.
 */
export async function dropScripts(page: Page) {
  const drop = (route: Route) => route.abort('internetdisconnected');
  await page.route('**/assets/*.js', drop);
  return {
    notice: unavailableNotice(
      page,
      'Não foi possível carregar o AgroSelo. Verifique sua conexão e tente novamente.',
    ),
    restore: () => page.unroute('**/assets/*.js', drop),
  };
}

/**
 * Serves the app's entry as code that throws when it runs (a browser too old for it, a file from
 * another release) until the returned function restores it; and the same alert.
 */
export async function breakScripts(page: Page) {
  const entry = '**/assets/index-*.js';
  const broken = (route: Route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "throw new Error('Este navegador não roda este código');",
    });
  await page.route(entry, broken);
  return {
    notice: unavailableNotice(page, 'Não foi possível abrir o AgroSelo neste navegador.'),
    restore: () => page.unroute(entry, broken),
  };
}

/** The app has rendered or hydrated its first screen (src/app/early-input.ts). */
export const appTookOver = (page: Page) =>
  page.waitForFunction(() => !('agroseloEarlyInput' in window), undefined, { timeout: 30_000 });

/** Every error the page logs or throws (React reports a hydration mismatch so), from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * The session cookies the app writes beside a stored token (web/src/api/session-cookie.ts), for a
 * first visit to already carry them: with them the server renders a signed-in page's first screen.
 */
export async function carrySessionCookie(page: Page, baseURL: string, token: string) {
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: token, url: baseURL, sameSite: 'Lax' },
    {
      name: TIME_ZONE_COOKIE,
      value: encodeURIComponent('America/Sao_Paulo'),
      url: baseURL,
      sameSite: 'Lax',
    },
  ]);
}
