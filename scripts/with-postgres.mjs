#!/usr/bin/env node
// Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster:
//   node scripts/with-postgres.mjs vitest run --project server-pg
// An existing TEST_DATABASE_URL is used as is; without PostgreSQL binaries the run is skipped.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('uso: node scripts/with-postgres.mjs <comando> [argumentos...]');
  process.exit(2);
}

let commandChild = null;

/** The command, resolved like an npm script would: local binaries first. */
function runCommand(env) {
  const binDir = path.resolve('node_modules', '.bin');
  const child = (commandChild = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...env, PATH: `${binDir}${path.delimiter}${env.PATH ?? ''}` },
  }));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`não foi possível executar ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'postgres'))) return bin;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.env.TEST_DATABASE_URL) {
  process.exit(await runCommand(process.env));
}

const bin = findPostgresBin();
if (!bin) {
  console.log('PostgreSQL não encontrado: testes em PostgreSQL pulados');
  process.exit(0);
}

// PostgreSQL refuses to run as root: the cluster then belongs to, and runs as, `postgres`.
// Spawning with its uid/gid (what `runuser -u postgres` does) keeps the server our direct child,
// so the stop signal reaches it and not a wrapper that might not pass it on.
const asRoot = userInfo().uid === 0;
const postgresUser = asRoot ? lookupUser('postgres') : null;
if (asRoot && !postgresUser) {
  console.error('rodando como root, mas o usuário "postgres" não existe para rodar o servidor');
  process.exit(1);
}

function lookupUser(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

// A dir straight under /tmp, so the postgres user can reach it whatever TMPDIR says.
const dir = mkdtempSync(path.join(asRoot ? '/tmp' : tmpdir(), 'agroselo-pg-'));
chmodSync(dir, 0o700);
if (postgresUser) chownSync(dir, postgresUser.uid, postgresUser.gid);
const dataDir = path.join(dir, 'data');

let server = null;
let cleanupRun = null;

/** Stops the cluster and removes its dir; every caller waits for the same single run. */
function cleanup() {
  cleanupRun ??= stopAndRemove();
  return cleanupRun;
}

async function stopAndRemove() {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    // SIGINT is PostgreSQL's "fast shutdown": open sessions are rolled back, then it stops.
    server.kill('SIGINT');
    await Promise.race([exited, sleep(10_000)]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    // A Ctrl-C reached the command already; a signal sent to this script alone must be passed on.
    if (commandChild && commandChild.exitCode === null) commandChild.kill(signal);
    void cleanup().then(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  const asDbUser = { cwd: dir, ...(postgresUser ?? {}) };
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--encoding', 'UTF8', '--locale', 'C'],
    { ...asDbUser, encoding: 'utf8' },
  );
  if (init.status !== 0) {
    process.stderr.write(init.stdout ?? '');
    process.stderr.write(init.stderr ?? '');
    throw new Error('initdb falhou');
  }

  const port = await freePort();
  const pgArgs = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ];
  let serverLog = '';
  server = spawn(path.join(bin, 'postgres'), pgArgs, {
    ...asDbUser,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (serverLog += chunk));
  server.stderr.on('data', (chunk) => (serverLog += chunk));

  const deadline = Date.now() + 30_000;
  while (!(await canConnect(port))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      process.stderr.write(serverLog);
      throw new Error('o PostgreSQL temporário não iniciou');
    }
    await sleep(100);
  }
  // Accepting TCP is not yet accepting sessions; pg_isready tells when startup is over.
  const isReady = path.join(bin, 'pg_isready');
  while (
    existsSync(isReady) &&
    spawnSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], asDbUser)
      .status !== 0
  ) {
    if (Date.now() > deadline) throw new Error('o PostgreSQL temporário não aceita conexões');
    await sleep(100);
  }

  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL temporário em ${url}`);
  exitCode = await runCommand({ ...process.env, TEST_DATABASE_URL: url });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : exitCode);
