import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyRequest, type InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, TIME_ZONE_COOKIE, TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import {
  cookieValue,
  DEFAULT_TIME_ZONE,
  MAX_ANSWERS,
  MAX_RENDERS,
  RENDER_TIMEOUT_MS,
  rendererAt,
  sessionOf,
  type SignedInRenderer,
} from './signed-in-pages';
import { registerWebApp } from './web-app';

// A JWT's shape: the middle segment names the account the page was rendered for.
const ACCOUNT = 'eyJzdWIiOiJ1LTEifQ';
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${ACCOUNT}.c2lnbmF0dXJl`;
const SESSION = `${SESSION_COOKIE}=${TOKEN}`;

const BOOT_ROOT = '<div id="root">\n<div class="boot">boot</div>\n</div>';
const INDEX_HTML = `<!doctype html><title>AgroSelo</title>${BOOT_ROOT}`;
const SHELL_SCRIPT = 'window.boot = 1';
const SHELL = `<!doctype html><html><head><title>AgroSelo</title><script>${SHELL_SCRIPT}</script></head><body>${BOOT_ROOT}</body></html>`;
const LOGIN_HTML = '<!doctype html><div id="root" data-prerendered>entrar</div>';
const SCREEN = '<main>Olá, Maria</main>';
const RENDERED = { screen: SCREEN, parts: ['user-menu', 'conclude-panel'] };

type Render = SignedInRenderer['renderSignedIn'];

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'agroselo-signed-in-'));
  await mkdir(path.join(root, 'shells'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(path.join(root, 'index.html'), INDEX_HTML);
  await writeFile(path.join(root, 'shells', 'signed-in.html'), SHELL);
  await writeFile(path.join(root, 'pages', 'login.html'), LOGIN_HTML);
  await writeFile(
    path.join(root, 'route-preloads.json'),
    JSON.stringify([
      {
        path: '/profile',
        scripts: ['/assets/profile.js'],
        styles: ['/assets/profile.css'],
        images: [],
      },
    ]),
  );
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(root, { recursive: true, force: true });
});

/** The web app with a fake API beside it, rendering signed-in pages with `render`. */
async function serve(render: Render) {
  const app = Fastify();
  const seen: { authorization: string | undefined; ip: string }[] = [];
  app.get('/api/auth/info', (request, reply) => {
    seen.push({ authorization: request.headers.authorization, ip: request.ip });
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return reply.code(401).send({ detail: 'Sessão expirada' });
    return { id: 'u-1', name: 'Maria' };
  });
  app.get('/api/property/all', (_request, reply) =>
    reply.header(TOTAL_COUNT_HEADER, '12').send([{ id: 'p-1', name: 'Fazenda Boa Vista' }]),
  );
  app.get('/api/notes', () => ({ text: NASTY }));
  const renderSignedIn = vi.fn(render);
  const load = vi.fn(() => Promise.resolve({ renderSignedIn }));
  const sendPage = await registerWebApp(app, root, { renderer: load });
  app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
  await app.ready();
  return { app, seen, renderSignedIn, load };
}

/** As the app's query for the profile asks: the session's account, then its first properties. */
const renderProfile: Render = async (pathname, request) => {
  if (pathname !== '/profile') return null;
  const info = (await (await request.fetch('/api/auth/info')).json()) as { name: string };
  await request.fetch('/api/property/all?limit=10&offset=0');
  return { screen: `<main>Olá, ${info.name}</main>`, parts: ['user-menu'] };
};

const NASTY = 'a</script><script>alert(1)</script>\u2028b<!--c';

const visit = (url: string, headers: Record<string, string> = {}): InjectOptions => ({
  url,
  headers: { cookie: SESSION, ...headers },
});

const ANSWERS = /<script type="application\/json" id="agroselo-answers">([\s\S]*?)<\/script>/;

interface Answers {
  account: string;
  responses: Record<string, { status: number; headers: Record<string, string>; body: string }>;
}
function answersIn(html: string): Answers {
  const match = ANSWERS.exec(html);
  expect(match, 'no answers in the page').not.toBeNull();
  return JSON.parse(match![1]!) as Answers;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const asRequest = (cookie?: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;

describe('cookieValue and sessionOf', () => {
  it('reads one cookie of a header, by its whole name', () => {
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('', 'a')).toBeUndefined();
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue(' a = 1 ;b=2', 'a')).toBe('1');
    expect(cookieValue('xa=1; a=2', 'a')).toBe('2');
    expect(cookieValue('a=x=y', 'a')).toBe('x=y');
    expect(cookieValue('a=1; a=2', 'a')).toBe('1');
    expect(cookieValue('=1; b', 'b')).toBeUndefined();
  });

  it('takes a token only in the shape of one', () => {
    expect(sessionOf(asRequest())).toBeNull();
    expect(sessionOf(asRequest('theme=dark'))).toBeNull();
    for (const token of [
      '',
      'garbage',
      'a.b',
      'a.b.c.d',
      `${'a'.repeat(1025)}.b.c`,
      `a.${'b'.repeat(2049)}.c`,
      `a.b.${'c'.repeat(513)}`,
      'a.b<script>.c',
      'a.b".c',
      '"a.b.c"',
      'a.b%3C.c',
    ]) {
      expect(sessionOf(asRequest(`${SESSION_COOKIE}=${token}`)), token).toBeNull();
    }
    expect(sessionOf(asRequest(`${SESSION_COOKIE}=x.y.z`))).toEqual({
      token: 'x.y.z',
      timeZone: DEFAULT_TIME_ZONE,
    });
    expect(sessionOf(asRequest(`theme=dark; ${SESSION}; other=1`))?.token).toBe(TOKEN);
  });

  it("renders in the browser's time zone when the server knows it, else São Paulo's", () => {
    const zoneOf = (value: string) =>
      sessionOf(asRequest(`${SESSION}; ${TIME_ZONE_COOKIE}=${value}`))?.timeZone;
    expect(zoneOf('America%2FSao_Paulo')).toBe('America/Sao_Paulo');
    expect(zoneOf('Europe%2FLisbon')).toBe('Europe/Lisbon');
    expect(zoneOf('America/Manaus')).toBe('America/Manaus');
    expect(zoneOf('UTC')).toBe('UTC');
    expect(zoneOf('Mars%2FOlympus')).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOf('%E0%A4%A')).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOf('')).toBe(DEFAULT_TIME_ZONE);
    expect(sessionOf(asRequest(SESSION))?.timeZone).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('a signed-in page rendered for the session of its cookie', () => {
  it('sends its first screen with the answers it was rendered from, kept by no cache', async () => {
    const { app, renderSignedIn } = await serve(renderProfile);
    const response = await app.inject(
      visit('/profile', { cookie: `${SESSION}; ${TIME_ZONE_COOKIE}=Europe%2FLisbon` }),
    );
    expect(response.statusCode).toBe(200);
    expect(renderSignedIn).toHaveBeenCalledWith(
      '/profile',
      expect.objectContaining({ token: TOKEN, timeZone: 'Europe/Lisbon' }),
    );
    const html = response.body;
    expect(html).toContain(
      `<div id="root" data-prerendered data-account="${ACCOUNT}" data-route-scripts="/assets/profile.js" data-parts="user-menu">${SCREEN}</div>`,
    );
    expect(html).not.toContain('<div class="boot">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/profile.css"></head>');
    // Before the shell's script, which takes them as its fetch answers.
    expect(html.indexOf('id="agroselo-answers"')).toBeLessThan(
      html.indexOf(`<script>${SHELL_SCRIPT}`),
    );
    expect(answersIn(html)).toEqual({
      account: ACCOUNT,
      responses: {
        '/api/auth/info': {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ id: 'u-1', name: 'Maria' }),
        },
        '/api/property/all?limit=10&offset=0': {
          status: 200,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            [TOTAL_COUNT_HEADER]: '12',
          },
          body: JSON.stringify([{ id: 'p-1', name: 'Fazenda Boa Vista' }]),
        },
      },
    });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toMatch(/\bCookie\b/);
    expect(String(response.headers.vary)).toMatch(/\bAccept-Encoding\b/);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['content-encoding']).toBeUndefined();
    // Painted by the HTML: its code is asked for once it is, not preloaded with it.
    expect(response.headers.link).toBe('</assets/profile.css>; rel=preload; as=style; crossorigin');
  });

  it('compresses the page as the browser accepts', async () => {
    const { app } = await serve(renderProfile);
    const plain = (await app.inject(visit('/profile'))).body;
    const br = await app.inject(visit('/profile', { 'accept-encoding': 'gzip, br' }));
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await app.inject(visit('/profile', { 'accept-encoding': 'br;q=0, gzip' }));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it("asks the API with the cookie's token, from the visitor's address", async () => {
    const { app, seen } = await serve(renderProfile);
    await app.inject({ ...visit('/profile'), remoteAddress: '203.0.113.7' });
    expect(seen).toEqual([{ authorization: `Bearer ${TOKEN}`, ip: '203.0.113.7' }]);
  });

  it("lets only the shell's inline script run: the answers are data", async () => {
    const app = Fastify();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('content-security-policy', "default-src 'self';script-src 'self'");
      done();
    });
    const renderSignedIn: Render = () => Promise.resolve(RENDERED);
    const sendPage = await registerWebApp(app, root, {
      renderer: () => Promise.resolve({ renderSignedIn }),
    });
    app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
    const hash = createHash('sha256').update(SHELL_SCRIPT).digest('base64');
    const rendered = await app.inject(visit('/profile'));
    expect(rendered.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' 'sha256-${hash}'`,
    );
    // index.html has no inline script.
    expect((await app.inject({ url: '/profile' })).headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self'",
    );
  });

  it('embeds an answer that could close its element escaped, and gives it back whole', async () => {
    const { app } = await serve(async (_pathname, request) => {
      await request.fetch('/api/notes');
      return RENDERED;
    });
    const html = (await app.inject(visit('/profile'))).body;
    const element = ANSWERS.exec(html)![1]!;
    expect(element).not.toMatch(/<\/script/i);
    expect(element).not.toContain('<!--');
    expect(element).not.toContain('\u2028');
    // Only the shell's own script and the answers' element: nothing the answer opened.
    expect(html.match(/<script/g)).toHaveLength(2);
    const { responses } = JSON.parse(element) as Answers;
    expect(JSON.parse(responses['/api/notes']!.body)).toEqual({ text: NASTY });
  });

  it("names the page's lazy parts on #root, leaving out any name that is not the app's", async () => {
    const { app } = await serve(() =>
      Promise.resolve({ screen: SCREEN, parts: ['user-menu', '"><script>', 'date-input'] }),
    );
    const html = (await app.inject(visit('/profile', { cookie: `${SESSION_COOKIE}=x.y.z` }))).body;
    expect(html).toContain('data-parts="user-menu date-input"');
  });

  it("carries an API's refusal as it answered, for the app to handle as its own", async () => {
    const { app } = await serve(async (_pathname, request) => {
      const info = await request.fetch('/api/auth/info');
      return { screen: `<p>${info.status}</p>`, parts: [] };
    });
    const html = (await app.inject(visit('/profile', { cookie: `${SESSION_COOKIE}=x.y.z` }))).body;
    expect(html).toContain('<p>401</p>');
    expect(answersIn(html).responses['/api/auth/info']?.status).toBe(401);
  });
});

describe('the plain shell instead of a rendered page', () => {
  const expectShell = (response: Awaited<ReturnType<ReturnType<typeof Fastify>['inject']>>) => {
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Not rendered: its code paints it, so it is preloaded.
    expect(response.headers.link).toBe(
      '</assets/profile.css>; rel=preload; as=style; crossorigin, </assets/profile.js>; rel=modulepreload',
    );
  };

  it('without a session cookie, or with one in no shape of a token', async () => {
    const { app, renderSignedIn, load } = await serve(renderProfile);
    expectShell(await app.inject({ url: '/profile' }));
    for (const cookie of ['theme=dark', `${SESSION_COOKIE}=garbage`, `${SESSION_COOKIE}=a.b`]) {
      expectShell(await app.inject(visit('/profile', { cookie })));
    }
    expect(load).not.toHaveBeenCalled();
    expect(renderSignedIn).not.toHaveBeenCalled();
  });

  it('for a page the render does not make', async () => {
    const { app, renderSignedIn } = await serve(renderProfile);
    const other = await app.inject(visit('/settings'));
    expect(other.body).toBe(INDEX_HTML);
    expect(other.headers['cache-control']).toBe('no-cache');
    expect(renderSignedIn).toHaveBeenCalledWith('/settings', expect.anything());
  });

  it('when the render returns null or fails, still a 200', async () => {
    const { app } = await serve(() => Promise.resolve(null));
    expectShell(await app.inject(visit('/profile')));
    const failing = await serve(() => Promise.reject(new Error('render failed')));
    expectShell(await failing.app.inject(visit('/profile')));
    const throwing = await serve(() => {
      throw new Error('render threw');
    });
    expectShell(await throwing.app.inject(visit('/profile')));
  });

  it('when its module cannot be loaded', async () => {
    const app = Fastify();
    const sendPage = await registerWebApp(app, root, {
      renderer: () => Promise.reject(new Error('no module')),
    });
    app.setNotFoundHandler((request, reply) => sendPage!(request, reply));
    expectShell(await app.inject(visit('/profile')));
  });

  it('when the render is still waiting after RENDER_TIMEOUT_MS', async () => {
    const started = deferred<void>();
    const { app } = await serve(() => {
      started.resolve();
      return new Promise<never>(() => {});
    });
    // Only the render's timer: Fastify's own work goes on as in any other test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = false;
    const response = app.inject(visit('/profile')).finally(() => (answered = true));
    await started.promise;
    await vi.advanceTimersByTimeAsync(RENDER_TIMEOUT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expectShell(await response);
  });

  it('past MAX_RENDERS renders at once, and renders again once one ends', async () => {
    const held: ((page: typeof RENDERED) => void)[] = [];
    const allHeld = deferred<void>();
    let hold = true;
    const { app, renderSignedIn } = await serve(() => {
      if (!hold) return Promise.resolve(RENDERED);
      return new Promise<typeof RENDERED>((resolve) => {
        held.push(resolve);
        if (held.length === MAX_RENDERS) allHeld.resolve();
      });
    });
    const pending = Array.from({ length: MAX_RENDERS }, () => app.inject(visit('/profile')));
    await allHeld.promise;
    expectShell(await app.inject(visit('/profile')));
    expect(renderSignedIn).toHaveBeenCalledTimes(MAX_RENDERS);
    hold = false;
    for (const release of held) release(RENDERED);
    for (const response of await Promise.all(pending)) {
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toContain(SCREEN);
    }
    expect((await app.inject(visit('/profile'))).body).toContain(SCREEN);
  });
});

describe("a render's calls", () => {
  /** Runs `calls` in a render and gives what each got: a status, or the error it was refused with. */
  async function renderCalling(calls: (fetch: (url: string) => Promise<string>) => Promise<void>) {
    const got: string[] = [];
    const { app } = await serve(async (_pathname, request) => {
      const fetch = (url: string) =>
        request.fetch(url).then(
          (answer) => String(answer.status),
          (error: Error) => error.message,
        );
      await calls(async (url) => {
        const result = await fetch(url);
        got.push(result);
        return result;
      });
      return RENDERED;
    });
    const html = (await app.inject(visit('/profile'))).body;
    return { got, answers: answersIn(html) };
  }

  it('are refused past MAX_ANSWERS', async () => {
    const { got, answers } = await renderCalling(async (fetch) => {
      for (let call = 0; call <= MAX_ANSWERS; call++) await fetch(`/api/auth/info?call=${call}`);
    });
    expect(got.slice(0, MAX_ANSWERS)).toEqual(Array(MAX_ANSWERS).fill('200'));
    expect(got[MAX_ANSWERS]).toMatch(/no call to \/api\/auth\/info\?call=8 from this render/);
    expect(Object.keys(answers.responses)).toHaveLength(MAX_ANSWERS);
  });

  // Counted as asked: a page's queries start at once, before any has answered.
  it('are refused past MAX_ANSWERS when made at once', async () => {
    const { got, answers } = await renderCalling(async (fetch) => {
      await Promise.all(
        Array.from({ length: MAX_ANSWERS + 4 }, (_, call) => fetch(`/api/auth/info?call=${call}`)),
      );
    });
    expect(got.filter((status) => status === '200')).toHaveLength(MAX_ANSWERS);
    expect(Object.keys(answers.responses)).toHaveLength(MAX_ANSWERS);
  });

  it('are refused outside the API', async () => {
    const { got, answers } = await renderCalling(async (fetch) => {
      for (const url of [
        '/profile',
        '/shells/signed-in.html',
        'https://example.com/api/x',
        'api/x',
      ])
        await fetch(url);
    });
    for (const result of got) expect(result).toMatch(/^signed-in page: no call to /);
    expect(answers.responses).toEqual({});
  });

  // A URL is asked as written: `/api/..` would leave the API once resolved.
  it('are refused outside the API by way of a dot segment', async () => {
    const { got, answers } = await renderCalling(async (fetch) => {
      for (const url of ['/api/../index.html', '/api/%2e%2e/index.html']) await fetch(url);
    });
    for (const result of got) expect(result).toMatch(/^signed-in page: no call to /);
    expect(answers.responses).toEqual({});
  });
});

describe('what is never rendered', () => {
  it('a page the build prerendered, with a session or not', async () => {
    const { app, load } = await serve(renderProfile);
    for (const url of ['/login', '/login/']) {
      const response = await app.inject(visit(url));
      expect(response.body, url).toBe(LOGIN_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('the shell template, at its own address', async () => {
    const { app } = await serve(renderProfile);
    for (const request of [{ url: '/shells/signed-in.html' }, visit('/shells/signed-in.html')]) {
      const response = await app.inject(request);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.body).not.toContain(SHELL_SCRIPT);
    }
  });

  it('any page, without the build of the signed-in shell', async () => {
    await rm(path.join(root, 'shells'), { recursive: true });
    const { app, load } = await serve(renderProfile);
    expect((await app.inject(visit('/profile'))).body).toBe(INDEX_HTML);
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses to start with a shell whose #root is not the boot screen', async () => {
    await writeFile(path.join(root, 'shells', 'signed-in.html'), '<div id="root"></div>');
    await expect(serve(renderProfile)).rejects.toThrow(/no boot screen/);
  });
});

describe('rendererAt', () => {
  it('has no renderer for an unbuilt module', () => {
    expect(rendererAt(path.join(root, 'dist-server', 'prerender.js'))).toBeUndefined();
  });

  it('imports the module on first use, once', async () => {
    const file = path.join(root, 'prerender.mjs');
    await writeFile(
      file,
      [
        'globalThis.agroseloRenderLoads = (globalThis.agroseloRenderLoads ?? 0) + 1;',
        'export async function renderSignedIn(pathname) { return { screen: `<p>${pathname}</p>`, parts: [] }; }',
      ].join('\n'),
    );
    const loads = () => (globalThis as { agroseloRenderLoads?: number }).agroseloRenderLoads ?? 0;
    const before = loads();
    const load = rendererAt(file)!;
    expect(load).toBeTypeOf('function');
    expect(loads()).toBe(before);
    const first = await load();
    const second = await load();
    expect(second).toBe(first);
    expect(loads()).toBe(before + 1);
    await expect(
      first.renderSignedIn('/profile', {
        token: TOKEN,
        timeZone: DEFAULT_TIME_ZONE,
        fetch: () => Promise.reject(new Error('unused')),
      }),
    ).resolves.toEqual({ screen: '<p>/profile</p>', parts: [] });
  });
});
