import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INDEX_BOOT_ROOT,
  SESSION_COOKIE,
  TIME_ZONE_COOKIE,
  TOTAL_COUNT_HEADER,
} from '@agroselo/contracts';

/** What web/src/prerender.tsx gives the server, built for Node (web/dist-server). */
export interface SignedInRenderer {
  /**
   * `#root`'s HTML and the lazy parts in it (web/src/lib/lazy-part.tsx), or null. `location` is
   * the page's path and query (`/pendings?atribuidas=todas`): a list's view lives in its address.
   */
  renderSignedIn(
    location: string,
    request: { token: string; timeZone: string; fetch(url: string): Promise<Response> },
  ): Promise<{ screen: string; parts: string[] } | null>;
}
export type LoadSignedInRenderer = () => Promise<SignedInRenderer>;

/** The render module at `file`, imported on the first signed-in page asked for; none unbuilt. */
export function rendererAt(file: string): LoadSignedInRenderer | undefined {
  if (!existsSync(file)) return undefined;
  let loaded: Promise<SignedInRenderer> | undefined;
  return () =>
    (loaded ??= (import(pathToFileURL(file).href) as Promise<SignedInRenderer>).catch((error) => {
      // Tried again by the next page: a failed import is not kept for good.
      loaded = undefined;
      throw error;
    }));
}

/** The time zone a page is rendered in when the browser named none the server knows. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** Renders at once, at most: past it a page is sent as the plain shell, as before. */
export const MAX_RENDERS = 4;
/** A render still waiting for its answers after this is dropped for the plain shell. */
export const RENDER_TIMEOUT_MS = 3_000;
/** The API calls one render may make: a page's first screen asks for two or three. */
export const MAX_ANSWERS = 8;

const TOKEN = /^[\w-]{1,1024}\.[\w-]{1,2048}\.[\w-]{1,512}$/;
let timeZones: Set<string> | undefined;

/** A cookie's value from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The session of a request's cookies (web/src/api/session-cookie.ts), or null. */
export function sessionOf(request: FastifyRequest): { token: string; timeZone: string } | null {
  const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
  if (!token || !TOKEN.test(token)) return null;
  let timeZone = cookieValue(request.headers.cookie, TIME_ZONE_COOKIE) ?? '';
  try {
    timeZone = decodeURIComponent(timeZone);
  } catch {
    timeZone = '';
  }
  // Node's own list, read once: a name outside it is no zone the render can write in.
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return { token, timeZone: timeZones.has(timeZone) ? timeZone : DEFAULT_TIME_ZONE };
}

/** One API answer as the page carries it, for index.html's script to give the app as fetch's. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Inside a <script> element: nothing in it may close it or read as a comment opening.
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface SignedInPagesOptions {
  load: LoadSignedInRenderer;
  /** The build's page for them (its #root the boot screen), asking for its code once painted. */
  shell: string;
  /**
   * The stylesheets (a lazy page's CSS module) and scripts of the route at `pathname`: the
   * first painted with the page, the others asked for once it is (web/vite.config.ts).
   */
  filesFor(pathname: string): { styles: string[]; scripts: string[] };
}

/**
 * Sends a signed-in page (web/src/prerender.tsx SIGNED_IN_PATTERNS) with its first screen in it,
 * rendered for the account of the session cookie: a producer's phone paints the account's name,
 * the property, the seal, as soon as the HTML is in, not after the app's code has arrived, run and
 * asked for them. The page's first answers travel in the page, for the app to take as its own
 * calls' (index.html), asked here in-process under the visitor's address and token: the same
 * guards, limits and answers as their own calls. Gives the page's HTML, or null (no session,
 * another page, a busy server, a failed render): the plain page is then sent, as before.
 */
export function signedInPages(
  app: FastifyInstance,
  { load, shell, filesFor }: SignedInPagesOptions,
): (request: FastifyRequest, location: string) => Promise<string | null> {
  if (!INDEX_BOOT_ROOT.test(shell)) throw new Error('index.html has no boot screen in #root');
  let rendering = 0;

  const render = async (request: FastifyRequest, location: string) => {
    const pathname = location.split('?', 1)[0]!;
    const session = sessionOf(request);
    if (!session || rendering >= MAX_RENDERS) return null;
    const responses: Record<string, Answer> = {};
    let calls = 0;
    let sent = false;
    const fetch = async (url: string) => {
      // Counted as asked, not as answered: a render asks for its first queries all at once. A
      // URL is taken as written only: `/api/../x` would be another path once resolved.
      const resolved = new URL(url, 'http://agroselo.invalid');
      if (
        sent ||
        ++calls > MAX_ANSWERS ||
        !resolved.pathname.startsWith('/api/') ||
        `${resolved.pathname}${resolved.search}` !== url
      )
        throw new Error(`signed-in page: no call to ${url} from this render`);
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', authorization: `Bearer ${session.token}` },
        remoteAddress: request.ip,
      });
      const headers: Record<string, string> = {};
      const type = answer.headers['content-type'];
      if (typeof type === 'string') headers['content-type'] = type;
      const total = answer.headers[TOTAL_COUNT_HEADER.toLowerCase()];
      if (total !== undefined) headers[TOTAL_COUNT_HEADER] = String(total);
      responses[url] = { status: answer.statusCode, headers, body: answer.payload };
      return new Response(answer.payload || null, { status: answer.statusCode, headers });
    };
    // A render holds its place until it has ended, even one given up on below: a slow API is
    // when the bound matters.
    rendering++;
    const rendered = load()
      .then(({ renderSignedIn }) => renderSignedIn(location, { ...session, fetch }))
      .finally(() => rendering--);
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        rendered,
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
        }),
      ]);
      if (page === null) return null;
      const account = session.token.split('.')[1]!;
      const answers = `<script type="application/json" id="agroselo-answers">${scriptSafe(
        JSON.stringify({ account, responses }),
      )}</script>`;
      const files = filesFor(pathname);
      const styles = files.styles
        .map((url) => `<link rel="stylesheet" crossorigin href="${url}">`)
        .join('');
      // The parts' names are the app's own (`[\w-]`): anything else is left out of the attribute.
      const parts = page.parts.filter((name) => /^[\w-]+$/.test(name)).join(' ');
      const root = `<div id="root" data-prerendered data-account="${account}" data-route-scripts="${files.scripts.join(' ')}" data-parts="${parts}">`;
      return shell
        .replace('<script>', () => `${answers}<script>`)
        .replace('</head>', () => `${styles}</head>`)
        .replace(INDEX_BOOT_ROOT, () => `${root}${page.screen}</div>`);
    } catch (error) {
      request.log.warn({ err: error, pathname }, 'signed-in page not rendered; sent the shell');
      return null;
    } finally {
      sent = true;
      clearTimeout(timer);
      // A render given up on may still fail: its error is logged above or not at all.
      rendered.catch(() => {});
    }
  };

  return render;
}
