import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPglite, openPostgres, type Database, type QueryListener } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';
import { createMailer } from '../../src/lib/mailer';
import { createStorage } from '../../src/lib/storage';
import { createTokenService } from '../../src/lib/tokens';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: App;
  deps: AppDeps;
  db: AppDeps['db'];
  /** `Authorization` headers for a user row. */
  auth(user: { id: string; tokenVersion: number }): Promise<{ authorization: string }>;
  /**
   * The SQL statements the app sent while `work` ran (tests must not run other work meanwhile):
   * a page must cost the same number of queries whatever its size.
   */
  queriesDuring(work: () => Promise<unknown>): Promise<string[]>;
  /** Messages queued to one address, newest first. */
  mailTo(address: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  dataDir: string;
}

/**
 * The migrated PostgreSQL database this project's files clone, or '' for the embedded one. A worker
 * told `TEST_DRIVER=pg` (server-pg) never falls back to PGlite: its run would prove nothing.
 */
export function pgTemplateUrl(): string {
  const url = inject('pgTemplateUrl');
  if (process.env.TEST_DRIVER === 'pg' && !url)
    throw new Error(
      'TEST_DRIVER=pg but global setup provided no PostgreSQL template (server/test/support/global-setup.ts)',
    );
  return url;
}

/** A new database cloned from the run's PostgreSQL template, and how to drop it. */
export async function clonePgTemplate(
  templateUrl = pgTemplateUrl(),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agroselo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${new URL(templateUrl).pathname.slice(1)}`);
  return {
    url: withDatabase(templateUrl, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

async function openTestDatabase(onQuery: QueryListener): Promise<Database> {
  const templateUrl = pgTemplateUrl();
  if (templateUrl) {
    const clone = await clonePgTemplate(templateUrl);
    const database = await openPostgres(clone.url, { onQuery });
    return {
      ...database,
      close: async () => {
        await database.close();
        await clone.drop();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'agroselo-db-'));
  const database = await openMigratedPglite(dir, onQuery);
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An embedded database at `dataDir/pglite` (where the app keeps it): a copy of the run's template. */
export async function openMigratedPglite(
  dataDir: string,
  onQuery?: QueryListener,
): Promise<Database> {
  await cp(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  return openPglite({ dataDir, onQuery });
}

const cleanups: (() => Promise<void>)[] = [];

/**
 * Closes every app built since the last call. Vitest ignores an afterAll registered inside a hook
 * or a test, where buildTestApp is called, and test files share this module (isolate: false), so
 * the setup file (support/setup.ts), which runs for every file, registers this one.
 */
export async function closeTestApps(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/**
 * The real app on a fresh migrated database of its own, closed when the test file ends.
 * `webRoot` serves a built web app from there; by default there is none.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    /** Registers test-only routes (a sample upload route, say) before the app is ready. */
    extend?: (app: App) => Promise<void>;
    /** A database the test owns (an outage test stops it); migrated here, closed by the test. */
    database?: Database;
    /** The app's logger (a test that reads the log lines); silent by default. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agroselo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  let recording: string[] | null = null;
  const database = options.database
    ? { ...options.database, close: async () => undefined }
    : await openTestDatabase((query) => recording?.push(query));
  if (options.database) await options.database.migrate();
  const tokens = createTokenService(config.JWT_SECRET ?? '');
  const deps: AppDeps = {
    config,
    db: database.db,
    tokens,
    storage: await createStorage(config),
    mailer: createMailer({
      db: database.db,
      from: config.MAIL_FROM,
      smtpUrl: config.SMTP_URL,
      log: silentLogger,
    }),
  };
  const app = await buildApp(deps, {
    logger: options.logger ?? false,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
    poolStats: database.poolStats?.bind(database),
  });
  await options.extend?.(app);
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await deps.mailer.stop();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    deps,
    db: database.db,
    dataDir,
    queriesDuring: async (work) => {
      const queries: string[] = [];
      recording = queries;
      try {
        await work();
      } finally {
        recording = null;
      }
      return queries;
    },
    auth: async (user) => ({
      authorization: `Bearer ${await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion })}`,
    }),
    mailTo: (address) =>
      database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, address))
        .orderBy(desc(mailOutbox.createdAt)),
  };
}

const noop = () => undefined;
export const silentLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLogger,
} as unknown as Parameters<typeof createMailer>[0]['log'];
