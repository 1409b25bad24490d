import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Page } from './pagination';
import { executeRaw } from './raw-statement';

/** A list's order: the sort value of a row (the id breaks ties in the same direction). */
export interface TableSort {
  key: SQL;
  descending: boolean;
}

/**
 * The order a list's `sort` asks for (`-` in front reverses; the contracts allow only the keys
 * of `columns`), or `fallback`'s, the spec list's own, when there is none.
 */
export function tableSort<K extends string>(
  columns: Record<K, SQL>,
  sort: string | undefined,
  fallback: K,
): TableSort {
  const wire = sort ?? fallback;
  const descending = wire.startsWith('-');
  return { key: columns[(descending ? wire.slice(1) : wire) as K], descending };
}

export interface TablePageQuery extends TableSort {
  /** The table the list reads, with what its filters and sort need joined. */
  source: SQL;
  where: SQL | undefined;
  id: SQL;
  limit: number;
  offset: number;
  /** The answer's columns, read from what `rows` joins to each row of the page (`page.id`). */
  columns: SQL[];
  rows: SQL;
}

/**
 * A page of a filtered, sorted staff list and its total in ONE statement, whatever the filters and
 * the page (DESIGN §4c): the count and the page's ids each read the matching rows (each through
 * the index that suits it: a count needs no order, a page walks the sort's index when there is
 * one), and only the page's rows are joined for the answer. Past the last page the count still
 * comes back, on a row without an id, so X-Total-Count is right there too. Built per request
 * (executeRaw): the filters combine in too many ways to prepare each ahead.
 */
export async function readTablePage<T>(
  db: Db,
  query: TablePageQuery,
  present: (row: unknown[]) => T,
): Promise<Page<T>> {
  const dir = query.descending ? sql`desc` : sql`asc`;
  const where = query.where ? sql`where ${query.where}` : sql``;
  const rows = await executeRaw(
    db,
    sql`
    with total as (select count(*) as n from ${query.source} ${where}),
    page as (
      select ${query.id} as id, ${query.key} as k from ${query.source} ${where}
      order by k ${dir}, id ${dir} limit ${query.limit} offset ${query.offset}
    )
    select page.id, ${sql.join(query.columns, sql`, `)}, total.n
    from total
    left join page on true
    ${query.rows}
    order by page.k ${dir}, page.id ${dir}`,
  );
  const totalAt = query.columns.length + 1;
  return {
    items: rows.filter((row) => row[0] !== null).map((row) => present(row.slice(1))),
    total: rows[0] ? Number(rows[0][totalAt]) : 0,
  };
}
