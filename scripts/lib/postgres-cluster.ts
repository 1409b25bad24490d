import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster that a test or a script owns: it can stop it and start it again
 * on the same port (a database outage), unlike the shared one of scripts/with-postgres.mjs.
 */
export interface PostgresCluster {
  port: number;
  /** `postgresql://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  /** Fast shutdown: open sessions are ended, as when a database server restarts. */
  stop(): Promise<void>;
  /** Starts again on the same port and data; resolves once it accepts sessions. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest PostgreSQL server binaries of Debian's layout, or null. */
export function findPostgresBin(): string | null {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function idsOf(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function createPostgresCluster(bin = findPostgresBin()): Promise<PostgresCluster> {
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  // PostgreSQL refuses to run as root: the cluster then belongs to, and runs as, `postgres`.
  const owner = userInfo().uid === 0 ? idsOf('postgres') : null;
  if (userInfo().uid === 0 && !owner) throw new Error('running as root without a "postgres" user');
  const dir = mkdtempSync(path.join(userInfo().uid === 0 ? '/tmp' : tmpdir(), 'agroselo-pg-'));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const asOwner = { cwd: dir, ...(owner ?? {}) };
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--encoding', 'UTF8', '--locale', 'C'],
    { ...asOwner, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  let server: ChildProcess | null = null;
  let log = '';

  async function start() {
    server = spawn(
      path.join(bin!, 'postgres'),
      [
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
      ],
      { ...asOwner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 30_000;
    const isReady = path.join(bin!, 'pg_isready');
    for (;;) {
      if (server.exitCode !== null) throw new Error(`PostgreSQL exited:\n${log}`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log}`);
      if (
        (await canConnect(port)) &&
        spawnSync(isReady, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'], asOwner)
          .status === 0
      )
        return;
      await sleep(50);
    }
  }

  async function stop() {
    const running = server;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await Promise.race([exited, sleep(15_000)]);
    if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    server = null;
  }

  await start();
  return {
    port,
    url: (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
