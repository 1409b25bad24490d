import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * main.ts on SIGTERM (issue 44): /readyz answers 503 for SHUTDOWN_DRAIN_SECONDS while the API still
 * serves, then the process closes and exits 0. The server runs as its own process from source.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const DRAIN_SECONDS = 3;
let dataDir: string | undefined;
afterAll(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined));

it('drains after SIGTERM: /readyz 503 while the API serves, then it exits 0', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'agroselo-shutdown-'));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const base = await new Promise<string>((resolve, reject) => {
      const seen = () => {
        const url = /AgroSelo no ar em (http:\/\/\S+)/.exec(output)?.[1];
        if (url) resolve(url.replace('localhost', '127.0.0.1'));
      };
      server.stdout.on('data', seen);
      void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
    });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    server.kill('SIGTERM');
    let readyz: Response;
    do readyz = await fetch(`${base}/readyz`);
    while (readyz.status === 200);
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${base}/api/stamp/all`)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(server.exitCode).toBeNull();

    expect(await exited, output).toBe(0);
    expect(output).not.toMatch(/demorou demais|Falha ao encerrar/);
  } finally {
    server.kill('SIGKILL');
  }
}, 120_000);
