import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@agroselo/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tightenDocsCsp } from '../../src/plugins/docs';
import { ACCESS_MATRIX, buildFixture, splitRoute, type Fixture } from '../access-matrix';
import { buildTestApp, type TestApp } from '../support/test-app';
import { missingSecurityHeaders } from './routes';

let t: TestApp;
let fx: Fixture;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'agroselo-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>AgroSelo</title>');
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' }, { webRoot });
  fx = await buildFixture(t);
});

afterAll(() => rm(webRoot, { recursive: true, force: true }));

const check = async (request: InjectOptions & { url: string }, remoteAddress = '127.0.0.1') => {
  const response = await t.app.inject({ ...request, remoteAddress });
  return {
    response,
    problems: missingSecurityHeaders(request.url, response.statusCode, response.headers),
  };
};

describe('security headers on every answer', () => {
  it('come with every route of the access matrix, as the admin, and with its errors', async () => {
    const problems: string[] = [];
    for (const [index, row] of ACCESS_MATRIX.entries()) {
      const { method, url } = splitRoute(row.route);
      const body = row.body ? await row.body(fx, 'admin') : {};
      const result = await check(
        {
          method: method as InjectOptions['method'],
          url: row.path?.(fx) ?? url,
          payload: body.payload,
          headers: { ...body.headers, ...(await t.auth(fx.users.admin)) },
        },
        `127.1.0.${index + 1}`,
      );
      problems.push(...result.problems.map((p) => `${row.route}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('come with the web app, its files, the docs and the answers Fastify writes itself', async () => {
    const requests: (InjectOptions & { url: string })[] = [
      { url: '/' },
      { url: '/perfil' },
      { url: '/assets/app.js' },
      { url: '/docs' },
      { url: '/docs/static/index.html' },
      { url: '/docs/json' },
      { url: '/api/nao-existe' },
      { url: '/api/stamp/%E0%A4%A/image' },
      { url: `/api/stamp/${'a'.repeat(600)}/image` },
      { method: 'POST', url: '/qualquer' },
      {
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      },
      {
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/auth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'a@b.com', password: 'x'.repeat(2 * 1024 * 1024) }),
      },
    ];
    const problems: string[] = [];
    for (const [index, request] of requests.entries()) {
      const { response, problems: found } = await check(request, `127.2.0.${index + 1}`);
      expect(response.statusCode, request.url).toBeLessThan(500);
      problems.push(
        ...found.map((p) => `${request.method ?? 'GET'} ${request.url.slice(0, 60)}: ${p}`),
      );
    }
    expect(problems).toEqual([]);
  });

  it('answers a malformed URL and an over-long id in pt-BR, not with Fastify defaults', async () => {
    const bad = await t.app.inject({
      url: '/api/stamp/%E0%A4%A/image',
      remoteAddress: '127.3.0.1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: messages.security.badUrl });
    const long = await t.app.inject({
      url: `/api/stamp/${'a'.repeat(600)}/image`,
      remoteAddress: '127.3.0.2',
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: messages.common.invalidId });
  });

  it('come with the flood limit answer', async () => {
    let last;
    for (let i = 0; i < 6; i += 1) last = await check({ url: '/api/stamp/all' }, '127.4.0.1');
    expect(last?.response.statusCode).toBe(429);
    expect(last?.problems).toEqual([]);
  });

  it('keep API answers out of caches, but let a route choose (the public seal list and image)', async () => {
    const info = await t.app.inject({
      url: '/api/auth/info',
      headers: await t.auth(fx.users.owner),
      remoteAddress: '127.5.0.1',
    });
    expect(info.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ url: '/api/stamp/all', remoteAddress: '127.5.0.1' });
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers.etag).toMatch(/^W\/"/);
    const image = await t.app.inject({
      url: `/api/stamp/${fx.releasedStampId}/image`,
      remoteAddress: '127.5.0.2',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^(inline|attachment)/);
    // Opened on its own, a served file can run nothing.
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('the web app fallback', () => {
  it("answers a missing file with 404, keeping the page for the app's own paths", async () => {
    for (const url of ['/backup.zip', '/.docs.swp', '/assets/nao-existe.js', '/index.php?x=1']) {
      const response = await t.app.inject({ url, remoteAddress: '127.7.0.1' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: messages.common.pageNotFound });
    }
    const page = await t.app.inject({
      url: '/producer-details/0190-abc',
      remoteAddress: '127.7.0.2',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the docs CSP', () => {
  it('keeps the UI hashes and forbids framing, <base> and other origins', async () => {
    const docs = await t.app.inject({ url: '/docs/static/index.html', remoteAddress: '127.6.0.1' });
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('https:');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self'");
  });

  it('is derived from the UI plugin header directive by directive', () => {
    expect(
      tightenDocsCsp(
        "default-src 'self'; base-uri 'self'; frame-ancestors 'self'; img-src 'self' data: validator.swagger.io; script-src 'self' 'sha256-x'; style-src 'self' https: 'sha256-y'; upgrade-insecure-requests;",
      ),
    ).toBe(
      "default-src 'self'; base-uri 'none'; frame-ancestors 'none'; img-src 'self' data:; script-src 'self' 'sha256-x'; style-src 'self' 'unsafe-inline'; object-src 'none'; form-action 'self'",
    );
  });
});
