import { FRESH_FOR_MS } from './freshness';

/**
 * What index.html's inline script asked for while the page was still being parsed, before the
 * app's code had arrived: with a stored token, the session check (`/api/auth/info`) and the first
 * signed-in page's data, each under the URL the client builds for it. On a slow link those answers
 * then travel beside the app's code instead of after it has downloaded and run.
 */
export interface BootRequests {
  /** The token the script sent; an answer is only for a call made with that same token. */
  token: string;
  /** By URL, as `buildUrl` writes it: `/api/property/all?limit=10&offset=0`. */
  requests: Record<string, Promise<Response> | undefined>;
  /** When the script asked (`Date.now()`). */
  at: number;
}

declare global {
  interface Window {
    agroseloBoot?: BootRequests;
  }
}

/**
 * The answers are for the first page the visit opens: once it moves on, or once they are older
 * than an answer the cache would serve (FRESH_FOR_MS), a later read of the same URL asks anew
 * instead of taking them.
 */
export function dropBootRequests(): void {
  delete window.agroseloBoot;
}

/**
 * The answer the script asked for at `url` with `token`, handed out once: the client reads it as
 * its own fetch's (same status, body and errors, a 401 included), and a second call asks anew.
 */
export function takeBootResponse(url: string, token: string): Promise<Response> | undefined {
  if (window.agroseloBoot && Date.now() - window.agroseloBoot.at > FRESH_FOR_MS) dropBootRequests();
  const boot = window.agroseloBoot;
  if (boot?.token !== token) return undefined;
  const response = boot.requests[url];
  delete boot.requests[url];
  return response;
}
