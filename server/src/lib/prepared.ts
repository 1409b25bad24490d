import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database handle and prepared under `name`: a hot path skips building the
 * SQL on every request (most of the cost of a one-query page in Drizzle) and the database parses
 * and plans it once per connection. Variants of one query (a filter, a search) get their own
 * names. Values go in through `sql.placeholder`.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build(db, name)));
  return statement;
}

/**
 * A page size or offset for `.limit()`/`.offset()` of a prepared statement that the planner does
 * not see even when planning for the values at hand: custom plans then cost what the generic one
 * does, so PostgreSQL keeps the generic plan and stops planning the statement on every execution
 * (planning a page query costs more than running it). The page's rows are fetched by key
 * (`= any(array(…))`), so the assumed size does not change the plan.
 */
export const unseenPlaceholder = (name: string) =>
  sql`(select ${sql.placeholder(name)}::int)` as unknown as number;
