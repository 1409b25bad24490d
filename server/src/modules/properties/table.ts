import {
  municipalityKey,
  REGION_LABELS,
  REGIONS,
  STAFF_ROLES,
  type PropertyFilter,
  type PropertySortKey,
} from '@agroselo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { processInstances, properties as p, users } from '../../db/schema';
import type { Page } from '../../lib/pagination';
import { propertySearchTerm, searchPattern } from '../../lib/search';
import { readTablePage, tableSort, type TableSort } from '../../lib/table-page';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday } from '../certificates/status';
import { owner, propertyJson } from './queries';

/** A property matched by the search (its own text, or its producer's). */
const found = alias(p, 'found');

/** The regions in the order of their names, as the table shows them. */
const regionOrder = sql`case ${p.region} ${sql.raw(
  [...REGIONS]
    .sort((a, b) => REGION_LABELS[a].localeCompare(REGION_LABELS[b], 'pt-BR'))
    .map((region, at) => `when '${region}' then ${at}`)
    .join(' '),
)} end`;

const requestCount = sql`(select count(*) from ${processInstances} where ${processInstances.propertyId} = ${p.id})`;

/** The sort value of each column; `business_name` is the spec's list order (properties_list_idx). */
const PROPERTY_SORT_COLUMNS: Record<PropertySortKey, SQL> = {
  business_name: sql`${p.searchText} collate "C"`,
  cnpj: sql`${p.cnpj}`,
  municipality: sql`${p.municipalityKey}`,
  region: regionOrder,
  responsible_name: sql`lower(${p.responsibleName})`,
  requests: requestCount,
  created_at: sql`${p.createdAt}`,
};

/** The table's order: the column asked for, or the spec's alphabetical one. */
export const propertyTableSort = (sort: string | undefined): TableSort =>
  tableSort(PROPERTY_SORT_COLUMNS, sort, 'business_name');

export type PropertyTableQuery = Partial<PropertyFilter> & { query?: string };

/**
 * Any parameter of the table (a filter or a sort): what the spec's calls never send, so they keep
 * their prepared statements and trigger-kept totals (service.ts).
 */
export const isPropertyTableQuery = (query: PropertyTableQuery): boolean =>
  query.region !== undefined || query.municipality !== undefined || query.sort !== undefined;

/**
 * A property list's filters and search as one condition on `properties`, for the caller: a
 * producer's own properties, every one for staff (DESIGN §5). The table's search (with any of its
 * parameters) also finds the producer's name, e-mail or CPF, as the office's table of requests
 * does; the spec's search finds the property alone.
 */
export function propertyTableWhere(caller: Caller, filter: PropertyTableQuery): SQL | undefined {
  const term = propertySearchTerm(filter.query ?? '');
  const pattern = term ? searchPattern(term) : null;
  // The producer's matches as a union of their own, not an `or`: each side keeps its index
  // (properties_search_idx; users_search_idx, then properties_owner_idx).
  const matches =
    pattern && isPropertyTableQuery(filter)
      ? sql`${p.id} in (select ${found.id} from ${p} ${found} where ${found.searchText} like ${pattern}
          union all select ${found.id} from ${p} ${found} inner join ${users} on ${users.id} = ${found.ownerId}
          where ${users.searchText} like ${pattern})`
      : pattern
        ? sql`${p.searchText} like ${pattern}`
        : undefined;
  return and(
    STAFF_ROLES.includes(caller.role) ? undefined : eq(p.ownerId, caller.id),
    filter.region ? eq(p.region, filter.region) : undefined,
    filter.municipality ? eq(p.municipalityKey, municipalityKey(filter.municipality)) : undefined,
    matches,
  );
}

/** A page of the property table and its total in one statement (lib/table-page.ts). */
export function listPropertyTable(
  db: Db,
  caller: Caller,
  query: PropertyTableQuery & { limit: number; offset: number },
): Promise<Page<string>> {
  return readTablePage(
    db,
    {
      source: sql`${p}`,
      where: propertyTableWhere(caller, query),
      ...propertyTableSort(query.sort),
      id: sql`${p.id}`,
      limit: query.limit,
      offset: query.offset,
      columns: [sql`${propertyJson(sql`${caller.id}`, sql`${saoPauloToday()}::date`)}`],
      rows: sql`left join ${p} on ${p.id} = page.id left join ${users} ${owner} on ${owner.id} = ${p.ownerId}`,
    },
    (row) => row[0] as string,
  );
}
