import { STAFF_ROLES, type InstanceListQuery } from '@agroselo/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { pageOfRows, rawPage, totalStatement, type Page } from '../../lib/pagination';
import { rawStatement } from '../../lib/raw-statement';
import {
  listCounts,
  processes,
  processInstances,
  properties,
  stamps,
  users,
} from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { saoPauloToday, todayParameter } from '../certificates/status';
import { prepared, unseenPlaceholder } from '../../lib/prepared';
import { propertySearchTerm, searchPattern } from '../../lib/search';
import { dataVersion, searchPageOfRows, searchTotals } from '../../lib/search-totals';
import type { Caller } from '../../plugins/auth';
import { awaitsTechnician, isOpen, LIST_COUNTERS } from './conditions';
import { instanceSummaryJson, responsibleId } from './present';
import { isTableQuery, listInstanceTable } from './table';

const i = processInstances;
const responsible = alias(users, 'responsible');

/** The lists the dashboards have always had, counted by triggers (listCounts). */
type CountedFilter = 'in_progress' | 'pending';

const LIST_FILTERS: Record<CountedFilter, SQL> = {
  // Rejected and finished instances have left the dashboard for good.
  in_progress: isOpen,
  pending: awaitsTechnician,
};

/**
 * One statement per page: the page is chosen from the instances alone, walking an index in list
 * order (a subquery), and only its rows are joined and get their progress counted. The total is a counter kept
 * by triggers, or, for a search, a count of the matches: the cost follows the page and the
 * matches, not the size of the table. Prepared once per filter, with or without a search.
 */
function instancePageQuery(
  db: Db,
  name: string,
  status: CountedFilter,
  searching: boolean,
  bySafra: boolean,
) {
  const where = and(
    LIST_FILTERS[status],
    searching ? sql`${properties.searchText} like ${sql.placeholder('pattern')}` : undefined,
    bySafra
      ? sql`exists (select 1 from ${processes} ps where ps.id = ${i.processId} and ps.safra = ${sql.placeholder('safra')})`
      : undefined,
  );
  const matching = () => {
    const base = db.select({ id: i.id }).from(i).$dynamic();
    return searching ? base.innerJoin(properties, eq(properties.id, i.propertyId)) : base;
  };
  // The page's ids as an array: the planner then expects a handful of rows whatever the limit, so
  // the cached (generic) plan of the prepared statement fetches them by primary key rather than
  // joining whole tables as it would for a `limit $1` it cannot see (docs/decisions/010).
  const pageIds = matching()
    .where(where)
    .orderBy(desc(i.createdAt), desc(i.id))
    // A search is planned for its term (a common one walks the index, a rare one its matches).
    .limit(searching ? sql.placeholder('limit') : unseenPlaceholder('limit'))
    .offset(searching ? sql.placeholder('offset') : unseenPlaceholder('offset'));
  // A search's rows carry the version of the data instead of a total: its total is counted
  // once per version (lib/search-totals.ts), a counter's is read with the page.
  // A season's instances are counted with the page: no counter is kept per safra.
  const countMatches = sql`(${db.select({ total: count() }).from(matching().where(where).as('matching'))})`;
  const total = searching
    ? sql<number | null>`null`
    : bySafra
      ? countMatches
      : sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = ${LIST_COUNTERS[status]})`;
  const version = searching ? dataVersion('instance-search') : sql<string | null>`null`;
  const counted = searching ? countMatches : total;

  // Read as arrays (lib/raw-statement.ts): each instance's json stays text, never parsed.
  const rows = rawStatement(
    db,
    name,
    () =>
      db
        .select({
          json: instanceSummaryJson(responsible, todayParameter).as('json'),
          total: total.as('total'),
          version: version.as('version'),
        })
        .from(i)
        .innerJoin(properties, eq(properties.id, i.propertyId))
        .innerJoin(stamps, eq(stamps.processId, i.processId))
        .innerJoin(processes, eq(processes.id, i.processId))
        .leftJoin(responsible, eq(responsible.id, responsibleId))
        .where(sql`${i.id} = any(array(${pageIds}))`)
        .orderBy(desc(i.createdAt), desc(i.id))
        .getSQL(),
    rawPage((row) => row[0] as string, 1, 2),
  );
  // Past the last page no row carries the total: only then is it asked for on its own.
  const totalOnly = totalStatement(db, name, counted, version);
  return { rows, totalOnly };
}

/**
 * The staff dashboards (Processos em andamento, Pendentes): newest request first. The office
 * tables' filters and sort (DESIGN §4c) go to the table statement (table.ts); the spec's calls
 * keep the statements below, whose totals triggers count.
 */
export async function listInstances(
  deps: AppDeps,
  caller: Caller,
  query: InstanceListQuery & { query?: string },
): Promise<Page<string>> {
  if (!STAFF_ROLES.includes(caller.role)) throw forbidden();
  if (isTableQuery(query)) return listInstanceTable(deps.db, query);
  const status = query.status as CountedFilter;
  const term = propertySearchTerm(query.query ?? '');
  const name = `instances_${status}${term ? '_search' : ''}${query.safra ? '_safra' : ''}`;
  const statements = prepared(deps.db, `${name}_statements`, (db) =>
    instancePageQuery(db, name, status, Boolean(term), Boolean(query.safra)),
  );
  const values = {
    limit: query.limit,
    offset: query.offset,
    today: saoPauloToday(),
    ...(term ? { pattern: searchPattern(term) } : {}),
    ...(query.safra ? { safra: query.safra } : {}),
  };
  const page = await statements.rows.execute(values);
  const countAll = async () => (await statements.totalOnly.execute(values))[0];
  if (term)
    return searchPageOfRows(page, {
      offset: query.offset,
      // Per database handle: a test's database may start from the same template as another's.
      totals: prepared(deps.db, 'instance_search_totals', () => searchTotals()),
      key: `${status}:${query.safra ?? ''}:${values.pattern}`,
      count: countAll,
    });
  return pageOfRows(page, {
    offset: query.offset,
    countPastEnd: async () => (await countAll())?.total ?? 0,
  });
}
