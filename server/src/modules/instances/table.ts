import {
  municipalityKey,
  type InstanceFilter,
  type InstanceListFilter,
  type InstanceSortKey,
} from '@agroselo/contracts';
import { createHash } from 'node:crypto';
import { and, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  certificates,
  listCounts,
  pendencies,
  processes,
  processInstances as i,
  properties as p,
  stamps,
  users,
} from '../../db/schema';
import type { Page } from '../../lib/pagination';
import { unseenPlaceholder } from '../../lib/prepared';
import { rawVariant } from '../../lib/raw-statement';
import { propertySearchTerm, searchPattern } from '../../lib/search';
import { saoPauloToday } from '../certificates/status';
import { awaitsProducer, awaitsTechnician, isOpen, LIST_COUNTERS } from './conditions';
import { instanceStatusSql, instanceSummaryJson, responsibleId } from './present';

/** Who answers for the instance (responsibleId), as the sort and the rows join them. */
export const responsible = alias(users, 'responsible');
const owner = alias(users, 'owner');
const searched = alias(p, 'searched');

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
  // The spec's order of statuses, its codes (InstanceStatus: ONGOING 0, FINISHED 1, PENDING 2, …).
  status: { expression: instanceStatusSql },
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

/**
 * Which filters a table query has, their values aside: all that decides the text of its
 * statement, so one statement per shape is built once and kept (listInstanceTable).
 */
export interface TableShape {
  status: InstanceListFilter;
  ids: boolean;
  safra: boolean;
  processId: boolean;
  level: 'level' | 'sem_nivel' | null;
  region: boolean;
  municipality: boolean;
  technician: 'technician' | 'unassigned' | null;
  late: 'late' | 'on_time' | null;
  minWaitingDays: boolean;
  minIdleDays: boolean;
  search: boolean;
}

export function tableShape(filter: InstanceTableQuery): TableShape {
  return {
    status: filter.status,
    ids: filter.ids !== undefined,
    safra: Boolean(filter.safra),
    processId: Boolean(filter.process_id),
    level: filter.level === 'sem_nivel' ? 'sem_nivel' : filter.level ? 'level' : null,
    region: Boolean(filter.region),
    municipality: Boolean(filter.municipality),
    technician:
      filter.technician_id === 'unassigned'
        ? 'unassigned'
        : filter.technician_id
          ? 'technician'
          : null,
    late: filter.late === undefined ? null : filter.late ? 'late' : 'on_time',
    minWaitingDays: filter.min_waiting_days !== undefined,
    minIdleDays: filter.min_idle_days !== undefined,
    search: propertySearchTerm(filter.query ?? '') !== '',
  };
}

/** The values of a table's condition, by name, and the type each is compared as. */
const VALUE_TYPES = {
  ids: 'uuid[]',
  safra: 'text',
  process_id: 'uuid',
  level: 'text',
  region: 'text',
  municipality: 'text',
  technician_id: 'uuid',
  today: 'date',
  min_waiting_days: 'int',
  min_idle_days: 'int',
  pattern: 'text',
  certificate: 'text',
} as const;
type ValueName = keyof typeof VALUE_TYPES;
export type TableValues = Partial<Record<ValueName, unknown>>;

/** How a condition takes its values: parameters of one statement, or placeholders of a kept one. */
export type TableValue = (name: ValueName) => SQL;

/** The values of a table query's condition (tableWhere) on São Paulo's `today`. */
export function tableValues(filter: InstanceTableQuery, today: string): TableValues {
  const term = propertySearchTerm(filter.query ?? '');
  const certificateNumber = filter.query?.trim().toUpperCase().replace(/\s/g, '') ?? '';
  return {
    ids: filter.ids,
    safra: filter.safra,
    process_id: filter.process_id,
    level: filter.level,
    region: filter.region,
    municipality: filter.municipality && municipalityKey(filter.municipality),
    technician_id: filter.technician_id,
    today,
    min_waiting_days: filter.min_waiting_days,
    min_idle_days: filter.min_idle_days,
    ...(term
      ? {
          pattern: searchPattern(term),
          certificate: `%${certificateNumber.replace(/[-%_\\]/g, '')}%`,
        }
      : {}),
  };
}

/** Each value as a parameter of a statement built for this one read (the exports). */
export const valuesAsParameters =
  (values: TableValues): TableValue =>
  (name) =>
    sql`${values[name]}::${sql.raw(VALUE_TYPES[name])}`;

/** Midnight in São Paulo `days` days before `today`: requests older than it waited that long. */
const daysAgo = (today: SQL, days: SQL) =>
  sql`((${today} - ${days} + 1)::timestamp at time zone 'America/Sao_Paulo')`;

/**
 * The filters of a staff table (DESIGN §4c) as one condition on `process_instances` (`true`
 * when there is none). The search also finds the producer's name and the
 * certificate number.
 */
export function tableWhere(shape: TableShape, value: TableValue): SQL {
  const notResolvedLate = sql`select ${pendencies.processInstanceId} from ${pendencies} where ${pendencies.status} <> 'resolved' and ${pendencies.dueDate} < ${value('today')}`;
  return (
    and(
      // A cast, so that `any` reads an array and not the rows of a subquery (unseenValue).
      shape.ids ? sql`${i.id} = any(${value('ids')}::uuid[])` : undefined,
      STATUS_CONDITIONS[shape.status],
      shape.safra
        ? sql`${i.processId} in (select ${processes.id} from ${processes} where ${processes.safra} = ${value('safra')})`
        : undefined,
      shape.processId ? sql`${i.processId} = ${value('process_id')}` : undefined,
      shape.level
        ? sql`${i.id} in (select ${certificates.processInstanceId} from ${certificates} where ${
            shape.level === 'sem_nivel'
              ? sql`${certificates.level} is null`
              : sql`${certificates.level} = ${value('level')}`
          })`
        : undefined,
      shape.region ? sql`${i.region} = ${value('region')}` : undefined,
      shape.municipality ? sql`${i.municipalityKey} = ${value('municipality')}` : undefined,
      shape.technician === 'unassigned'
        ? sql`${responsibleId} is null`
        : shape.technician
          ? sql`${responsibleId} = ${value('technician_id')}`
          : undefined,
      shape.late === 'late' ? sql`${i.id} in (${notResolvedLate})` : undefined,
      shape.late === 'on_time' ? sql`${i.id} not in (${notResolvedLate})` : undefined,
      shape.minWaitingDays
        ? sql`${i.createdAt} < ${daysAgo(value('today'), value('min_waiting_days'))}`
        : undefined,
      shape.minIdleDays
        ? sql`coalesce(${i.lastActionAt}, ${i.createdAt}) < ${daysAgo(value('today'), value('min_idle_days'))}`
        : undefined,
      // Each branch reads its own index (the texts' trigrams, the owner's farms, the numbers).
      shape.search
        ? sql`(${i.propertyId} in (
            select ${searched.id} from ${p} ${searched} where ${searched.searchText} like ${value('pattern')}
            union all
            select ${searched.id} from ${users} ${owner} inner join ${p} ${searched} on ${searched.ownerId} = ${owner.id}
            where ${owner.searchText} like ${value('pattern')})
          or ${i.id} in (select ${certificates.processInstanceId} from ${certificates} where replace(${certificates.number}, '-', '') like ${value('certificate')}))`
        : undefined,
    ) ?? sql`true`
  );
}

/** What a read of instances joins for its sort column (the filters need no join). */
const SORT_JOINS: Record<NonNullable<SortColumn['join']>, SQL> = {
  property: sql`inner join ${p} on ${p.id} = ${i.propertyId}`,
  stamp: sql`inner join ${stamps} on ${stamps.processId} = ${i.processId}`,
  process: sql`inner join ${processes} on ${processes.id} = ${i.processId}`,
  responsible: sql`left join ${users} ${responsible} on ${responsible.id} = ${responsibleId}`,
};

const tableFrom = (sort?: TableSort): SQL =>
  sql`${i} ${sort?.column.join ? SORT_JOINS[sort.column.join] : sql``}`;

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

/** The counter of a list whose size triggers keep (LIST_COUNTERS), when nothing else filters it. */
function countedList({ status, ...filters }: TableShape): string | undefined {
  const unfiltered = Object.values(filters).every((value) => value === false || value === null);
  return unfiltered && status in LIST_COUNTERS
    ? LIST_COUNTERS[status as keyof typeof LIST_COUNTERS]
    : undefined;
}

/**
 * A value of a kept statement that the planner does not see (unseenPlaceholder), so that
 * PostgreSQL settles on the generic plan of each shape after its first executions instead of
 * planning every request again; the plan follows the filters, and each filter has its index. The
 * search's terms stay visible, as in the dashboards' searches: their best plan depends on them.
 */
const unseenValue: TableValue = (name) =>
  name === 'pattern' || name === 'certificate'
    ? sql`${sql.placeholder(name)}`
    : sql`(select ${sql.placeholder(name)}::${sql.raw(VALUE_TYPES[name])})`;

/**
 * A page of a staff table and its total in ONE statement, whatever the filters and the page. The
 * page walks the index in the sort's order where one serves the filters (each is an index's
 * leading column), else sorts the matches, and only its rows, fetched by key, are joined and
 * presented. The total is counted beside it, or read from the counter triggers keep for a list
 * no filter narrows (the tables as they open). A search's matches are costly to find: they are
 * found once (`matching`, with the sort value), then counted and sorted there. Past the last page
 * the total still comes back, on a row with no instance.
 */
function tableStatement(shape: TableShape, sortKey: string): SQL {
  const sort = tableSort(sortKey);
  const { expression } = sort.column;
  const dir = direction(sort.descending);
  const where = tableWhere(shape, unseenValue);
  const page = sql`limit ${unseenPlaceholder('limit')} offset ${unseenPlaceholder('offset')}`;
  const counter = countedList(shape);
  const matching = shape.search
    ? sql`with matching as materialized (
        select ${i.id} as id, ${expression} as k from ${tableFrom(sort)} where ${where})`
    : sql``;
  const total = counter
    ? sql`select ${listCounts.total} from ${listCounts} where ${listCounts.name} = ${sql.raw(`'${counter}'`)}`
    : shape.search
      ? sql`select count(*) from matching`
      : sql`select count(*) from ${tableFrom()} where ${where}`;
  const pageIds = shape.search
    ? sql`select id from matching order by k ${dir}, id ${dir} ${page}`
    : sql`select ${i.id} from ${tableFrom(sort)} where ${where}
        order by ${expression} ${dir}, ${i.id} ${dir} ${page}`;
  // Past the last page the one row has no instance: no json.
  const json = instanceSummaryJson(responsible, unseenValue('today'));
  // The page's ids as an array: the planner expects a handful of rows whatever the limit it does
  // not see, and fetches them by key (instancePageQuery in service.ts).
  const head = sql`${matching}
    select case when ${i.id} is null then null else ${json} end, total.n
    from (${total}) total (n)
    left join ${i} on ${i.id} = any(array(${pageIds}))`;
  return sql`${head}
    left join ${p} on ${p.id} = ${i.propertyId}
    left join ${stamps} on ${stamps.processId} = ${i.processId}
    left join ${processes} on ${processes.id} = ${i.processId}
    -- One key lookup per row: as a plain join, the planner may walk the users' index from its start.
    left join lateral (
      select ${users.firstName}, ${users.lastName} from ${users} where ${users.id} = ${responsibleId} offset 0
    ) ${responsible} on true
    order by ${expression} ${dir}, ${i.id} ${dir}`;
}

/** A table statement's rows: the page's instances as json text, and the total every row carries. */
function tablePage(rows: unknown[][]): Page<string> {
  const items: string[] = [];
  for (const row of rows) if (row[0] !== null) items.push(row[0] as string);
  return { items, total: rows.length > 0 ? Number(rows[0]![1]) : 0 };
}

/**
 * A page of a staff table (tableStatement). The statement of each shape and sort is built once
 * and prepared under a name of its own (rawVariant): a request only binds its values.
 */
export function listInstanceTable(
  db: Db,
  query: InstanceTableQuery & { limit: number; offset: number },
): Promise<Page<string>> {
  const shape = tableShape(query);
  const sortKey = query.sort ?? DEFAULT_SORT;
  const key = `${sortKey}:${Object.values(shape).join(':')}`;
  const statement = rawVariant(
    db,
    `instance_table_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`,
    () => tableStatement(shape, sortKey),
    tablePage,
  );
  return statement.execute({
    ...tableValues(query, saoPauloToday()),
    limit: query.limit,
    offset: query.offset,
  });
}
