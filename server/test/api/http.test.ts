import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@agroselo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/db/seed/factories';
import { formEncoded, multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';

const INDEX_HTML = '<!doctype html><html lang="pt-BR"><title>AgroSelo</title><div id="root"></div>';
const BUNDLE_JS = `export const selos = ${JSON.stringify(Array(200).fill('Arroz Sustentável RS'))};`;

let t: TestApp;
let webRoot: string;
let withWeb: TestApp;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'agroselo-web-'));
  await writeFile(path.join(webRoot, 'index.html'), INDEX_HTML);
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'app.js'), 'console.log("AgroSelo")');
  // What the build writes beside each text file (web/vite.config.ts, precompress).
  for (const [file, content] of [
    ['index.html', INDEX_HTML],
    ['assets/bundle-4f2a.js', BUNDLE_JS],
  ] as const) {
    await writeFile(path.join(webRoot, file), content);
    await writeFile(path.join(webRoot, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(webRoot, `${file}.gz`), gzipSync(content));
  }
  [t, withWeb] = await Promise.all([buildTestApp(), buildTestApp({}, { webRoot })]);
});

afterAll(() => rm(webRoot, { recursive: true, force: true }));

describe('errors at the door', () => {
  it('refuses a NUL character in a body, a query string or a path with 422 in pt-BR', async () => {
    // The search is staff's: anyone else is refused before the query is looked at.
    const staff = await t.auth(await createUser(t.db, { role: 'technician' }));
    const register = await multipart({
      email: 'nul@fazenda.com.br',
      first_name: 'Ana\u0000',
      last_name: 'Souza',
      cpf: '52998224725',
      phone: '51999998888',
      password: 'senha-segura-1',
    });
    const cases = [
      {
        request: { method: 'POST' as const, url: '/api/auth/register', ...register },
        loc: ['body', 'first_name'],
      },
      {
        request: {
          method: 'POST' as const,
          url: '/api/auth/token',
          ...formEncoded({ username: 'a\u0000@b.com', password: 'x' }),
        },
        loc: ['body', 'username'],
      },
      {
        request: {
          method: 'GET' as const,
          url: '/api/process-instance/search?query=gr%00anja',
          headers: staff,
        },
        loc: ['querystring', 'query'],
      },
      { request: { method: 'GET' as const, url: '/api/stamp/%00/image' }, loc: ['path', 'id'] },
    ];
    for (const { request, loc } of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(422);
      expect(response.json(), request.url).toEqual({
        detail: [{ loc, msg: messages.common.invalidCharacter, type: 'invalid_character' }],
      });
    }
  });

  it('answers an unknown /api path with a JSON 404 in pt-BR', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nao-existe/123' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: messages.common.notFound });
    }
  });

  it('answers invalid JSON with 400 in pt-BR, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "produtor@fazenda.com.br", "password":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON inválido no corpo da requisição' });
  });

  it('answers a content type the route does not take with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><username>produtor@fazenda.com.br</username></login>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: messages.common.unsupportedMedia });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: messages.common.payloadTooLarge });
  });
});

describe('security headers', () => {
  it('sends an API answer the headers of data: nothing in it loads, frames it or is sniffed', async () => {
    const response = await t.app.inject({ url: '/api/stamp/all' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';base-uri 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    // A document's headers (its opener, DNS prefetching, IE's leftovers) are the web app's.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it("sends the web app's pages helmet's headers for a document", async () => {
    const response = await withWeb.app.inject({ url: '/' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('API documentation', () => {
  it('serves Swagger UI at /docs', async () => {
    let response = await t.app.inject({ url: '/docs' });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      response = await t.app.inject({ url: String(response.headers.location) });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });

  it('lists the API routes at /docs/json', async () => {
    const response = await t.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ openapi: string; paths: Record<string, object> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/token',
        '/api/auth/info',
        '/api/stamp/all',
        '/api/stamp/{id}/image',
        '/api/process-instance/pending',
      ]),
    );
  });
});

describe('the web app (SPA fallback)', () => {
  it('answers any other GET path with index.html', async () => {
    for (const url of ['/', '/qualquer/rota', '/producer-details/0190-abc?aba=formularios']) {
      const response = await withWeb.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('serves the built files themselves', async () => {
    const response = await withWeb.app.inject({ url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("AgroSelo")');
  });

  it('sends the pre-compressed file the browser accepts, brotli first, then gzip, else plain', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
      { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
      { accept: undefined, encoding: undefined, decode: (body: Buffer) => body },
    ];
    for (const { accept, encoding, decode } of cases) {
      const response = await withWeb.app.inject({
        url: '/assets/bundle-4f2a.js',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString(), accept).toBe(BUNDLE_JS);
    }
  });

  it('caches hashed assets for a year and makes index.html revalidate', async () => {
    const asset = await withWeb.app.inject({ url: '/assets/bundle-4f2a.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/perfil', '/index.html']) {
      const page = await withWeb.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX_HTML);
      const again = await withWeb.app.inject({
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('keeps unknown /api paths a JSON 404 and the docs the docs', async () => {
    const api = await withWeb.app.inject({ url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: messages.common.notFound });
    const docs = await withWeb.app.inject({ url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toHaveProperty('openapi');
  });

  it('does not answer other methods with the page', async () => {
    const response = await withWeb.app.inject({ method: 'POST', url: '/qualquer/rota' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.common.pageNotFound });
  });

  it('without a built web app, other paths are a JSON 404', async () => {
    const response = await t.app.inject({ url: '/qualquer/rota' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.common.pageNotFound });
  });
});

describe('the flood limit', () => {
  it('counts API calls per address up to RATE_LIMIT_PER_MINUTE, never the web app files', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, { webRoot });
    for (let i = 0; i < 6; i++) {
      const file = await limited.app.inject({ url: i % 2 ? '/assets/app.js' : '/perfil' });
      expect(file.statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await limited.app.inject({ url: '/api/stamp/all' })).statusCode).toBe(200);
    }
    const flooded = await limited.app.inject({ url: '/api/stamp/all' });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ detail: messages.auth.tooManyRequests });
  });

  it('tells each API answer the limit, what is left and when the minute ends; the 429 when to retry', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const call = () => limited.app.inject({ url: '/api/stamp/all', remoteAddress: '127.6.0.1' });
    const answers = [await call(), await call(), await call()];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-limit'])).toEqual(['2', '2', '2']);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '1',
      '0',
      '0',
    ]);
    for (const answer of answers) {
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(answer.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    expect(answers[0]!.headers['retry-after']).toBeUndefined();
    expect(answers[2]!.headers['retry-after']).toBe(answers[2]!.headers['x-ratelimit-reset']);
    expect(answers[2]!.json()).toEqual({ detail: messages.auth.tooManyRequests });
  });

  it('counts the credential routes on their own limit, apart from the other API calls', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    const remoteAddress = '127.6.0.2';
    await limited.app.inject({ url: '/api/stamp/all', remoteAddress });
    expect((await limited.app.inject({ url: '/api/stamp/all', remoteAddress })).statusCode).toBe(
      429,
    );
    const login = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress,
      payload: { username: 'ninguem@example.com', password: 'errada-123' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['x-ratelimit-limit']).toBe('300');
    expect(login.headers['x-ratelimit-remaining']).toBe('299');
  });
});
