import { describe, expect, it } from 'vitest';
import { READINESS_CACHE_MS } from '../../src/plugins/health';
import { ownedPostgres, postgresBin } from '../support/owned-postgres';

/**
 * A balancer asks /readyz and /healthz while PostgreSQL goes away and comes back (issue 44): the
 * server is taken out of rotation while the database is away, put back once it returns, and its
 * process is never reported dead meanwhile. Needs PostgreSQL binaries to own a cluster.
 */
if (!postgresBin)
  console.log('PostgreSQL binaries not found: the readiness outage test is skipped');

const TOKEN = 'metricas-'.padEnd(40, 'x');

describe.skipIf(!postgresBin)('/readyz during a PostgreSQL outage', () => {
  const owned = ownedPostgres({ METRICS_TOKEN: TOKEN });

  /** Probes as a balancer does until `status` comes back; /healthz is asked beside every probe. */
  async function probeUntil(status: number) {
    const healthz: number[] = [];
    const deadline = Date.now() + 20_000 + READINESS_CACHE_MS;
    for (;;) {
      healthz.push((await owned.t.app.inject({ url: '/healthz' })).statusCode);
      const readyz = await owned.t.app.inject({ url: '/readyz' });
      if (readyz.statusCode === status || Date.now() > deadline)
        return { readyz, healthz, body: readyz.json<Record<string, unknown>>() };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('turns 503 naming the database while it is away, 200 again once it is back; /healthz stays 200', async () => {
    expect((await probeUntil(200)).readyz.statusCode).toBe(200);

    await owned.cluster.stop();
    const away = await probeUntil(503);
    expect(away.readyz.statusCode).toBe(503);
    expect(away.body).toEqual({
      status: 'unready',
      checks: { database: 'falhou: sem conexão', storage: 'ok', migrations: 'não verificadas' },
    });
    // Nothing of the connection (address, user, password, database name) leaves the server.
    const url = new URL(owned.cluster.url());
    for (const part of [url.host, url.username, url.pathname.slice(1), 'ECONNREFUSED'])
      if (part) expect(away.readyz.body).not.toContain(part);
    expect(away.healthz.every((status) => status === 200)).toBe(true);
    const metrics = await owned.t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^agroselo_ready 0$/m);
    expect(metrics.body).toMatch(/^agroselo_ready_check\{check="database"\} 0$/m);
    // The outbox's figures are unknown while its table cannot be read, not shown stale.
    // (prom-client writes NaN as Nan, which Prometheus reads alike.)
    expect(metrics.body).toMatch(/^agroselo_mail_outbox_queued nan$/im);

    await owned.cluster.start();
    const back = await probeUntil(200);
    expect(back.readyz.statusCode).toBe(200);
    expect(back.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok' },
    });
    expect(back.healthz.every((status) => status === 200)).toBe(true);
  }, 90_000);
});
