import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresCluster,
  findPostgresBin,
  type PostgresCluster,
} from '../../../scripts/postgres-cluster.mjs';
import { openPostgres } from '../../src/db/client';
import { READINESS_CACHE_MS } from '../../src/plugins/health';
import { buildTestApp, type TestApp } from '../support/test-app';

/**
 * A balancer asks /readyz and /healthz while PostgreSQL goes away and comes back (issue 44): the
 * server is taken out of rotation while the database is away, put back once it returns, and its
 * process is never reported dead meanwhile. Needs PostgreSQL binaries to own a cluster.
 */
const bin = findPostgresBin();
if (!bin) console.log('PostgreSQL binaries not found: the readiness outage test is skipped');

const TOKEN = 'metricas-'.padEnd(40, 'x');

describe.skipIf(!bin)('/readyz during a PostgreSQL outage', () => {
  let cluster: PostgresCluster;
  let database: Awaited<ReturnType<typeof openPostgres>>;
  let t: TestApp;
  let starting: Promise<PostgresCluster> | undefined;

  beforeAll(async () => {
    starting = createPostgresCluster({ bin });
    cluster = await starting;
    database = await openPostgres(cluster.url());
    t = await buildTestApp({ DATABASE_URL: cluster.url(), METRICS_TOKEN: TOKEN }, { database });
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await (await starting?.catch(() => undefined))?.destroy();
  }, 60_000);

  /** Probes as a balancer does until `status` comes back; /healthz is asked beside every probe. */
  async function probeUntil(status: number) {
    const healthz: number[] = [];
    const deadline = Date.now() + 20_000 + READINESS_CACHE_MS;
    for (;;) {
      healthz.push((await t.app.inject({ url: '/healthz' })).statusCode);
      const readyz = await t.app.inject({ url: '/readyz' });
      if (readyz.statusCode === status || Date.now() > deadline)
        return { readyz, healthz, body: readyz.json<Record<string, unknown>>() };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('turns 503 naming the database while it is away, 200 again once it is back; /healthz stays 200', async () => {
    expect((await probeUntil(200)).readyz.statusCode).toBe(200);

    await cluster.stop();
    const away = await probeUntil(503);
    expect(away.readyz.statusCode).toBe(503);
    expect(away.body).toEqual({
      status: 'unready',
      checks: { database: 'falhou: sem conexão', storage: 'ok', migrations: 'não verificadas' },
    });
    // Nothing of the connection (address, user, password, database name) leaves the server.
    const url = new URL(cluster.url());
    for (const part of [url.host, url.username, url.pathname.slice(1), 'ECONNREFUSED'])
      if (part) expect(away.readyz.body).not.toContain(part);
    expect(away.healthz.every((status) => status === 200)).toBe(true);
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^agroselo_ready 0$/m);
    expect(metrics.body).toMatch(/^agroselo_ready_check\{check="database"\} 0$/m);
    // The outbox's figures are unknown while its table cannot be read, not shown stale.
    // (prom-client writes NaN as Nan, which Prometheus reads alike.)
    expect(metrics.body).toMatch(/^agroselo_mail_outbox_queued nan$/im);

    await cluster.start();
    const back = await probeUntil(200);
    expect(back.readyz.statusCode).toBe(200);
    expect(back.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok' },
    });
    expect(back.healthz.every((status) => status === 200)).toBe(true);
  }, 90_000);
});
