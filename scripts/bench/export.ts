/**
 * Export benchmark: `npm run bench:export [-- --small] [-- --no-build]`.
 *
 * Seeds the embedded database (PGlite) with the API benchmark's data set (scripts/bench/seed.ts:
 * 30,000 process instances, 10,000 properties, 5,000 users), starts the built server as its own
 * process with production settings, and downloads each streamed export as an admin, reading it
 * as fast as it comes. Prints rows, bytes, time and the server's resident memory: before, the
 * peak while the file streamed (sampled every 20 ms) and the growth. Embedded, the database lives
 * in the server's process, so its buffers count too: the figure is an upper bound of the server's
 * own. Figures, not asserts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../../server/src/db/client';
import { hashPassword } from '../../server/src/lib/passwords';
import { freePort } from '../postgres-cluster.mjs';
import { SERVER_NODE_ARGS } from '../server-node-args.mjs';
import { BENCH_LOGINS, BENCH_PASSWORD, LARGE, SMALL, seed } from './seed';

const { values: args } = parseArgs({
  options: {
    small: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const SIZE = args.small ? SMALL : LARGE;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const say = (line: string) => process.stderr.write(`${line}\n`);

const EXPORTS = [
  '/api/export/process-instances.csv?status=in_progress',
  '/api/export/process-instances.xlsx?status=in_progress',
  '/api/export/properties.csv',
  '/api/export/properties.xlsx',
  '/api/export/users.xlsx',
];

/** Resident memory now, in MiB. */
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function untilUp(url: string, server: ChildProcess) {
  const giveUp = Date.now() + 300_000;
  while (Date.now() < giveUp) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 5 minutes`);
}

/** Downloads one export, counting its lines and bytes while sampling the server's memory. */
async function download(base: string, url: string, token: string, pid: number) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  return { url, bytes, rows: url.includes('.csv') ? lines - 1 : null, seconds, before, peak };
}

async function main() {
  if (!args['no-build']) {
    say('building the server');
    const built = spawnSync('npm', ['run', 'build', '-w', 'server'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the build failed');
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'agroselo-bench-export-'));
  try {
    const dataDir = path.join(workDir, 'data');
    say(`PGlite: seeding ${SIZE.instances.toLocaleString('en')} instances`);
    const database = await openPglite({ dataDir });
    await database.migrate();
    const { counts } = await seed(
      {
        exec: (sql) => database.client.exec(sql),
        rows: async <T>(sql: string) => (await database.client.query<T>(sql)).rows,
      },
      SIZE,
      await hashPassword(BENCH_PASSWORD),
    );
    await database.close();

    const port = await freePort();
    const logFd = openSync(path.join(workDir, 'server.log'), 'a');
    const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    try {
      const base = `http://127.0.0.1:${port}`;
      await untilUp(`${base}/api/stamp/all`, server);
      const login = await fetch(`${base}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: BENCH_LOGINS.admin, password: BENCH_PASSWORD }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const results = [];
      for (const url of EXPORTS) results.push(await download(base, url, token, server.pid!));

      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(
        `\nExports of ${counts.process_instances.toLocaleString('en')} instances, ` +
          `${counts.properties.toLocaleString('en')} properties, ${counts.users.toLocaleString('en')} users ` +
          `(embedded database; load average ${load})\n`,
      );
      console.log('| export | rows | MB | seconds | RSS before (MiB) | RSS peak (MiB) | growth |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const r of results) {
        console.log(
          `| ${r.url.replace('/api/export/', '')} | ${r.rows?.toLocaleString('en') ?? '—'} | ` +
            `${(r.bytes / 1e6).toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.before.toFixed(0)} | ` +
            `${r.peak.toFixed(0)} | ${(r.peak - r.before).toFixed(0)} |`,
        );
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
