/**
 * Prints latency and throughput figures for the hottest public and auth routes, measured through
 * the real app on an in-memory embedded database seeded with the demo data. Figures, not asserts:
 * run it before and after a change that could matter (`npm run bench`). Runs stay under the
 * per-address flood limit (600 a minute), which the benchmark deliberately leaves on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify, { type InjectOptions } from 'fastify';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite } from '../../server/src/db/client';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from '../../server/src/db/seed/demo';
import { createMailer } from '../../server/src/lib/mailer';
import { createLocalStorage } from '../../server/src/lib/storage';
import { createTokenService } from '../../server/src/lib/tokens';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(name: string, runs: number, call: () => Promise<{ statusCode: number }>) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const response = await call();
    times.push(performance.now() - t0);
    if (response.statusCode >= 400) throw new Error(`${name}: status ${response.statusCode}`);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} runs=${String(runs).padStart(4)}  p50=${percentile(times, 0.5).toFixed(2)} ms  p95=${percentile(times, 0.95).toFixed(2)} ms  ${((runs / total) * 1000).toFixed(0)} req/s`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'agroselo-bench-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
  });
  const database = await openPglite();
  await database.migrate();
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  await seedDemo(database.db, storage);
  const app = await buildApp(
    {
      config,
      db: database.db,
      storage,
      tokens: createTokenService(config.JWT_SECRET!),
      mailer: createMailer({
        db: database.db,
        from: config.MAIL_FROM,
        log: Fastify({ logger: false }).log,
      }),
    },
    { logger: false, webRoot: path.join(dataDir, 'no-web') },
  );
  await app.ready();
  const inject = (options: InjectOptions) => app.inject(options);
  const owner = DEMO_LOGINS.find((login) => login.role === 'owner') ?? DEMO_LOGINS[0]!;
  const form = new URLSearchParams({ username: owner.email, password: DEMO_PASSWORD }).toString();
  const login = () =>
    inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
  const token = (await login()).json<{ access_token: string }>().access_token;

  console.log(`AgroSelo API benchmark — Node ${process.version}, in-memory PGlite, demo data\n`);
  await measure('GET /api/stamp/all', 250, () => inject({ url: '/api/stamp/all' }));
  await measure('GET /api/auth/info', 250, () =>
    inject({ url: '/api/auth/info', headers: { authorization: `Bearer ${token}` } }),
  );
  await measure('POST /api/auth/token (argon2)', 8, login);
  const memory = process.memoryUsage();
  console.log(
    `\nmemory: rss=${(memory.rss / 2 ** 20).toFixed(0)} MiB heapUsed=${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
  await app.close();
  await database.close();
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
