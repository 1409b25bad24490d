import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './compression';
import { signedInPages, type LoadSignedInRenderer } from './signed-in-pages';

/** Vite's output folder of hashed files: a name there never changes content. */
export const ASSETS_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The most the web app's files may take in memory, every encoding counted: about ten times the
 * build (3 MiB with its .br and .gz). A build over it stops the server at start, rather than
 * serving some files from memory and others from disk.
 */
export const WEB_APP_MAX_BYTES = 32 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

type Encoding = 'br' | 'gzip';
/** The answer to one file in one encoding: its bytes and every header it carries. */
interface Variant {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}
interface WebFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** Every file of the build under `root`, as `/assets/x.js` → its path on disk. */
async function filesUnder(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(`/${path.relative(root, file).split(path.sep).join('/')}`, file);
  }
  return files;
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  return existsSync(file) ? readFile(file) : undefined;
}

/**
 * Reads the build once, with the .br and .gz the build wrote beside each text file. Each answer
 * is kept whole, headers included, so a request costs no file system call and no compression.
 */
async function loadWebApp(root: string, maxBytes: number): Promise<Map<string, WebFile>> {
  const assets = path.join(root, ASSETS_DIR) + path.sep;
  const loaded = new Map<string, WebFile>();
  let bytes = 0;
  for (const [url, file] of await filesUnder(root)) {
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cacheControl = file.startsWith(assets) ? IMMUTABLE : 'no-cache';
    const raw = await readFile(file);
    const tag = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
    const variant = (body: Buffer, encoding?: Encoding): Variant => {
      bytes += body.length;
      const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
      return {
        body,
        etag,
        headers: {
          'content-type': type,
          'cache-control': cacheControl,
          vary: 'Accept-Encoding',
          etag,
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
      };
    };
    const [br, gzip] = await Promise.all([readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
    loaded.set(url, {
      identity: variant(raw),
      ...(br ? { br: variant(br, 'br') } : {}),
      ...(gzip ? { gzip: variant(gzip, 'gzip') } : {}),
    });
  }
  if (bytes > maxBytes)
    throw new Error(
      `o web app em ${root} ocupa ${bytes} bytes, mais que ${maxBytes}: não cabe na memória`,
    );
  return loaded;
}

function variantFor(file: WebFile, acceptEncoding: string | undefined): Variant {
  if (file.br && acceptsEncoding(acceptEncoding, 'br')) return file.br;
  if (file.gzip && acceptsEncoding(acceptEncoding, 'gzip')) return file.gzip;
  return file.identity;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch === etag || ifNoneMatch.split(',').some((tag) => tag.trim() === etag));

function sendFile(request: FastifyRequest, reply: FastifyReply, file: WebFile) {
  const variant = variantFor(file, request.headers['accept-encoding']);
  reply.headers(variant.headers);
  if (matches(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
  return reply.send(variant.body);
}

/**
 * What the build lists in `route-preloads.json` (web/vite.config.ts `routePreloads`): for a page
 * a visit often starts on, the files its first screen needs beyond index.html's own.
 */
const ROUTE_PRELOADS_FILE = '/route-preloads.json';
interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  images: string[];
}

/**
 * A route's `Link` header, `<url>; rel=…`, for index.html and for a prerendered page, whose
 * screen is painted without the app's code: that page asks for its code itself once the screen is
 * painted (web/vite.config.ts `loadAfterFirstPaint`), the header only for what paints it.
 */
interface RouteLinks {
  pattern: RegExp;
  shell: string;
  prerendered: string;
  styles: string[];
  scripts: string[];
}

/** Each route's Link headers, its `/property/:id` pattern as an expression matching its paths. */
function preloadHeaders(file: WebFile | undefined): RouteLinks[] {
  if (!file) return [];
  const routes = JSON.parse(file.identity.body.toString('utf8')) as RoutePreload[];
  const link = (route: RoutePreload, scripts: string[]) =>
    [
      // crossorigin: the app's loader asks for a route's styles in CORS mode; a preload in
      // another mode would be fetched twice.
      ...route.styles.map((url) => `<${url}>; rel=preload; as=style; crossorigin`),
      ...route.images.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`),
      ...scripts.map((url) => `<${url}>; rel=modulepreload`),
    ].join(', ');
  return routes
    .map((route) => ({
      pattern: new RegExp(
        `^${route.path
          .split('/')
          .map((part) =>
            part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}/?$`,
      ),
      shell: link(route, route.scripts),
      prerendered: link(route, []),
      styles: route.styles,
      scripts: route.scripts,
    }))
    .filter((route) => route.shell !== '');
}

/** A CSP source (`'sha256-…'`) for each inline script of a page, in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`,
  );
}

/**
 * The CSP the security headers set (plugins/http.ts), with its script-src allowing these sources
 * too: index.html's inline script starts a signed-in page's requests before the app's code runs,
 * and no other inline script may run. Remembers the last header it rewrote (they are all alike).
 */
function allowingScripts(sources: string[]): (csp: string) => string {
  let from: string | undefined;
  let to = '';
  return (csp) => {
    if (csp !== from) {
      from = csp;
      to = csp.replace(/(^|;)(\s*script-src)(\s[^;]*)?(?=;|$)/, `$1$2$3 ${sources.join(' ')}`);
    }
    return to;
  };
}

/**
 * The pages the build prerendered (web/vite.config.ts `prerender`): index.html with the first
 * screen of a public page in it, as `/pages/login.html` for `/login` and `/pages/index.html` for
 * `/`. Each is sent at its own path only, not at its file's.
 */
const PRERENDERED_DIR = '/pages/';
const prerenderedPath = (url: string) => {
  const name = url.slice(PRERENDERED_DIR.length, -'.html'.length);
  return name === 'index' ? '/' : `/${name}`;
};

/** Pages the server fills per request (web/vite.config.ts), never sent as they are. */
const SHELLS_DIR = '/shells/';
const SIGNED_IN_SHELL = `${SHELLS_DIR}signed-in.html`;

/** Answers a path of the web app with its page (the router decides what it shows). */
export type SendWebApp = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export interface WebAppOptions {
  /** The most the build may take in memory (WEB_APP_MAX_BYTES). */
  maxBytes?: number;
  /** Renders signed-in pages per request (plugins/signed-in-pages.ts); without it, never. */
  renderer?: LoadSignedInRenderer;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page rendered for one visitor: compressed per request, at a level costing a millisecond or two. */
async function sendRendered(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'];
  const [encoding, body] = acceptsEncoding(accepted, 'br')
    ? ['br', await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]
    : acceptsEncoding(accepted, 'gzip')
      ? ['gzip', await gzipAsync(html, { level: 6 })]
      : [undefined, Buffer.from(html)];
  reply.headers({
    'content-type': CONTENT_TYPES['.html']!,
    // One account's data: kept by no cache, the browser's included.
    'cache-control': 'private, no-store',
    vary: 'Cookie, Accept-Encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  return reply.send(body);
}

/**
 * Serves the built web app's files from memory; answers how to send its page for the paths the
 * app routes itself, or null without a build. Sent as the browser accepts: brotli, gzip or plain
 * (Vary: Accept-Encoding). Hashed assets are cached for a year; everything else, index.html first,
 * is revalidated on every use (its ETag makes that a 304), so a deploy shows at once. The page
 * carries a `Link` header preloading its route's files when the build lists them. A path the build
 * prerendered gets its own page (the first screen already in it); a signed-in page, with a session
 * cookie, its first screen rendered for that account; every other one index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  root: string,
  { maxBytes = WEB_APP_MAX_BYTES, renderer }: WebAppOptions = {},
): Promise<SendWebApp | null> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`web app não encontrado em ${root}; rode "npm run build" para servi-la aqui`);
    return null;
  }
  const files = await loadWebApp(root, maxBytes);
  const index = files.get('/index.html')!;
  const preloads = preloadHeaders(files.get(ROUTE_PRELOADS_FILE));
  const linksOf = (pathname: string) => preloads.find((route) => route.pattern.test(pathname));
  // Each page's CSP allows its own inline scripts (index.html's, which a prerendered page keeps).
  const withScripts = (file: WebFile) => {
    const scripts = inlineScriptHashes(file.identity.body.toString('utf8'));
    return { file, csp: scripts.length > 0 ? allowingScripts(scripts) : undefined };
  };
  const shell = withScripts(index);
  const prerendered = new Map(
    [...files]
      .filter(([url]) => url.startsWith(PRERENDERED_DIR) && url.endsWith('.html'))
      .map(([url, file]) => [prerenderedPath(url), withScripts(file)]),
  );
  // The build's page for them: index.html asking for its code once painted (as a prerendered page).
  const signedInShell = files.get(SIGNED_IN_SHELL);
  const signedIn =
    renderer && signedInShell
      ? {
          ...withScripts(signedInShell),
          render: signedInPages(app, {
            load: renderer,
            shell: signedInShell.identity.body.toString('utf8'),
            filesFor: (pathname) => linksOf(pathname) ?? { styles: [], scripts: [] },
          }),
        }
      : undefined;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0]!;
    // The page's HTML names, in a Link header, the files its route needs: the browser fetches
    // them with the first file instead of after it has run.
    const links = linksOf(pathname);
    const page = prerendered.get(pathname.replace(/(.)\/$/, '$1'));
    const rendered = page ? null : await signedIn?.render(request, request.url);
    if (links) reply.header('link', page || rendered ? links.prerendered : links.shell);
    // A rendered page's answers are data, never run: its scripts are its shell's.
    const { file, csp } = page ?? (rendered && signedIn ? signedIn : shell);
    const policy = reply.getHeader('content-security-policy');
    if (csp && typeof policy === 'string') reply.header('content-security-policy', csp(policy));
    if (rendered) return sendRendered(request, reply, rendered);
    return sendFile(request, reply, file);
  };
  for (const [url, file] of files) {
    if (url.startsWith(PRERENDERED_DIR) || url.startsWith(SHELLS_DIR)) continue;
    app.get(url, (request, reply) =>
      file === index ? sendPage(request, reply) : sendFile(request, reply, file),
    );
  }
  app.get('/', sendPage);
  return sendPage;
}
