import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMMUTABLE, registerWebApp } from './web-app';

const INDEX_HTML = '<!doctype html><title>AgroSelo</title>';
const APP_JS = 'console.log("AgroSelo")';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'agroselo-web-app-'));
  await mkdir(path.join(root, 'assets'));
  for (const [file, content] of [
    ['index.html', INDEX_HTML],
    ['assets/app-1a2b.js', APP_JS],
  ] as const) {
    await writeFile(path.join(root, file), content);
    await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
  }
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterEach(() => rm(root, { recursive: true, force: true }));

async function serve(maxBytes?: number) {
  const app = Fastify();
  const sendPage = await registerWebApp(app, root, { maxBytes });
  app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
  return app;
}

describe('the web app served from memory', () => {
  it('answers from what it read at start, with no file left on disk', async () => {
    const app = await serve();
    await rm(root, { recursive: true, force: true });
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(APP_JS);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const url of ['/', '/index.html', '/perfil/editar']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX_HTML);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('leaves out an encoding the browser refuses with q=0', async () => {
    const app = await serve();
    const cases = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.0, br;q=0', undefined],
      ['gzip; q=0.5, br;q=1', 'br'],
    ] as const;
    for (const [accept, encoding] of cases) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
    }
  });

  it('gives each encoding its own ETag and answers 304 to any of a list', async () => {
    const app = await serve();
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const plain = await app.inject({ url: '/' });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': `"outro", ${String(br.headers.etag)}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses to start with a build larger than its memory bound', async () => {
    await expect(serve(100)).rejects.toThrow(/não cabe na memória/);
  });

  it("preloads a route's files with its page, as the build lists them", async () => {
    await writeFile(
      path.join(root, 'route-preloads.json'),
      JSON.stringify([
        { path: '/', scripts: [], styles: [], images: ['/media/poster.jpg'] },
        {
          path: '/property/:propertyId',
          scripts: ['/assets/property-1.js', '/assets/shared-2.js'],
          styles: ['/assets/property-3.css'],
          images: [],
        },
      ]),
    );
    const app = await serve();
    const property = await app.inject({ url: '/property/0196-abc?aba=1' });
    expect(property.body).toBe(INDEX_HTML);
    expect(property.headers.link).toBe(
      '</assets/property-3.css>; rel=preload; as=style; crossorigin, </assets/property-1.js>; rel=modulepreload, </assets/shared-2.js>; rel=modulepreload',
    );
    expect((await app.inject({ url: '/' })).headers.link).toBe(
      '</media/poster.jpg>; rel=preload; as=image; fetchpriority=high',
    );
    for (const url of ['/property', '/property/1/edit', '/perfil', '/assets/app-1a2b.js']) {
      expect((await app.inject({ url })).headers.link, url).toBeUndefined();
    }
  });

  it("lets the page's own inline script run, by its hash, and no other", async () => {
    const script = "\n  window.boot = fetch('/api/auth/info');\n";
    await writeFile(
      path.join(root, 'index.html'),
      `<!doctype html><script>${script}</script><script type="module" src="/assets/app-1a2b.js"></script>`,
    );
    const app = Fastify();
    // As plugins/http.ts sets the security headers: on the raw answer, before any route.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader(
        'content-security-policy',
        "default-src 'self';script-src 'self';script-src-attr 'none'",
      );
      done();
    });
    const sendPage = await registerWebApp(app, root);
    app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
    const hash = createHash('sha256').update(script).digest('base64');
    for (const url of ['/', '/index.html', '/profile']) {
      expect((await app.inject({ url })).headers['content-security-policy'], url).toBe(
        `default-src 'self';script-src 'self' 'sha256-${hash}';script-src-attr 'none'`,
      );
    }
    expect(
      (await app.inject({ url: '/assets/app-1a2b.js' })).headers['content-security-policy'],
    ).toBe("default-src 'self';script-src 'self';script-src-attr 'none'");
  });
});

describe('the pages the build prerendered', () => {
  const page = (screen: string) =>
    `<!doctype html><script>boot()</script><div id="root" data-prerendered>${screen}</div><script>swap()</script>`;

  beforeEach(async () => {
    await mkdir(path.join(root, 'pages'));
    for (const [name, screen] of [
      ['index', 'início'],
      ['login', 'entrar'],
    ]) {
      const file = path.join(root, 'pages', `${name}.html`);
      const content = page(screen!);
      await writeFile(file, content);
      await writeFile(`${file}.br`, brotliCompressSync(content));
    }
  });

  it('sends each its path, and index.html to every other path', async () => {
    const app = await serve();
    for (const [url, screen] of [
      ['/', 'início'],
      ['/login', 'entrar'],
      ['/login/', 'entrar'],
      ['/login?next=%2Fprofile', 'entrar'],
    ]) {
      const response = await app.inject({ url: url!, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.rawPayload.equals(brotliCompressSync(page(screen!))), url).toBe(true);
    }
    // Its file is no address of its own: the app's router shows that path's page (not found).
    for (const url of ['/index.html', '/login/x', '/pages/login.html', '/pages/index.html']) {
      expect((await app.inject({ url })).body, url).toBe(INDEX_HTML);
    }
  });

  it('preloads what paints it, not its code, which it asks for once painted', async () => {
    await writeFile(
      path.join(root, 'route-preloads.json'),
      JSON.stringify(
        ['/login', '/reset-password'].map((route) => ({
          path: route,
          scripts: ['/assets/page-1.js'],
          styles: ['/assets/page-2.css'],
          images: ['/media/poster.jpg'],
        })),
      ),
    );
    const app = await serve();
    const paint =
      '</assets/page-2.css>; rel=preload; as=style; crossorigin, </media/poster.jpg>; rel=preload; as=image; fetchpriority=high';
    expect((await app.inject({ url: '/login' })).headers.link).toBe(paint);
    // Not prerendered: its code renders its first screen.
    expect((await app.inject({ url: '/reset-password' })).headers.link).toBe(
      `${paint}, </assets/page-1.js>; rel=modulepreload`,
    );
  });

  it("lets each page's inline scripts run, by their hashes", async () => {
    const app = Fastify();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('content-security-policy', "default-src 'self';script-src 'self'");
      done();
    });
    const sendPage = await registerWebApp(app, root);
    app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
    const hash = (script: string) =>
      `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect((await app.inject({ url: '/login' })).headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' ${hash('boot()')} ${hash('swap()')}`,
    );
    // index.html has none.
    expect((await app.inject({ url: '/profile' })).headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self'",
    );
  });
});
