import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client';
import { jobRuns, mailOutbox, properties, users } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { repoRoot } from '../../src/paths';
import { propertyBody } from '../access-matrix';
import { validSignUp } from '../api/auth-helpers';
import { freePort, startSmtpReceiver, type SmtpReceiver } from '../support/smtp';
import { withDatabase } from '../support/global-setup';

/**
 * Two server processes on one PostgreSQL (issue #12 item 6, DESIGN §9): started together on an
 * empty database, they migrate in turn; a queued e-mail is sent once, the daily job runs once, a
 * token of one is honoured by the other, the per-account limit counts tries on both, and a write
 * sent to both under one Idempotency-Key is done once.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('TEST_DATABASE_URL not set: the two-server test is skipped');

interface Server {
  base: string;
  process: ChildProcess;
  output: () => string;
}

const name = `agroselo_two_${Date.now().toString(36)}`;

async function startServer(
  databaseUrl: string,
  smtpPort: number,
  dataDir: string,
): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JWT_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { base: `http://127.0.0.1:${port}`, process: child, output: () => output };
}

async function waitUp(server: Server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.base}/api/stamp/all`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/** Log lines (pino JSON) of a server whose message is `msg`. */
const logLines = (server: Server, msg: string) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; job?: string })
    .filter((line) => line.msg === msg);

describe.skipIf(!url)('two servers on one PostgreSQL', () => {
  let admin: pg.Client;
  let database: Database;
  let receiver: SmtpReceiver;
  let dataDir: string;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: withDatabase(url!, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    // A slow receiver widens the window in which both servers could take the same message.
    receiver = await startSmtpReceiver({ delayMs: 15 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'agroselo-two-'));
    const databaseUrl = withDatabase(url!, name);
    // Started together on an empty database: both migrate, one after the other.
    [a, b] = await Promise.all([
      startServer(databaseUrl, receiver.port, path.join(dataDir, 'a')),
      startServer(databaseUrl, receiver.port, path.join(dataDir, 'b')),
    ]);
    await Promise.all([waitUp(a), waitUp(b)]);
    database = await openPostgres(databaseUrl);
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) server?.process.kill('SIGTERM');
    await Promise.all(
      [a, b].map(
        (server) =>
          server &&
          server.process.exitCode === null &&
          new Promise((resolve) => server.process.once('exit', resolve)),
      ),
    );
    await database?.close();
    await receiver?.close();
    await admin?.query(`drop database if exists ${name}`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const register = async (server: Server) => {
    const fields = validSignUp();
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(201);
    return fields;
  };
  const login = (server: Server, username: string, password: string) =>
    fetch(`${server.base}/api/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    });

  it('ran the daily job on one server only', async () => {
    const runs = await database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, 'auth-failures-sweep'));
    expect(runs).toHaveLength(1);
    const done = [
      ...logLines(a, 'tarefa agendada concluída'),
      ...logLines(b, 'tarefa agendada concluída'),
    ];
    expect(done.filter((line) => line.job === 'auth-failures-sweep')).toHaveLength(1);
    expect([
      ...logLines(a, 'tarefa agendada falhou'),
      ...logLines(b, 'tarefa agendada falhou'),
    ]).toEqual([]);
  });

  it('sends each queued e-mail exactly once while both servers work the outbox', async () => {
    const batch = Array.from({ length: 40 }, (_, i) => `lote-${i}-${Date.now()}@fazenda.com.br`);
    await database.db
      .insert(mailOutbox)
      .values(
        batch.map((to) => ({ id: newId(), toAddress: to, subject: 'Lote', text: `para ${to}` })),
      );
    // A sign-up on each server makes both flush the outbox at the same moment.
    const [fromA, fromB] = await Promise.all([register(a), register(b)]);
    const expected = [...batch, fromA.email, fromB.email];
    const deadline = Date.now() + 30_000;
    const arrived = () => receiver.received.filter((mail) => expected.includes(mail.to[0] ?? ''));
    while (arrived().length < expected.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // Give a duplicate, if any, time to show up too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const perAddress = new Map<string, number>();
    for (const mail of arrived())
      perAddress.set(mail.to[0]!, (perAddress.get(mail.to[0]!) ?? 0) + 1);
    expect([...perAddress.keys()].sort()).toEqual([...expected].sort());
    expect([...perAddress.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    const [pending] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    expect(pending?.count).toBe(0);
  }, 60_000);

  it('honours on one server a token issued by the other', async () => {
    const fields = await register(a);
    const response = await login(a, fields.email, fields.password);
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    const info = await fetch(`${b.base}/api/auth/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ email: fields.email });
  });

  it('counts wrong passwords made against both servers in one limit', async () => {
    const fields = await register(b);
    for (let i = 0; i < 10; i += 1) {
      const response = await login(i % 2 ? a : b, fields.email, `errada-${i}`);
      expect(response.status, `try ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const response = await login(server, fields.email, fields.password);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ detail: messages.auth.tooManyAttempts });
    }
  });

  it('does a write sent to both servers at once under one Idempotency-Key once, and answers it alike', async () => {
    const fields = await register(a);
    await database.db.update(users).set({ pending: false }).where(eq(users.email, fields.email));
    const token = (
      (await (await login(b, fields.email, fields.password)).json()) as { access_token: string }
    ).access_token;
    const key = randomUUID();
    const { payload: body } = propertyBody();
    const send = (server: Server) =>
      fetch(`${server.base}/api/property/register`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: body as string,
      });
    const answers = await Promise.all([send(a), send(b)]);
    const texts = await Promise.all(answers.map((answer) => answer.text()));
    const ran = answers.findIndex(
      (answer) => answer.status === 201 && !answer.headers.get('idempotent-replayed'),
    );
    expect(ran, texts.join('\n')).not.toBe(-1);
    const other = answers[1 - ran]!;
    if (other.status === 409)
      expect(JSON.parse(texts[1 - ran]!)).toEqual({ detail: messages.offline.keyInFlight });
    else expect(texts[1 - ran]).toBe(texts[ran]);
    for (const server of [a, b]) {
      const again = await send(server);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.text()).toBe(texts[ran]);
    }
    const [owner] = await database.db.select().from(users).where(eq(users.email, fields.email));
    const owned = await database.db
      .select()
      .from(properties)
      .where(eq(properties.ownerId, owner!.id));
    expect(owned).toHaveLength(1);
  });
});
