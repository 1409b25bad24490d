import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** One handle type for both drivers; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Told of every statement sent; tests count queries per request with it. */
export type QueryListener = (query: string) => void;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const PGLITE_SHARED_BUFFERS = '32MB';

/** Embedded PostgreSQL in this process; `dataDir` undefined keeps it in memory. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; onQuery?: QueryListener } = {},
): Promise<Database & { client: PGlite }> {
  if (options.dataDir) mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // The buffer cache lives in the WebAssembly heap of this process, which never shrinks: 128 MB
    // (PostgreSQL's default) fills up under load and stays. The files are in the OS page cache
    // anyway, so a smaller pool costs little and keeps the process small (npm run bench).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema, logger: queryLogger(options.onQuery) });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(
  url: string,
  options: { onQuery?: QueryListener } = {},
): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema, logger: queryLogger(options.onQuery) });
  await pool.query('select 1');
  return {
    db: db as unknown as Db,
    driver: 'pg',
    pool,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

const queryLogger = (onQuery?: QueryListener) =>
  onQuery ? { logQuery: (query: string) => onQuery(query) } : false;

export function openDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: config.DATA_DIR });
}
