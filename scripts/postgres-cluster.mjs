// Throwaway PostgreSQL clusters for tests, benchmarks and the security audit:
// `startPostgres()` for one that lives as long as a run (null without PostgreSQL binaries),
// `createPostgresCluster()` for one a test stops and starts again on the same port (an outage).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export function findPostgresBin() {
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

export function freePort() {
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

function lookupUser(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Creates a cluster in a new temporary directory, listening on 127.0.0.1 only, and starts it.
 * `settings` are extra `-c name=value` server settings. Throws without PostgreSQL binaries.
 */
export async function createPostgresCluster({ bin = findPostgresBin(), settings = {} } = {}) {
  if (!bin) throw new Error('PostgreSQL não encontrado em /usr/lib/postgresql');

  // PostgreSQL refuses to run as root: the cluster then belongs to, and runs as, `postgres`.
  // Spawning with its uid/gid (what `runuser -u postgres` does) keeps the server our direct
  // child, so the stop signal reaches it and not a wrapper that might not pass it on.
  const asRoot = userInfo().uid === 0;
  const postgresUser = asRoot ? lookupUser('postgres') : null;
  if (asRoot && !postgresUser)
    throw new Error('rodando como root, mas o usuário "postgres" não existe para rodar o servidor');

  // A dir straight under /tmp, so the postgres user can reach it whatever TMPDIR says.
  const dir = mkdtempSync(path.join(asRoot ? '/tmp' : tmpdir(), 'agroselo-pg-'));
  chmodSync(dir, 0o700);
  if (postgresUser) chownSync(dir, postgresUser.uid, postgresUser.gid);
  const dataDir = path.join(dir, 'data');
  const asDbUser = { cwd: dir, ...(postgresUser ?? {}) };
  let server = null;

  async function stop() {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // SIGINT is PostgreSQL's "fast shutdown": open sessions are rolled back, then it stops.
    running.kill('SIGINT');
    await Promise.race([exited, sleep(15_000)]);
    if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  }

  let destroyRun = null;
  const destroy = () => {
    destroyRun ??= stop().then(() => rmSync(dir, { recursive: true, force: true }));
    return destroyRun;
  };

  try {
    const init = spawnSync(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--encoding', 'UTF8', '--locale', 'C'],
      { ...asDbUser, encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb falhou:\n${init.stdout}${init.stderr}`);

    const port = await freePort();
    const allSettings = {
      listen_addresses: '127.0.0.1',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...settings,
    };
    const pgArgs = ['-D', dataDir, '-p', String(port), '-k', dir];
    for (const [name, value] of Object.entries(allSettings)) pgArgs.push('-c', `${name}=${value}`);

    const start = async () => {
      let serverLog = '';
      server = spawn(path.join(bin, 'postgres'), pgArgs, {
        ...asDbUser,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout.on('data', (chunk) => (serverLog += chunk));
      server.stderr.on('data', (chunk) => (serverLog += chunk));
      // Accepting TCP is not yet accepting sessions; pg_isready tells when startup is over.
      const isReady = path.join(bin, 'pg_isready');
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (server.exitCode !== null || Date.now() > deadline)
          throw new Error(`o PostgreSQL temporário não iniciou:\n${serverLog}`);
        if (
          (await canConnect(port)) &&
          (!existsSync(isReady) ||
            spawnSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], asDbUser)
              .status === 0)
        )
          return;
        await sleep(50);
      }
    };

    await start();
    return {
      port,
      pid: () => server?.pid,
      url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
      start,
      stop,
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/**
 * A cluster for the length of a run: `{ url, pid, stop() }` (stop also removes its files),
 * or null when no PostgreSQL binaries are installed.
 */
export async function startPostgres({ settings = {} } = {}) {
  const bin = findPostgresBin();
  if (!bin) return null;
  const cluster = await createPostgresCluster({ bin, settings });
  return { url: cluster.url(), pid: cluster.pid(), stop: cluster.destroy };
}
