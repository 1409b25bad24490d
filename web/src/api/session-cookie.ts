import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '@agroselo/contracts';

/**
 * The token, kept in storage for the API's calls, is also a cookie: with it the server renders a
 * signed-in page a visit opens (the account's name, the property) into its HTML, painted before
 * the app's code has arrived. The server reads it for those pages' HTML only, never for /api, so
 * no cross-site request can act with it; a page another site opens in its place is no page it can
 * read. Written by the app (not HttpOnly): the token is in the page's reach already, in storage.
 * The browser's time zone goes with it: the page's moments are rendered as the browser writes them.
 */
export function writeSessionCookie(token: string | null, remember: boolean): void {
  if (typeof document === 'undefined') return;
  // Writing a cookie is a round trip to the browser's network process, a few milliseconds of a
  // slow phone's main thread as the page starts (main.tsx syncs it on every start): not done for
  // the same token again, nor to drop a cookie that is not there.
  const held = document.cookie.split('; ');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const attributes = `; Path=/; SameSite=Lax${secure}`;
  if (!token) {
    if (held.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)))
      document.cookie = `${SESSION_COOKIE}=${attributes}; Max-Age=0`;
    return;
  }
  if (held.includes(`${SESSION_COOKIE}=${token}`)) return;
  // A remembered session lasts as long as its token; the other ends with the browser's session.
  const expires = remember ? expiryOf(token) : undefined;
  const lifetime =
    expires === undefined
      ? ''
      : `; Max-Age=${Math.max(0, Math.floor(expires - Date.now() / 1000))}`;
  document.cookie = `${SESSION_COOKIE}=${token}${attributes}${lifetime}`;
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone)
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}${attributes}${lifetime}`;
  } catch {
    // No zone known: the server renders São Paulo's.
  }
}

/** The token's `exp` (seconds since the epoch), or undefined when it has none. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}
