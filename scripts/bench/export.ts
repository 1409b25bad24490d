/**
 * Export benchmark: `npm run bench:export [-- --small] [-- --no-build] [-- --postgres]`.
 *
 * Seeds the embedded database (PGlite) with the API benchmark's data set (scripts/bench/seed.ts:
 * 30,000 process instances, 10,000 properties, 5,000 users) with every instance on one seal
 * (`oneSeal`), so that one file, that seal's answers (a sheet per form, a row per started
 * instance, the Lista's rows on a sheet of their own), holds them all. Starts the built server as
 * its own process with production settings and downloads each streamed export as an admin, reading
 * it as fast as it comes. Prints rows, bytes, time and the server's resident memory: before, the
 * peak while the file streamed (sampled every 20 ms) and the growth. Embedded, the database lives
 * in the server's process, so its buffers count too: the figure is an upper bound of the server's
 * own. `--postgres` runs the same again on a throwaway PostgreSQL (the server's memory alone).
 * Figures, not asserts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPglite, openPostgres } from '../../server/src/db/client';
import { hashPassword } from '../../server/src/lib/passwords';
import { freePort, startPostgres } from '../postgres-cluster.mjs';
import { SERVER_NODE_ARGS } from '../server-node-args.mjs';
import {
  BENCH_LOGINS,
  BENCH_PASSWORD,
  FIELD_BOOK_SEAL,
  LARGE,
  SMALL,
  seed,
  type SqlRunner,
} from './seed';

const { values: args } = parseArgs({
  options: {
    small: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
  },
});
const SIZE = { ...(args.small ? SMALL : LARGE), oneSeal: true };
const repoRoot = path.resolve(import.meta.dirname, '../..');
const say = (line: string) => process.stderr.write(`${line}\n`);

const LISTS = [
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

type ShapeCount = 'instances' | 'form_rows' | 'list_rows' | 'field_instances';

/** What the answers file holds: its seal's instances, form instances (rows) and Lista rows. */
async function answersShape(db: SqlRunner) {
  const [process] = await db.rows<{ id: string }>(
    `select process_id as id from stamps where name = '${FIELD_BOOK_SEAL}'`,
  );
  const processId = process!.id;
  const [shape] = await db.rows<Record<ShapeCount, string>>(
    `select (select count(*) from process_instances where process_id = '${processId}') as instances,
            count(distinct fi.id) as form_rows,
            count(distinct f.row_id) as list_rows,
            count(f.id) as field_instances
     from process_instances i
     join form_instances fi on fi.process_instance_id = i.id
     left join field_instances f on f.form_instance_id = fi.id
     where i.process_id = '${processId}'`,
  );
  const count = (key: ShapeCount) => Number(shape![key]);
  return {
    processId,
    instances: count('instances'),
    formRows: count('form_rows'),
    listRows: count('list_rows'),
    fieldInstances: count('field_instances'),
  };
}

type Mode = 'embedded' | 'postgres';

/** Seeds a fresh database of that mode; the server's environment for it, and how to drop it. */
async function seededDatabase(mode: Mode, workDir: string) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  say(`${mode}: seeding ${SIZE.instances.toLocaleString('en')} instances on one seal`);
  if (mode === 'embedded') {
    const dataDir = path.join(workDir, 'data');
    const database = await openPglite({ dataDir });
    await database.migrate();
    const runner: SqlRunner = {
      exec: (sql) => database.client.exec(sql),
      rows: async <T>(sql: string) => (await database.client.query<T>(sql)).rows,
    };
    const { counts } = await seed(runner, SIZE, passwordHash);
    const shape = await answersShape(runner);
    await database.close();
    return { env: { DATA_DIR: dataDir }, counts, shape, stop: async () => undefined };
  }
  const cluster = await startPostgres();
  if (!cluster) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database agroselo_bench');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/agroselo_bench');
  const database = await openPostgres(databaseUrl);
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const runner: SqlRunner = {
    exec: (sql) => client.query(sql),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
  };
  const { counts } = await seed(runner, SIZE, passwordHash);
  const shape = await answersShape(runner);
  await client.end();
  return {
    env: { DATA_DIR: path.join(workDir, 'data'), DATABASE_URL: databaseUrl },
    counts,
    shape,
    stop: () => cluster.stop(),
  };
}

async function run(mode: Mode) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'agroselo-bench-export-'));
  const database = await seededDatabase(mode, workDir);
  try {
    const { counts, shape } = database;
    const port = await freePort();
    const logFd = openSync(path.join(workDir, 'server.log'), 'a');
    const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...database.env,
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
      const answersUrl = `/api/export/process/${shape.processId}/answers.xlsx`;
      const results = [];
      for (const url of [answersUrl, ...LISTS]) {
        say(`  ${url}`);
        const result = await download(base, url, token, server.pid!);
        results.push(
          url === answersUrl ? { ...result, rows: shape.formRows + shape.listRows } : result,
        );
      }

      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(
        `\nExports of ${counts.process_instances.toLocaleString('en')} instances, ` +
          `${counts.properties.toLocaleString('en')} properties, ${counts.users.toLocaleString('en')} users ` +
          `(${mode} database; load average ${load})\n` +
          `answers.xlsx: one seal, ${shape.instances.toLocaleString('en')} instances, ` +
          `${shape.formRows.toLocaleString('en')} form instances (a row each), ` +
          `${shape.listRows.toLocaleString('en')} Lista rows, ` +
          `${shape.fieldInstances.toLocaleString('en')} field instances\n`,
      );
      console.log('| export | rows | MB | seconds | RSS before (MiB) | RSS peak (MiB) | growth |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const r of results) {
        const name = r.url.replace(/^\/api\/export\/(process\/[^/]+\/)?/, '');
        console.log(
          `| ${name} | ${r.rows?.toLocaleString('en') ?? '—'} | ` +
            `${(r.bytes / 1e6).toFixed(1)} | ${r.seconds.toFixed(1)} | ${r.before.toFixed(0)} | ` +
            `${r.peak.toFixed(0)} | ${(r.peak - r.before).toFixed(0)} |`,
        );
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
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
  await run('embedded');
  if (args.postgres) await run('postgres');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
