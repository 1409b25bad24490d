/**
 * Web weight benchmark: `npm run bench:web [-- --no-build] [-- --runs 3] [-- --only /login,property]`.
 *
 * Builds the app, starts the built server (embedded database, demo data), and:
 * - loads `/`, `/login` and `/profile` (signed in) in Chromium, each in a fresh profile, and adds
 *   up the JavaScript and CSS the first visit downloads: as sent (brotli, what the server sends a
 *   browser) and gzipped (the issue's measure);
 * - runs Lighthouse 12 (mobile preset: a mid-range phone on a slow 4G link, cold cache) on `/`,
 *   `/login`, `/register`, `/verificar`; signed in as the demo producer (its token where the
 *   web app reads it), `/profile`, its property, a started instance and one of its form
 *   instances; as the demo technician and admin, each page of their side menu and an instance;
 *   prints score, LCP, CLS, TBT and JavaScript sent per page (the median of --runs).
 * With --warm, each audited page is also audited on a repeat visit, the service worker warm.
 * With --trace, each audited page is also loaded once under that throttling with a trace of its
 * main thread: the longest task, the time spent in tasks and in script, the first contentful paint
 * and the blocking time of the tasks after it (what Lighthouse's TBT counts), and when the entry
 * file, `/api/auth/info` and the page's first data request started after the navigation.
 * Figures, not asserts: the targets are marked.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '@agroselo/contracts';
import { demoProducerPages } from '../../web/e2e/demo-pages';
import { freePort } from '../postgres-cluster.mjs';
import { SERVER_NODE_ARGS } from '../server-node-args.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    // Labels of the table, comma-separated: `--only /login,property` audits those pages alone.
    only: { type: 'string', default: '' },
    // A folder to keep each run's full Lighthouse report in (JSON), to read its audits.
    'save-reports': { type: 'string', default: '' },
    // Also loads each audited page once under Lighthouse's throttling (4× CPU, slow 4G) with a
    // trace: its main thread's tasks and when the page's data was asked for (figures that do not
    // move with the machine's load as Lighthouse's scores do).
    trace: { type: 'boolean', default: false },
    // Also audits each page on a repeat visit: the service worker installed by a first visit and
    // in control, the storage and cache kept (what a phone that opened the app before gets).
    warm: { type: 'boolean', default: false },
  },
});
const ONLY = args.only ? new Set(args.only.split(',').map((label) => label.trim())) : null;
// 0: no Lighthouse (the weights, and the traces with --trace).
const RUNS = Math.max(0, Number(args.runs));
const repoRoot = path.resolve(import.meta.dirname, '../..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The flags of web/e2e/playwright.config.ts.
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
const TOKEN_KEY = 'agroselo.token';
/**
 * The browser's time zone, and the one its session cookie names: the server writes a page's
 * moments in the cookie's zone, and a browser in another (the machine's UTC) would hydrate them
 * as different text, rendering the page anew (React's error 418).
 */
const TIME_ZONE = 'America/Sao_Paulo';

/**
 * The session's cookies as the app writes them beside the stored token (web/src/api/
 * session-cookie.ts): with them the server renders the signed-in pages into their HTML.
 */
const sessionCookies = (base: string, token: string) => [
  { name: SESSION_COOKIE, value: token, url: base },
  { name: TIME_ZONE_COOKIE, value: encodeURIComponent(TIME_ZONE), url: base },
];
/** The demo's accounts (server/src/db/seed/demo.ts) whose signed-in pages are audited. */
const DEMO_ACCOUNTS = {
  producer: 'produtor@agroselo.local',
  technician: 'tecnico@agroselo.local',
  admin: 'admin@agroselo.local',
} as const;
type SignedInRole = keyof typeof DEMO_ACCOUNTS;
const DEMO_PASSWORD = 'agroselo123';
const JS_TARGET_KB = 180;
const SCORE_TARGET = 95;
const LCP_TARGET_S = 2;

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

interface Weight {
  files: number;
  sent: number;
  gzip: number;
}
interface PageWeight {
  path: string;
  js: Weight;
  css: Weight;
}

async function startServer(workDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, path.join(repoRoot, 'server/dist/main.js')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(workDir, 'data'),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/stamp/all`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await sleep(250);
  }
  return { base, child };
}

async function login(base: string, role: SignedInRole = 'producer'): Promise<string> {
  const response = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** What a first visit to `pagePath` downloads, in a fresh browser profile (nothing cached). */
async function weigh(
  browser: Browser,
  base: string,
  pagePath: string,
  token?: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) {
    await context.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`,
    });
    await context.addCookies(sessionCookies(base, token));
  }
  const page = await context.newPage();
  const weights = {
    script: { files: 0, sent: 0, gzip: 0 },
    stylesheet: { files: 0, sent: 0, gzip: 0 },
  };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const response = await request.response().catch(() => null);
        if (!response) return;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]).catch(
          (error: unknown) => {
            log(`  ${request.url()}: ${error instanceof Error ? error.message : String(error)}`);
            return [null, null] as const;
          },
        );
        if (!sizes || !body) return;
        const weight = weights[type];
        weight.files += 1;
        weight.sent += sizes.responseBodySize;
        weight.gzip += gzipSync(body, { level: 9 }).length;
      })(),
    );
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== pagePath)
    throw new Error(`${pagePath} led to ${page.url()}: was the session accepted?`);
  // A file may finish while the others are awaited: wait until none is left.
  for (let settled = -1; settled !== pending.length;) {
    settled = pending.length;
    await Promise.all(pending);
  }
  await context.close();
  return { path: pagePath, js: weights.script, css: weights.stylesheet };
}

/** Lighthouse's mobile preset, applied by the browser (DevTools throttling) rather than simulated. */
const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

interface FirstLoad {
  label: string;
  longestTaskMs: number;
  /** Tasks over 50 ms. */
  longTasks: number;
  /** What each task holds the thread past 50 ms, added up (TBT's measure, over the whole load). */
  blockingMs: number;
  /** The first contentful paint, in ms after the navigation. */
  firstPaintMs?: number;
  /**
   * The same, counting only the tasks that start after the first contentful paint: the part that
   * Lighthouse's Total Blocking Time counts (what runs before that paint delays FCP instead).
   */
  blockingAfterPaintMs?: number;
  busyMs: number;
  scriptMs: number;
  /** When each request started, in ms after the navigation's. */
  starts: { entry?: number; session?: number; data?: number; dataPath?: string };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

/** The tasks of the renderer's main thread in a trace: the thread with the most time in tasks. */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mains.has(key) || event.ph !== 'X' || event.name !== 'RunTask') continue;
    byThread.set(key, [...(byThread.get(key) ?? []), event]);
  }
  const busy = (tasks: TraceEvent[]) => tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  return [...byThread.values()].sort((a, b) => busy(b) - busy(a))[0] ?? [];
}

/** One first visit under the mobile preset's throttling, traced. */
async function traceFirstLoad(
  browser: Browser,
  base: string,
  audited: AuditedPage,
  tokens: Tokens,
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (audited.as) {
    const token = tokens[audited.as];
    await context.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`,
    });
    await context.addCookies(sessionCookies(base, token));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  const sent: { url: string; at: number }[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    sent.push({ url: event.request.url, at: event.timestamp * 1000 });
  });
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      // navigationStart and firstContentfulPaint.
      'blink.user_timing',
      'loading',
    ],
  });
  await page.goto(`${base}${audited.path}`, { waitUntil: 'networkidle', timeout: 120_000 });
  const raw = await browser.stopTracing();
  // The renderer's own totals (seconds of script and of tasks), as DevTools' Performance panel.
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
  if (process.env.BENCH_TRACE_DIR)
    writeFileSync(
      path.join(process.env.BENCH_TRACE_DIR, `${audited.label.replace(/\W+/g, '_')}.json`),
      raw,
    );
  const trace = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();

  const tasks = mainThreadTasks(trace.traceEvents);
  const navigation = sent[0]?.at ?? 0;
  // The page's own navigation and first contentful paint (the trace's clock, in µs).
  const navigationStart = trace.traceEvents.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.documentLoaderURL?.startsWith(base) === true,
  );
  const firstPaint = trace.traceEvents.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === navigationStart?.pid,
  );
  const blocking = (list: TraceEvent[]) =>
    list.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - 50), 0);
  const startOf = (test: (url: URL) => boolean) => {
    const request = sent.find((entry) => test(new URL(entry.url)));
    return request ? { at: Math.round(request.at - navigation), url: request.url } : undefined;
  };
  const entry = startOf((url) => /^\/assets\/.*\.js$/.test(url.pathname));
  const session = startOf((url) => url.pathname === '/api/auth/info');
  const data = startOf(
    (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/info',
  );
  return {
    label: audited.label,
    longestTaskMs: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
    longTasks: tasks.filter((task) => (task.dur ?? 0) > 50_000).length,
    blockingMs: blocking(tasks),
    firstPaintMs:
      firstPaint && navigationStart ? (firstPaint.ts - navigationStart.ts) / 1000 : undefined,
    blockingAfterPaintMs: firstPaint
      ? blocking(tasks.filter((task) => task.ts >= firstPaint.ts))
      : undefined,
    busyMs: metric('TaskDuration'),
    scriptMs: metric('ScriptDuration'),
    starts: {
      entry: entry?.at,
      session: session?.at,
      data: data?.at,
      dataPath: data ? new URL(data.url).pathname : undefined,
    },
  };
}

interface Scores {
  path: string;
  performance: number[];
  accessibility: number[];
  metrics: { fcp: number[]; lcp: number[]; tbt: number[]; cls: number[]; jsKb: number[] };
}

/** A page Lighthouse visits, as a visitor or signed in as one of the demo's accounts. */
interface AuditedPage {
  label: string;
  path: string;
  as?: SignedInRole;
}

type Tokens = Record<SignedInRole, string>;

/** The demo producer's pages (web/e2e/demo-pages.ts), signed in. */
async function demoPages(base: string, token: string): Promise<AuditedPage[]> {
  const pages = await demoProducerPages(async <T>(url: string): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  });
  return [
    { label: '/profile', path: pages.profile, as: 'producer' },
    { label: 'property', path: pages.property, as: 'producer' },
    { label: 'instance', path: pages.instance, as: 'producer' },
    { label: 'form instance', path: pages.form, as: 'producer' },
  ];
}

/**
 * The pages of the technician's and the admin's side menus, their profile, and the instance they
 * review.
 */
function staffPages(instance: string): AuditedPage[] {
  const technician = ['/process-instances', '/pendings', '/properties', '/reports', '/profile'];
  const admin = [...technician, '/users', '/stamps', '/workload'];
  return [
    ...technician.map((pagePath) => ({
      label: `technician ${pagePath}`,
      path: pagePath,
      as: 'technician' as const,
    })),
    { label: 'technician instance', path: instance, as: 'technician' },
    ...admin.map((pagePath) => ({
      label: `admin ${pagePath}`,
      path: pagePath,
      as: 'admin' as const,
    })),
  ];
}

/**
 * Signs the demo producer in for the next Lighthouse run and empties the HTTP cache: Lighthouse
 * then keeps the storage (disableStorageReset) yet loads every file as on a first visit.
 */
async function signInColdCache(port: number, base: string, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  // A file of the origin, not a page of the app: no service worker is installed by it.
  await page.goto(`${base}/manifest.webmanifest`);
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`,
  );
  // Written as the app writes them for a remembered session, once it has run (it drops a cookie
  // without a stored token): Lighthouse's page sent no session cookie (no Max-Age), whether set
  // through the protocol or from a page of this shared profile.
  await page.evaluate(
    sessionCookies(base, token)
      .map(
        ({ name, value }) =>
          `document.cookie = ${JSON.stringify(`${name}=${value}; Path=/; SameSite=Lax; Max-Age=86400`)};`,
      )
      .join('\n'),
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // A first visit: no service worker nor its precache from an earlier run (storage and cookies stay).
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage',
  });
  await page.close();
  await browser.close();
}

/**
 * The visit before a repeat visit: `pagePath` opened once in the shared profile (signed in with
 * `token`, or signed out), until the service worker has precached the app and controls the page.
 */
async function warmServiceWorker(port: number, base: string, pagePath: string, token?: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/manifest.webmanifest`);
  await page.evaluate(
    token === undefined
      ? `localStorage.removeItem(${JSON.stringify(TOKEN_KEY)})`
      : `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`,
  );
  await page.goto(`${base}${pagePath}`);
  // As a string: this file is type-checked for Node, without the DOM's types.
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  })()`);
  await page.close();
  await browser.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

async function audit(
  port: number,
  url: string,
  signIn: (() => Promise<void>) | undefined,
  keepStorage: boolean,
): Promise<Omit<Scores, 'path'>> {
  // A run can fail on a busy machine (a protocol timeout, no paint caught): it is tried again.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    await signIn?.();
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: keepStorage,
    });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
    const reason = lhr?.runtimeError?.code ?? 'no result';
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${reason}`);
    log(`  Lighthouse failed on ${url} (${reason}); again`);
  }
  if (args['save-reports']) {
    mkdirSync(args['save-reports'], { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_');
    writeFileSync(
      path.join(args['save-reports'], `${name || '_'}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  }
  const { categories, audits } = lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const ms = (name: string) => audits[name]?.numericValue ?? NaN;
  const requests =
    (
      audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  const jsBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    performance: [score('performance')],
    accessibility: [score('accessibility')],
    metrics: {
      fcp: [ms('first-contentful-paint')],
      lcp: [ms('largest-contentful-paint')],
      tbt: [ms('total-blocking-time')],
      cls: [ms('cumulative-layout-shift')],
      jsKb: [jsBytes / 1024],
    },
  };
}

/** The columns of a Lighthouse table, cold and repeat visits alike. */
const SCORE_COLUMNS = [
  'page',
  'performance',
  'accessibility',
  'FCP s',
  'LCP s',
  'CLS',
  'TBT ms',
  'JS KB sent',
  'target',
];

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

async function main() {
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  if (!args['no-build']) {
    log('building (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('build failed');
  } else if (!existsSync(path.join(repoRoot, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run without --no-build');
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'agroselo-bench-web-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const started = await startServer(workDir);
    server = started.child;
    const { base } = started;
    const debugPort = await freePort();
    browser = await chromium.launch({
      executablePath: CHROME,
      args: [...CHROME_FLAGS, `--remote-debugging-port=${debugPort}`],
      env: { ...process.env, TZ: TIME_ZONE },
    });

    log('weighing first visits');
    const tokens: Tokens = {
      producer: await login(base, 'producer'),
      technician: await login(base, 'technician'),
      admin: await login(base, 'admin'),
    };
    const token = tokens.producer;
    const weights: PageWeight[] = [];
    for (const [pagePath, session] of [
      ['/', undefined],
      ['/login', undefined],
      ['/profile', token],
    ] as const) {
      // A busy machine can close a page under the weighing: the scores below still run.
      try {
        weights.push(await weigh(browser, base, pagePath, session));
      } catch (error) {
        log(`  ${pagePath} not weighed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    const producerPages = await demoPages(base, token);
    const pages: AuditedPage[] = [
      ...['/', '/login', '/register', '/verificar'].map((pagePath) => ({
        label: pagePath,
        path: pagePath,
      })),
      ...producerPages,
      ...staffPages(producerPages.find((page) => page.label === 'instance')!.path),
    ].filter((page) => !ONLY || ONLY.has(page.label));
    const loads: FirstLoad[] = [];
    if (args.trace)
      for (const audited of pages) {
        log(`tracing ${audited.path} (${CPU_SLOWDOWN}× CPU, slow 4G)`);
        try {
          loads.push(await traceFirstLoad(browser, base, audited, tokens));
        } catch (error) {
          log(`  not traced: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    /** RUNS audits of each page, `prepare` run before each (a sign-in, a first visit). */
    const auditAll = async (
      kind: string,
      prepare: (audited: AuditedPage) => (() => Promise<void>) | undefined,
      keepStorage: (audited: AuditedPage) => boolean,
    ) => {
      const collected: Scores[] = [];
      for (const audited of RUNS > 0 ? pages : []) {
        const page: Scores = {
          path: audited.label,
          performance: [],
          accessibility: [],
          metrics: { fcp: [], lcp: [], tbt: [], cls: [], jsKb: [] },
        };
        for (let run = 1; run <= RUNS; run++) {
          log(`Lighthouse ${audited.path}${kind} (${run}/${RUNS})`);
          const one = await audit(
            debugPort,
            `${base}${audited.path}`,
            prepare(audited),
            keepStorage(audited),
          );
          log(
            `  performance ${one.performance[0]}, accessibility ${one.accessibility[0]}, FCP ${(one.metrics.fcp[0]! / 1000).toFixed(1)} s, LCP ${(one.metrics.lcp[0]! / 1000).toFixed(1)} s, TBT ${Math.round(one.metrics.tbt[0]!)} ms, CLS ${one.metrics.cls[0]!.toFixed(3)}, JS ${one.metrics.jsKb[0]!.toFixed(0)} KB`,
          );
          page.performance.push(...one.performance);
          page.accessibility.push(...one.accessibility);
          for (const key of ['fcp', 'lcp', 'tbt', 'cls', 'jsKb'] as const)
            page.metrics[key].push(...one.metrics[key]);
        }
        collected.push(page);
      }
      return collected;
    };
    const scores = await auditAll(
      '',
      (audited) =>
        audited.as ? () => signInColdCache(debugPort, base, tokens[audited.as!]) : undefined,
      (audited) => audited.as !== undefined,
    );
    const warmScores = args.warm
      ? await auditAll(
          ', repeat visit',
          (audited) => () =>
            warmServiceWorker(
              debugPort,
              base,
              audited.path,
              audited.as ? tokens[audited.as] : undefined,
            ),
          () => true,
        )
      : [];

    const mark = (ok: boolean) => (ok ? '✓' : '✗');
    const weightRows = weights.map((w) => [
      w.path,
      String(w.js.files),
      kb(w.js.gzip),
      kb(w.js.sent),
      String(w.css.files),
      kb(w.css.gzip),
      kb(w.css.sent),
      w.path === '/'
        ? `${mark(w.js.gzip / 1024 <= JS_TARGET_KB)} JS ≤ ${JS_TARGET_KB} KB gzip`
        : '',
    ]);
    const scoreRowsOf = (collected: Scores[]) =>
      collected.map((s) => {
        const performance = median(s.performance);
        const accessibility = median(s.accessibility);
        const lcp = median(s.metrics.lcp) / 1000;
        return [
          s.path,
          String(performance),
          String(accessibility),
          (median(s.metrics.fcp) / 1000).toFixed(1),
          lcp.toFixed(1),
          median(s.metrics.cls).toFixed(3),
          String(Math.round(median(s.metrics.tbt))),
          median(s.metrics.jsKb).toFixed(0),
          `${mark(performance >= SCORE_TARGET && lcp <= LCP_TARGET_S)} ≥ ${SCORE_TARGET}, LCP ≤ ${LCP_TARGET_S} s`,
        ];
      });
    const scoreRows = scoreRowsOf(scores);
    const warmRows = scoreRowsOf(warmScores);
    const at = (ms: number | undefined) => (ms === undefined ? '—' : String(ms));
    const loadRows = loads.map((load) => [
      load.label,
      load.longestTaskMs.toFixed(0),
      String(load.longTasks),
      load.blockingMs.toFixed(0),
      at(load.firstPaintMs === undefined ? undefined : Math.round(load.firstPaintMs)),
      load.blockingAfterPaintMs?.toFixed(0) ?? '—',
      load.busyMs.toFixed(0),
      load.scriptMs.toFixed(0),
      at(load.starts.entry),
      at(load.starts.session),
      at(load.starts.data),
      load.starts.dataPath ?? '',
    ]);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    const version = (browser.version() || '').split('.')[0];
    process.stdout.write(
      [
        '',
        `AgroSelo web benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        `machine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, Chromium ${version}, load average before the run ${loadBefore}`,
        `command: npm run bench:web${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
        '',
        'First visit, fresh browser profile (KB; "sent" is what the server sent Chromium: brotli):',
        '',
        table(
          ['page', 'JS files', 'JS gzip', 'JS sent', 'CSS files', 'CSS gzip', 'CSS sent', 'target'],
          weightRows,
        ),
        '',
        ...(scoreRows.length
          ? [
              `Lighthouse ${lighthouseVersion()} mobile preset (simulated slow 4G, 4× CPU slowdown, cold cache), median of ${RUNS}; signed-in pages as the demo's ${Object.entries(
                DEMO_ACCOUNTS,
              )
                .map(([role, email]) => `${role} (${email})`)
                .join(', ')}:`,
              '',
              table(SCORE_COLUMNS, scoreRows),
              '',
            ]
          : []),
        ...(warmRows.length
          ? [
              `Repeat visit: the same pages opened again on a device that visited them before (the service worker in control, the app's files from its precache, storage and cache kept), median of ${RUNS}:`,
              '',
              table(SCORE_COLUMNS, warmRows),
              '',
            ]
          : []),
        ...(loadRows.length
          ? [
              `First load traced once (${CPU_SLOWDOWN}× CPU, slow 4G applied by the browser); main thread in ms, request starts in ms after the navigation's:`,
              '',
              table(
                [
                  'page',
                  'longest task',
                  'tasks > 50 ms',
                  'blocking',
                  'FCP',
                  'blocking after FCP',
                  'in tasks',
                  'script',
                  'first JS',
                  'auth/info',
                  'data',
                  'data path',
                ],
                loadRows,
              ),
              '',
            ]
          : []),
      ].join('\n'),
    );
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
    }
    rmSync(workDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
