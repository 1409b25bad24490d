import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, pgliteTemplate } from '../paths';
import './commit-hook';
import './pg-transaction';
import { preparedPglite } from './pglite-prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/** One handle type for both drivers; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Told of every statement sent; tests count queries per request with it. */
export type QueryListener = (query: string, params: unknown[]) => void;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server process on the same database runs its own: servers that
   * start together migrate and seed one after the other. One process alone just runs it.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Embedded only: the size of PGlite's WebAssembly memory, which never shrinks (docs/decisions/013). */
  wasmMemoryBytes?(): number;
  /** PostgreSQL only: the pool's connections now (/metrics); PGlite is one connection in-process. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export const PGLITE_SHARED_BUFFERS = '32MB';

/** Embedded PostgreSQL in this process; `dataDir` undefined keeps it in memory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; onQuery?: QueryListener } = {},
): Promise<Database & { client: PGlite }> {
  const dataDir = options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined;
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // A new cluster starts as a copy of the one the build created: PGlite's initdb grows its
    // WebAssembly memory to about 570 MiB, which a process never gives back (docs/decisions/013).
    if (!existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(pgliteTemplate))
      cpSync(pgliteTemplate, dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // The buffer cache lives in the WebAssembly heap of this process, which never shrinks, and
    // PGlite zeroes its shared memory at start, so the whole pool is resident from the first
    // second: 128 MB (PostgreSQL's default) would stay so. 16 MB held 11 MiB less on the demo but
    // doubled the CPU per request of most reads at 30,000 instances (docs/decisions/013).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({
    client: preparedPglite(client) as PGlite,
    schema,
    logger: queryLogger(options.onQuery),
  });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (work) => work(),
    close: () => client.close(),
    wasmMemoryBytes: () => client.Module.wasmMemory.buffer.byteLength,
  };
}

/** Waits for a connection no longer than this: a request should fail fast while the database is away. */
const CONNECT_TIMEOUT_MS = 5_000;
const POOL_MAX = 10;

export async function openPostgres(
  url: string,
  options: { onQuery?: QueryListener; onConnectionError?: (error: Error) => void } = {},
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection the server dropped (restart, failover) is reported here and left out of the
  // pool, which opens new ones on demand; unheard, this event would end the process.
  pool.on('error', (error) => options.onConnectionError?.(error));
  // A connection that drops while checked out (between two statements of a transaction) emits on
  // its client, where the pool no longer listens: heard here, its next statement fails (503) and
  // the pool discards it on release.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  const db = drizzlePg({ client: pool, schema, logger: queryLogger(options.onQuery) });
  await requireUtf8(pool);
  return {
    db: db as unknown as Db,
    driver: 'pg',
    pool,
    migrate: () => migratePg(db, { migrationsFolder }),
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query(`select pg_advisory_lock(hashtextextended('agroselo:startup', 0))`);
        return await work();
      } finally {
        await client
          .query(`select pg_advisory_unlock(hashtextextended('agroselo:startup', 0))`)
          .catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  };
}

/** A database the server cannot work on as it is; the message says what to change. */
export class DatabaseUnsuitable extends Error {}

/**
 * Names and answers hold any Unicode text, and statements that build answers write characters
 * beyond ASCII (lib/people.ts `fullNameSql`): a database in another encoding would fail them at
 * the first request, so the server refuses it at start, saying why.
 */
async function requireUtf8(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ encoding: string }>(
    `select current_setting('server_encoding') as encoding`,
  );
  const encoding = rows[0]?.encoding ?? '';
  if (encoding !== 'UTF8') {
    await pool.end();
    throw new DatabaseUnsuitable(
      `O banco de dados usa a codificação ${encoding}; o AgroSelo precisa de UTF8 ` +
        `(crie-o com ENCODING 'UTF8', por exemplo: createdb -E UTF8 -T template0 agroselo).`,
    );
  }
}

const queryLogger = (onQuery?: QueryListener) =>
  onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : false;

export function openDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  options: { onConnectionError?: (error: Error) => void } = {},
): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, options)
    : openPglite({ dataDir: config.DATA_DIR });
}
