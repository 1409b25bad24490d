import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../lib/errors';
import { migrationsFolder } from '../paths';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export interface Readiness {
  /** From now on /readyz answers 503 (main.ts, on SIGTERM), while every route still serves. */
  drain(): void;
  /** What /readyz would answer now (the metrics report it too). */
  check(): Promise<{ ready: boolean; checks: Checks }>;
}

type CheckName = 'database' | 'storage' | 'migrations';
export type Checks = Record<CheckName, string>;

/** A check that has not answered by then counts as failed: a balancer's probe waits little longer. */
export const CHECK_TIMEOUT_MS = 2_000;
/**
 * One result serves every probe within this time: /readyz is not rate-limited, and each check is
 * a database statement and, on S3, a request to the bucket.
 */
export const READINESS_CACHE_MS = 1_000;

const OK = 'ok';
const failed = (reason: string) => `falhou: ${reason}`;
class TimedOut extends Error {}

/** The `when` of every migration this build carries (drizzle-kit's journal), oldest first. */
function migrationTimes(): number[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimedOut()), CHECK_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * What a failure says on /readyz: a reason an operator can act on, never the error's own text
 * (addresses, bucket names and drivers' messages go to the log only).
 */
function reasonOf(error: unknown, what: 'database' | 'storage'): string {
  if (error instanceof TimedOut) return failed(`sem resposta em ${CHECK_TIMEOUT_MS / 1000} s`);
  if (what === 'database')
    return failed(isDatabaseUnavailable(error) ? 'sem conexão' : 'erro ao consultar');
  return failed('inacessível');
}

// The migrations' table does not exist yet: the database answers, nothing was migrated.
const NOTHING_MIGRATED = new Set(['42P01', '3F000']);

/** The SQLSTATE of a failed statement (Drizzle wraps the driver's error as its cause). */
const sqlState = (error: unknown): string => {
  for (let at = error; at instanceof Error; at = at.cause) {
    const { code } = at as Error & { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return '';
};

/**
 * GET /healthz (the process answers; nothing else is asked) and GET /readyz (the database answers,
 * the file store is reachable, every migration of this build is applied; 503 naming what failed,
 * and 503 while draining), for a balancer or an orchestrator (DESIGN §4c "Host"). Neither is
 * counted by the flood limit (plugins/flood-limit.ts leaves GETs outside /api alone) nor logged
 * at info: probes come every few seconds.
 */
export function registerHealth(app: FastifyInstance): void {
  const { db, storage } = app.deps;
  const expected = migrationTimes();
  let draining = false;

  async function databaseAndMigrations(): Promise<Pick<Checks, 'database' | 'migrations'>> {
    let applied: number;
    try {
      const result = (await withTimeout(
        db.execute(
          sql`select coalesce(max(created_at), 0)::text as applied from drizzle.__drizzle_migrations`,
        ),
      )) as unknown as { rows: { applied: string }[] };
      applied = Number(result.rows[0]?.applied ?? 0);
    } catch (error) {
      if (NOTHING_MIGRATED.has(sqlState(error))) applied = 0;
      else {
        logFailure('database', error);
        return { database: reasonOf(error, 'database'), migrations: 'não verificadas' };
      }
    }
    const pending = expected.filter((when) => when > applied).length;
    return {
      database: OK,
      migrations:
        pending === 0 ? OK : failed(`${pending} ${pending === 1 ? 'pendente' : 'pendentes'}`),
    };
  }

  async function storageCheck(): Promise<string> {
    try {
      await withTimeout(storage.ready());
      return OK;
    } catch (error) {
      logFailure('storage', error);
      return reasonOf(error, 'storage');
    }
  }

  // Told once per outage, not once per probe.
  const failing = new Set<CheckName>();
  function logFailure(check: CheckName, error: unknown) {
    if (failing.has(check)) return;
    failing.add(check);
    app.log.warn({ err: error, check }, 'prontidão: verificação falhou');
  }

  async function check(): Promise<Checks> {
    const [database, files] = await Promise.all([databaseAndMigrations(), storageCheck()]);
    const checks: Checks = {
      database: database.database,
      storage: files,
      migrations: database.migrations,
    };
    for (const name of failing) {
      if (checks[name] === OK) {
        failing.delete(name);
        app.log.info({ check: name }, 'prontidão: verificação voltou a passar');
      }
    }
    return checks;
  }

  // Probes within READINESS_CACHE_MS of the last result share it; probes meanwhile share one run.
  let last: { at: number; checks: Checks } | undefined;
  let running: Promise<Checks> | undefined;
  const currentChecks = (): Promise<Checks> => {
    if (last && Date.now() - last.at < READINESS_CACHE_MS) return Promise.resolve(last.checks);
    running ??= check()
      .then((checks) => {
        last = { at: Date.now(), checks };
        return checks;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const readiness: Readiness = {
    drain: () => {
      draining = true;
    },
    async check() {
      const checks = await currentChecks();
      const passed = Object.values(checks).every((value) => value === OK);
      return { ready: passed && !draining, checks };
    },
  };
  app.decorate('readiness', readiness);

  const probe = { logLevel: 'warn', schema: { hide: true } } as const;
  app.get('/healthz', probe, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { ready, checks } = await readiness.check();
    if (draining) return reply.code(503).send({ status: 'draining' });
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });
}
