import { TOTAL_COUNT_HEADER } from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Select it as `total` beside the columns of a list query: every row carries the count of all
 * rows the filter matched, so a page and its X-Total-Count come from one query.
 */
export const windowTotal = () => sql<number>`count(*) over()`.mapWith(Number).as('total');

/**
 * A page from rows that carry `total` (see windowTotal; a null one counts as 0). A page past the
 * end has no row to carry it: only then is the count asked for separately.
 */
export function pageFrom<Row extends { total: number | null }, T>(
  rows: Row[],
  present: (row: Row) => T,
  options: { offset: number; countPastEnd: () => Promise<number> },
): Promise<Page<T>> {
  return pageOfRows(
    { items: rows.map(present), total: rows[0]?.total ?? null, version: null },
    options,
  );
}

/**
 * A page's items already presented, with what its first row carried: the window total (or null)
 * and, for a search, the data version (lib/search-totals.ts). See `rawPage`.
 */
export interface RawPage<T> {
  items: T[];
  total: number | null;
  version: string | null;
}

/** pageFrom for items a raw statement presented while reading its rows (lib/raw-statement.ts). */
export async function pageOfRows<T>(
  page: RawPage<T>,
  options: { offset: number; countPastEnd: () => Promise<number> },
): Promise<Page<T>> {
  const total =
    page.items.length > 0
      ? (page.total ?? 0)
      : options.offset > 0
        ? await options.countPastEnd()
        : 0;
  return { items: page.items, total };
}

/**
 * The mapper of a raw list statement: each row presented by `present`, the total and the data
 * version read from the first row at the given positions of the select list.
 */
export const rawPage =
  <T>(present: (row: unknown[]) => T, totalAt: number, versionAt?: number) =>
  (rows: unknown[][]): RawPage<T> => {
    const items = new Array<T>(rows.length);
    for (let n = 0; n < rows.length; n++) items[n] = present(rows[n]!);
    const first = rows[0];
    return {
      items,
      total: first?.[totalAt] == null ? null : Number(first[totalAt]),
      version: versionAt === undefined ? null : ((first?.[versionAt] as string | null) ?? null),
    };
  };

/**
 * The statement a page past its end asks its total from (see pageFrom), with the data version a
 * search's rows would have carried. It selects from no table, and Drizzle writes the columns at
 * the top of a one-table select without their table (`"id"`, ambiguous in a count over a join):
 * each value is nested one level down, where columns keep their table.
 */
export function totalStatement(
  db: Db,
  name: string,
  total: SQL,
  version: SQL<string | null> = sql`null`,
) {
  return db
    .select({ total: sql`${total}`.mapWith(Number), version: sql<string | null>`${version}` })
    .from(sql`(values (1)) as one`)
    .prepare(`${name}_total`);
}

/** Lists answer one page as a JSON array and the full count in X-Total-Count (DESIGN §4). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, page.total);
  return page.items;
}
