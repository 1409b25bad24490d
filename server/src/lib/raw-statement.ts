import { createHash } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { prepared } from './prepared';

const dialect = new PgDialect();

export interface RawStatement<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * A hot read prepared from SQL written out (tables and columns still named through the schema,
 * values only through `sql.placeholder`), whose rows the driver hands over as arrays in the order
 * of the select list and `map` turns into the answer in one pass: Drizzle's row mapping (an object
 * per row and per nested selection, a decoder per column) and the copy a presenter then makes are
 * skipped (docs/decisions/010). It runs through the database handle's own session, so
 * both drivers run it as they run Drizzle's prepared statements, PGlite's named statements and
 * `onQuery` (the bench's same-SQL recorder, the tests' query counts) included. As in Drizzle's
 * statements, timestamps and dates arrive as PostgreSQL's text, json already parsed.
 */
export function rawStatement<T>(
  db: Db,
  name: string,
  build: () => SQL,
  map: (rows: unknown[][]) => T,
): RawStatement<T> {
  return prepared(
    db,
    name,
    (handle) =>
      handle._.session.prepareQuery(
        dialect.sqlToQuery(build()),
        undefined,
        name,
        true,
        map as (rows: unknown[][]) => never,
      ) as RawStatement<T>,
  );
}

/**
 * Where each of a statement's columns is in its rows read as arrays, by name: for a detail's
 * single row of many columns, read by name rather than by a number per column.
 */
export const columnsAt = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((field, at) => [field, at])) as Record<F, number>;

/**
 * PostgreSQL's text of a timestamptz (`2026-11-26 06:40:00.123456+00`) as the wire's ISO form,
 * as `Date#toISOString` gives it (milliseconds, UTC).
 */
export const isoTimestamp = (text: string) => new Date(text).toISOString();

/**
 * A timestamptz written by PostgreSQL in the wire's ISO form, the text `Date#toISOString` gives
 * (UTC, milliseconds cut as JavaScript cuts them), for json it builds: the presenter then passes
 * it on instead of parsing and formatting a Date per value, which took about a tenth of a form
 * instance's CPU (docs/decisions/010). Null stays null.
 */
export const isoUtc = (value: SQLWrapper) =>
  sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How many variants rawVariant keeps prepared per database handle (the first ones seen). */
const KEPT_VARIANTS = 200;
const variants = new WeakMap<Db, Set<string>>();

/**
 * rawStatement for a read whose text follows from a combination of filters, too many to prepare
 * each ahead: each variant (`name`, derived from the combination) is built on its first use and
 * kept, prepared under its name, so later requests only bind their values and PostgreSQL plans it
 * as any prepared statement. Past KEPT_VARIANTS variants, which only a client trying combinations
 * at random reaches, further ones are built for the request and sent unnamed.
 */
export function rawVariant<T>(
  db: Db,
  name: string,
  build: () => SQL,
  map: (rows: unknown[][]) => T,
): RawStatement<T> {
  let kept = variants.get(db);
  if (!kept) variants.set(db, (kept = new Set()));
  if (!kept.has(name) && kept.size >= KEPT_VARIANTS)
    return db._.session.prepareQuery(
      dialect.sqlToQuery(build()),
      undefined,
      undefined,
      true,
      map as (rows: unknown[][]) => never,
    ) as RawStatement<T>;
  kept.add(name);
  return rawStatement(db, name, build, map);
}

/** How many texts of executeRaw are kept prepared by name, per process (the first ones seen). */
const NAMED_TEXTS = 200;
const namedTexts = new Map<string, string>();

/**
 * A read built for one request (filters that combine in too many ways to prepare each ahead), its
 * rows as arrays in the order of the select list. The text of each combination is the same from
 * one request to the next (values are parameters): the first NAMED_TEXTS texts are prepared under
 * a name of their own, so PostgreSQL plans each once per connection (planning a table page cost
 * more than running it); further ones, which only a client trying combinations at random reaches,
 * go unnamed and are planned each time. PGlite's driver keeps its own bounded set by text
 * (db/pglite-prepared.ts).
 */
export async function executeRaw(db: Db, statement: SQL): Promise<unknown[][]> {
  const query = dialect.sqlToQuery(statement);
  let name = namedTexts.get(query.sql);
  if (!name && namedTexts.size < NAMED_TEXTS) {
    name = `raw_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
    namedTexts.set(query.sql, name);
  }
  return (await db._.session
    .prepareQuery(query, undefined, name, true, (rows) => rows)
    .execute()) as unknown[][];
}
