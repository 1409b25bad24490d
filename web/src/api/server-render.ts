/**
 * What the server's render of a signed-in page (src/render-signed-in.tsx) gives the app's code for
 * the one request it renders: the visitor's token (from the session cookie, as the browser keeps
 * it in storage), the API's answers (asked in-process, not over HTTP) and the visitor's time zone
 * (their clock reads the page's moments, the server's does not). In the browser there is none.
 */
export interface ServerRender {
  token: string;
  /** IANA name, as the browser's Intl reports it: America/Sao_Paulo. */
  timeZone: string;
  /** The API's answer to a GET of `url` (`/api/auth/info`) with `token`. */
  fetch(url: string): Promise<Response>;
  /** Filled by the render: the lazy parts in the page (lib/lazy-part.tsx). */
  parts?: Set<string>;
}

let current: () => ServerRender | undefined = () => undefined;

/** The render under way on the server, if any (its request's, however many run at once). */
export const serverRender = (): ServerRender | undefined => current();

/** Called once by the server's render module with its per-request lookup. */
export function provideServerRender(lookup: () => ServerRender | undefined): void {
  current = lookup;
}
