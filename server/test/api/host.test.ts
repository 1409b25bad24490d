import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { messages } from '@agroselo/contracts';
import { Upload } from '@tus/utils';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, mailOutbox } from '../../src/db/schema';
import { createUser } from '../../src/db/seed/factories';
import { newId } from '../../src/lib/ids';
import { createJobRunner } from '../../src/lib/jobs';
import { createUploadStore } from '../../src/modules/uploads/store';
import { READINESS_CACHE_MS } from '../../src/plugins/health';
import { listenMetrics } from '../../src/plugins/metrics';
import { buildTestApp, pgTemplateUrl, silentLogger, type TestApp } from '../support/test-app';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../storage/s3-server';

/**
 * What the people who host AgroSelo ask of it (issue 44, DESIGN §4c "Host"): /healthz, /readyz
 * and /metrics. The PostgreSQL outage is server/test/pg/readiness.test.ts.
 */
const TOKEN = 'metricas-'.padEnd(40, 'x');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const onPostgres = () => pgTemplateUrl() !== '';

/** Asks until `condition` holds of the answer: readiness is cached for READINESS_CACHE_MS. */
async function readyzUntil(
  t: TestApp,
  condition: (status: number, body: Record<string, unknown>) => boolean,
) {
  const deadline = Date.now() + 10 * READINESS_CACHE_MS;
  for (;;) {
    const response = await t.app.inject({ url: '/readyz' });
    const body = response.json<Record<string, unknown>>();
    if (condition(response.statusCode, body) || Date.now() > deadline)
      return { status: response.statusCode, body };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One sample of the metrics text: `name{labels} value`, by name and labels as written. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const written = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([key, value]) => written.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('GET /healthz and GET /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('answers /healthz without asking the database anything', async () => {
    let response;
    const queries = await t.queriesDuring(async () => {
      response = await t.app.inject({ url: '/healthz' });
    });
    expect(response!.statusCode).toBe(200);
    expect(response!.json()).toEqual({ status: 'ok' });
    expect(response!.headers['cache-control']).toBe('no-store');
    expect(queries).toEqual([]);
  });

  it('is ready when the database answers, the store is reachable and every migration is applied', async () => {
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    // HEAD, as some balancers probe.
    expect((await t.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
  });

  it('shares one check among the probes of a moment: one statement for many probes', async () => {
    await new Promise((resolve) => setTimeout(resolve, READINESS_CACHE_MS));
    const queries = await t.queriesDuring(() =>
      Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: '/readyz' }))),
    );
    expect(queries).toHaveLength(1);
  });

  it('is not ready while a migration of this build is missing from the database, and says how many', async () => {
    const behind = await buildTestApp();
    const [latest] = (
      (await behind.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(latest).toBeDefined();
    const response = await behind.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unready',
      checks: { database: 'ok', storage: 'ok', migrations: 'falhou: 1 pendente' },
    });
    await behind.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    const none = await readyzUntil(behind, (_status, body) =>
      String((body.checks as Record<string, string>).migrations).includes('pendentes'),
    );
    expect(none.status).toBe(503);
    expect((none.body.checks as Record<string, string>).database).toBe('ok');
  });

  it('answers 503 while draining, as every other route goes on serving; /healthz stays 200', async () => {
    const draining = await buildTestApp();
    expect((await draining.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    draining.app.readiness.drain();
    const response = await draining.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'draining' });
    expect((await draining.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await draining.app.inject({ url: '/api/stamp/all' })).statusCode).toBe(200);
  });

  it('is not counted by the flood limit', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2', METRICS_TOKEN: TOKEN });
    for (let i = 0; i < 5; i++) {
      for (const url of ['/healthz', '/readyz', '/metrics']) {
        const response = await limited.app.inject({ url, headers: bearer(TOKEN) });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await limited.app.inject({ url: '/api/stamp/all' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('writes no log line at info for probes and scrapes, as it does for every other request', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildTestApp(
      { METRICS_TOKEN: TOKEN },
      { logger: { level: 'info', stream } },
    );
    lines.length = 0;
    for (const url of ['/healthz', '/readyz', '/metrics'])
      expect((await logged.app.inject({ url, headers: bearer(TOKEN) })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await logged.app.inject({ url: '/api/stamp/all' });
    expect(lines.join('')).toContain('/api/stamp/all');
  });
});

describe('/readyz with STORAGE_URL on an S3-compatible bucket', () => {
  let s3: TestS3;
  let stopped = false;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => (stopped ? undefined : s3?.close()));

  it('is not ready on a bucket that does not exist', async () => {
    const missing = s3.storageUrl().replace(TEST_BUCKET, 'agroselo-nao-existe');
    const t = await buildTestApp({ ...s3.env(), STORAGE_URL: missing });
    const response = await t.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ checks: object }>().checks).toMatchObject({
      storage: 'falhou: inacessível',
    });
  });

  it('is ready while the bucket answers and not once it is gone, naming no bucket or address', async () => {
    const t = await buildTestApp(s3.env('readyz'));
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
    await s3.close();
    stopped = true;
    const { status, body } = await readyzUntil(t, (code) => code === 503);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unready',
      checks: { database: 'ok', storage: 'falhou: inacessível', migrations: 'ok' },
    });
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`${TEST_BUCKET}|127\\.0\\.0\\.1|S3RVER`));
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  const scrape = async (app = t) => {
    const response = await app.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('is off without METRICS_TOKEN or METRICS_PORT: 404, not the web app', async () => {
    const off = await buildTestApp();
    const response = await off.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.common.pageNotFound });
    expect(off.app.metrics.recordJob).toBeTypeOf('function');
  });

  it('answers 401 without the bearer token, 403 with another, in Portuguese', async () => {
    const owner = await createUser(t.db, { role: 'admin' });
    const cases: [Record<string, string>, number][] = [
      [{}, 401],
      [{ authorization: '' }, 401],
      [{ authorization: 'Bearer' }, 401],
      [{ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }, 401],
      [{ authorization: TOKEN }, 401],
      [bearer(`${TOKEN}x`), 403],
      [bearer(TOKEN.slice(0, -1)), 403],
      [bearer(TOKEN.toUpperCase()), 403],
      [await t.auth(owner), 403],
      [bearer(TOKEN), 200],
      [{ authorization: `bearer ${TOKEN}` }, 200],
    ];
    for (const [headers, status] of cases) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(status);
      if (status === 200) continue;
      expect(response.json()).toEqual({
        detail: status === 401 ? messages.auth.notAuthenticated : messages.auth.forbidden,
      });
      if (status === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_request');
    }
  });

  it('speaks Prometheus text: requests by route template and status class, never by address', async () => {
    const number = `AS-${randomBytes(6).toString('hex')}`;
    await t.app.inject({ url: '/api/stamp/all' });
    await t.app.inject({ url: `/api/certificate/${number}` });
    await t.app.inject({ url: `/nao-existe-${number}` });
    const response = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    const count = 'http_request_duration_seconds_count';
    expect(sample(text, count, { route: '/api/stamp/all', status_class: '2xx' })).toBe(1);
    expect(
      sample(text, count, { route: '/api/certificate/:number', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, count, { route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        route: '/api/stamp/all',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(text).not.toContain(number);
  });

  it('carries the process defaults and the tables and stores it reads at each scrape', async () => {
    const text = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'agroselo_mail_outbox_queued',
      'agroselo_mail_outbox_failed',
      'agroselo_mail_outbox_oldest_age_seconds',
      'agroselo_uploads_unfinished',
      'agroselo_upload_transfers_in_flight',
      'agroselo_ready',
    ])
      expect(sample(text, name), name).not.toBeNull();
    expect(sample(text, 'agroselo_ready')).toBe(1);
    expect(sample(text, 'agroselo_ready_check', { check: 'database' })).toBe(1);
    // The pool is PostgreSQL's; the embedded database is one connection inside the process.
    if (onPostgres()) {
      expect(sample(text, 'agroselo_db_pool_max')).toBe(10);
      expect(sample(text, 'agroselo_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(sample(text, 'agroselo_db_pool_waiting')).toBe(0);
    } else expect(text).not.toContain('agroselo_db_pool');
  });

  it("reads the e-mail outbox's queue, failures and oldest message from its table", async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const mail = (status: 'pending' | 'failed' | 'sent', minutesAgo: number) => ({
      id: newId(),
      toAddress: 'fila@exemplo.com.br',
      subject: 'Assunto',
      text: 'Texto',
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    expect(sample(await scrape(app), 'agroselo_mail_outbox_queued')).toBe(0);
    expect(sample(await scrape(app), 'agroselo_mail_outbox_oldest_age_seconds')).toBe(0);
    await app.db
      .insert(mailOutbox)
      .values([
        mail('pending', 10),
        mail('pending', 1),
        mail('failed', 300),
        mail('sent', 600),
        mail('sent', 1),
      ]);
    const text = await scrape(app);
    expect(sample(text, 'agroselo_mail_outbox_queued')).toBe(2);
    expect(sample(text, 'agroselo_mail_outbox_failed')).toBe(1);
    const oldest = sample(text, 'agroselo_mail_outbox_oldest_age_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(900);
  });

  it('reads the daily jobs from job_runs, and counts this process’s attempts by result', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await app.db.insert(jobRuns).values([
      {
        name: 'limpeza',
        period: '2026-05-01',
        startedAt: new Date('2026-05-01T06:00:00Z'),
        finishedAt: new Date('2026-05-01T06:00:02.5Z'),
      },
      {
        name: 'limpeza',
        period: '2026-05-02',
        startedAt: new Date('2026-05-02T06:00:00Z'),
        finishedAt: new Date('2026-05-02T06:00:04Z'),
      },
    ]);
    let text = await scrape(app);
    expect(sample(text, 'agroselo_job_last_success_timestamp_seconds', { job: 'limpeza' })).toBe(
      Date.parse('2026-05-02T06:00:00Z') / 1000,
    );
    expect(sample(text, 'agroselo_job_last_success_duration_seconds', { job: 'limpeza' })).toBe(4);

    const runner = createJobRunner({
      db: app.db,
      log: silentLogger,
      onOutcome: app.app.metrics.recordJob,
      jobs: [
        { name: 'avisos', hour: 0, run: async () => 'ok' },
        {
          name: 'quebrada',
          hour: 0,
          run: async () => {
            throw new Error('falhou de propósito');
          },
        },
      ],
    });
    const day = new Date('2026-06-01T15:00:00Z');
    await runner.runDue(day);
    await runner.runDue(day);
    text = await scrape(app);
    const runs = (job: string, result: string) =>
      sample(text, 'agroselo_job_runs_total', { job, result });
    expect(runs('avisos', 'ran')).toBe(1);
    expect(runs('avisos', 'already-done')).toBe(1);
    expect(runs('quebrada', 'failed')).toBe(2);
    expect(
      sample(text, 'agroselo_job_last_run_duration_seconds', { job: 'avisos' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'agroselo_job_last_success_timestamp_seconds', { job: 'avisos' })).toBe(
      day.getTime() / 1000,
    );
    expect(
      sample(text, 'agroselo_job_last_success_timestamp_seconds', { job: 'quebrada' }),
    ).toBeNull();
  });

  it('counts unfinished resumable uploads, and the parts being received right now', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const owner = await createUser(app.db, { role: 'owner' });
    const id = randomBytes(16).toString('hex');
    await createUploadStore(app.deps.config).create(
      new Upload({
        id,
        size: 1000,
        offset: 0,
        metadata: { owner: owner.id, filename: 'a.pdf', filetype: 'application/pdf' },
      }),
    );
    let text = await scrape(app);
    expect(sample(text, 'agroselo_uploads_unfinished')).toBe(1);
    expect(sample(text, 'agroselo_upload_transfers_in_flight')).toBe(0);

    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.app.server.address() as AddressInfo;
    const patch = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: `/api/uploads/${id}`,
      headers: {
        ...(await app.auth(owner)),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': '100',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      patch.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      patch.on('error', reject);
    });
    patch.write(Buffer.alloc(50));
    const deadline = Date.now() + 5_000;
    do text = await scrape(app);
    while (sample(text, 'agroselo_upload_transfers_in_flight') !== 1 && Date.now() < deadline);
    expect(sample(text, 'agroselo_upload_transfers_in_flight')).toBe(1);
    patch.end(Buffer.alloc(50));
    expect(await answered).toBe(204);
    const after = Date.now() + 5_000;
    do text = await scrape(app);
    while (sample(text, 'agroselo_upload_transfers_in_flight') !== 0 && Date.now() < after);
    expect(sample(text, 'agroselo_upload_transfers_in_flight')).toBe(0);
  });
});

describe('METRICS_PORT: /metrics on an internal address of its own', () => {
  it('serves /metrics there alone, without a token unless METRICS_TOKEN asks for one', async () => {
    const t = await buildTestApp({ METRICS_PORT: '0' });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const server = (await listenMetrics(t.app, t.deps.config))!;
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain('http_request_duration_seconds');
      for (const path of ['/', '/healthz', '/api/stamp/all', '/metrics/x'])
        expect((await fetch(`${base}${path}`)).status, path).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }

    const guarded = await buildTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    expect((await guarded.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(
      404,
    );
    const own = (await listenMetrics(guarded.app, guarded.deps.config))!;
    try {
      const url = `http://127.0.0.1:${own.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: bearer('outro') })).status).toBe(403);
      expect((await fetch(url, { headers: bearer(TOKEN) })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('is not opened without METRICS_PORT', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    expect(await listenMetrics(t.app, t.deps.config)).toBeUndefined();
  });
});
