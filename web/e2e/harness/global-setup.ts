import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from './smtp-sink';
import { freePort } from '../../../scripts/postgres-cluster.mjs';
import { SERVER_NODE_ARGS } from '../../../scripts/server-node-args.mjs';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'server/dist/main.js');
const STARTUP_MS = 180_000;

async function waitUntilUp(
  url: string,
  server: { exitCode: number | null },
  log: () => string,
): Promise<void> {
  // A first start seeds the demo: seconds when quiet, over a minute on a machine shared by others.
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} within ${STARTUP_MS / 1000} s:\n${log()}`);
}

/**
 * Starts the real built server (npm run test:e2e builds it first) on a free port, with a temp
 * DATA_DIR (embedded database, demo data) and an SMTP sink whose messages the journeys read.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(serverEntry))
    throw new Error(`${serverEntry} is missing: run "npm run build" first`);
  const workDir = await mkdtemp(path.join(tmpdir(), 'agroselo-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const smtp = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], {
    cwd: workDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitUntilUp(`${baseUrl}/api/stamp/all`, server, () => output);
  } catch (error) {
    // Playwright runs no teardown after a failed setup: a server left running would outlive it.
    server.kill('SIGTERM');
    await smtp.close();
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
    await rm(workDir, { recursive: true, force: true });
  };
}
