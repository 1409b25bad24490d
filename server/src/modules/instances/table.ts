import {
  municipalityKey,
  type InstanceFilter,
  type InstanceListFilter,
  type InstanceSortKey,
  type InstanceSummary,
} from '@agroselo/contracts';
import { and, eq, inArray, isNotNull, not, SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  certificates,
  pendencies,
  processes,
  processInstances as i,
  properties as p,
  stamps,
  users,
} from '../../db/schema';
import type { Page } from '../../lib/pagination';
import { executeRaw } from '../../lib/raw-statement';
import { propertySearchTerm, searchPattern } from '../../lib/search';
import { saoPauloToday } from '../certificates/status';
import { awaitsProducer, awaitsTechnician, isOpen } from './conditions';
import { formProgress } from './form-progress';
import {
  INSTANCE_SUMMARY_WIDTH,
  instanceSummaryColumns,
  instanceSummaryFromRow,
  responsibleId,
} from './present';

/** Who answers for the instance (responsibleId), as the sort and the rows join them. */
export const responsible = alias(users, 'responsible');
const owner = alias(users, 'owner');

/** Which instances each status of the tables holds (spec §4). */
export const STATUS_CONDITIONS: Record<InstanceListFilter, SQL | undefined> = {
  in_progress: isOpen,
  pending: awaitsTechnician,
  producer_pending: awaitsProducer,
  ongoing: and(isOpen, isNotNull(i.technicianId), i.initiated),
  finished: sql`${i.finished}`,
  rejected: and(i.rejected, not(i.finished)),
  all: undefined,
};

/** The spec's order of statuses (InstanceStatus: ONGOING 0, FINISHED 1, PENDING 2, …). */
const statusOrder = sql`case when ${i.finished} then 1 when ${i.technicianId} is null then 2 when ${i.rejected} then 4 when ${i.initiated} then 0 else 3 end`;

interface SortColumn {
  expression: SQL;
  /** Ascending on the wire is descending on the expression (days since = newest first). */
  reversed?: boolean;
  join?: 'property' | 'stamp' | 'process' | 'responsible';
}

const SORT_COLUMNS: Record<InstanceSortKey, SortColumn> = {
  created_at: { expression: sql`${i.createdAt}` },
  waiting_days: { expression: sql`${i.createdAt}`, reversed: true },
  idle_days: { expression: sql`coalesce(${i.lastActionAt}, ${i.createdAt})`, reversed: true },
  business_name: { expression: sql`lower(${p.businessName})`, join: 'property' },
  municipality: { expression: sql`${p.municipalityKey}`, join: 'property' },
  region: { expression: sql`${i.region}` },
  seal: { expression: sql`lower(${stamps.name})`, join: 'stamp' },
  safra: { expression: sql`${processes.safra}`, join: 'process' },
  status: { expression: statusOrder },
  technician: {
    expression: sql`coalesce(lower(${responsible.firstName} || ' ' || ${responsible.lastName}), '')`,
    join: 'responsible',
  },
};

/** The lists' default: newest request first, as the dashboards have always listed them. */
const DEFAULT_SORT = '-created_at';

export interface TableSort {
  column: SortColumn;
  /** The direction of the SQL expression, the id breaking ties in the same direction. */
  descending: boolean;
}

export function tableSort(sort: string | undefined): TableSort {
  const wire = sort ?? DEFAULT_SORT;
  const key = (wire.startsWith('-') ? wire.slice(1) : wire) as InstanceSortKey;
  const column = SORT_COLUMNS[key];
  return { column, descending: wire.startsWith('-') !== Boolean(column.reversed) };
}

/** A table's filters and search; `ids` narrows it to given instances (what an assignment changed). */
export type InstanceTableQuery = Partial<InstanceFilter> &
  Pick<InstanceFilter, 'status'> & { query?: string; ids?: string[] };

/** Midnight in São Paulo `days` days before `today`: requests older than it waited that long. */
const daysAgo = (today: string, days: number) =>
  sql`((${today}::date - ${days}::int + 1)::timestamp at time zone 'America/Sao_Paulo')`;

/**
 * The filters of a staff table (DESIGN §4c) as one condition on `process_instances` joined with
 * its property. The search also finds the producer's name and the certificate number.
 */
export function tableWhere(filter: InstanceTableQuery, today: string): SQL {
  const term = propertySearchTerm(filter.query ?? '');
  const pattern = term ? searchPattern(term) : null;
  const certificateNumber = filter.query?.trim().toUpperCase().replace(/\s/g, '') ?? '';
  const notResolvedLate = sql`select ${pendencies.processInstanceId} from ${pendencies} where ${pendencies.status} <> 'resolved' and ${pendencies.dueDate} < ${today}::date`;
  const technician = filter.technician_id;
  return and(
    filter.ids ? inArray(i.id, filter.ids) : undefined,
    STATUS_CONDITIONS[filter.status],
    filter.safra
      ? sql`${i.processId} in (select ${processes.id} from ${processes} where ${processes.safra} = ${filter.safra})`
      : undefined,
    filter.process_id ? eq(i.processId, filter.process_id) : undefined,
    filter.level
      ? sql`${i.id} in (select ${certificates.processInstanceId} from ${certificates} where ${
          filter.level === 'sem_nivel'
            ? sql`${certificates.level} is null`
            : sql`${certificates.level} = ${filter.level}`
        })`
      : undefined,
    filter.region ? eq(i.region, filter.region) : undefined,
    filter.municipality ? eq(p.municipalityKey, municipalityKey(filter.municipality)) : undefined,
    technician === 'unassigned'
      ? sql`${responsibleId} is null`
      : technician
        ? sql`${responsibleId} = ${technician}`
        : undefined,
    filter.late === true ? sql`${i.id} in (${notResolvedLate})` : undefined,
    filter.late === false ? sql`${i.id} not in (${notResolvedLate})` : undefined,
    filter.min_waiting_days !== undefined
      ? sql`${i.createdAt} < ${daysAgo(today, filter.min_waiting_days)}`
      : undefined,
    filter.min_idle_days !== undefined
      ? sql`coalesce(${i.lastActionAt}, ${i.createdAt}) < ${daysAgo(today, filter.min_idle_days)}`
      : undefined,
    pattern
      ? sql`(${p.searchText} like ${pattern}
          or ${p.ownerId} in (select ${owner.id} from ${users} ${owner} where ${owner.searchText} like ${pattern})
          or ${i.id} in (select ${certificates.processInstanceId} from ${certificates} where replace(${certificates.number}, '-', '') like ${`%${certificateNumber.replace(/[-%_\\]/g, '')}%`}))`
      : undefined,
  )!;
}

/** Whether a read of instances with these filters needs their property (else it reads none). */
const needsProperty = (filter: InstanceTableQuery, sort: TableSort) =>
  Boolean(filter.municipality || filter.query?.trim()) || sort.column.join === 'property';

/** The joins a filtered, sorted read of instances needs for its sort column. */
export function sortJoins(sort: TableSort): SQL {
  switch (sort.column.join) {
    case 'property':
      return sql``;
    case 'stamp':
      return sql`inner join ${stamps} on ${stamps.processId} = ${i.processId}`;
    case 'process':
      return sql`inner join ${processes} on ${processes.id} = ${i.processId}`;
    case 'responsible':
      return sql`left join ${users} ${responsible} on ${responsible.id} = ${responsibleId}`;
    default:
      return sql``;
  }
}

export const direction = (descending: boolean) => (descending ? sql`desc` : sql`asc`);

/**
 * The office tables' filters, or a sort other than the dashboards' own: what the spec's calls
 * never send, so they keep their statements and trigger-kept totals (service.ts).
 */
export const isTableQuery = (query: InstanceFilter): boolean =>
  (query.status !== 'in_progress' && query.status !== 'pending') ||
  query.sort !== undefined ||
  query.process_id !== undefined ||
  query.level !== undefined ||
  query.region !== undefined ||
  query.municipality !== undefined ||
  query.technician_id !== undefined ||
  query.late !== undefined ||
  query.min_waiting_days !== undefined ||
  query.min_idle_days !== undefined;

/**
 * A page of a staff table and its total in ONE statement, whatever the filters and the page:
 * the matching instances are chosen from the narrow rows their filters touch (`matching`, with
 * the sort value), counted, and only the page's rows are joined and presented. Past the last
 * page the count still comes back, on a row with no instance. Built per request (executeRaw).
 */
export async function listInstanceTable(
  db: Db,
  query: InstanceTableQuery & { limit: number; offset: number },
): Promise<Page<InstanceSummary>> {
  const today = saoPauloToday();
  const sort = tableSort(query.sort);
  const dir = direction(sort.descending);
  const todayValue = sql`${today}::date`;
  const columns = instanceSummaryColumns(responsible, todayValue);
  const progress = formProgress(i.id);
  const select = sql.join(
    [
      ...Object.values(columns).map((column) =>
        column instanceof SQL.Aliased ? column.sql : sql`${column}`,
      ),
      progress.formsTotal,
      progress.formsFinished,
      sql`total.n`,
    ],
    sql`, `,
  );
  const statement = sql`
    with matching as materialized (
      select ${i.id} as id, ${sort.column.expression} as k
      from ${i} ${needsProperty(query, sort) ? sql`inner join ${p} on ${p.id} = ${i.propertyId}` : sql``} ${sortJoins(sort)}
      where ${tableWhere(query, today)}
    ),
    page as (
      select id, k from matching order by k ${dir}, id ${dir} limit ${query.limit} offset ${query.offset}
    )
    select ${select}
    from (select count(*) as n from matching) total
    left join page on true
    left join ${i} on ${i.id} = page.id
    left join ${p} on ${p.id} = ${i.propertyId}
    left join ${stamps} on ${stamps.processId} = ${i.processId}
    left join ${processes} on ${processes.id} = ${i.processId}
    left join ${users} ${responsible} on ${responsible.id} = ${responsibleId}
    order by page.k ${dir}, page.id ${dir}`;
  const rows = await executeRaw(db, statement);
  const first = rows[0];
  const totalAt = INSTANCE_SUMMARY_WIDTH + 2;
  return {
    items: rows.filter((row) => row[0] !== null).map(instanceSummaryFromRow),
    total: first ? Number(first[totalAt]) : 0,
  };
}
