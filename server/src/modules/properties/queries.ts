import { InstanceStatus } from '@agroselo/contracts';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  certificates,
  processInstances as i,
  listCounts,
  processes,
  properties,
  stamps,
  users,
} from '../../db/schema';
import { rawPage, totalStatement } from '../../lib/pagination';
import { fullNameSql, personJson } from '../../lib/people';
import { unseenPlaceholder } from '../../lib/prepared';
import { isoUtc, rawStatement } from '../../lib/raw-statement';
import { dataVersion } from '../../lib/search-totals';
import { instanceCertificateJson } from '../certificates/standing';
import { todayParameter } from '../certificates/status';
import { renewalOfferSql } from '../safras/queries';

export const owner = alias(users, 'owner');
const technician = alias(users, 'technician');

/** Whether the caller (`viewer`) owns the property: only the owner is offered a renewal. */
const viewerOwns = (viewer: SQL) => sql`${properties.ownerId} = ${viewer}::uuid`;

/** `instanceStatus` of contracts (spec §4), the same flags in the same order. */
const instanceStatusSql = sql`case
  when ${i.finished} then ${sql.raw(String(InstanceStatus.FINISHED))}
  when ${technician.id} is null then ${sql.raw(String(InstanceStatus.PENDING))}
  when ${i.rejected} then ${sql.raw(String(InstanceStatus.REJECTED))}
  when ${i.initiated} then ${sql.raw(String(InstanceStatus.ONGOING))}
  else ${sql.raw(String(InstanceStatus.PRODUCER_PENDING))} end`;

/** A PropertyInstance (presentInstance in present.ts), keys in the contract's order. */
const instanceJson = (viewer: SQL, today: SQL) => sql`json_build_object(
  'id', ${i.id},
  'rejected', ${i.rejected},
  'initiated', ${i.initiated},
  'finished', ${i.finished},
  'technician', ${personJson(technician)},
  'status', ${instanceStatusSql},
  'process', json_build_object('id', ${i.processId}, 'stamp', json_build_object('name', ${stamps.name})),
  'certificate', ${instanceCertificateJson(certificates, processes.safra, today)},
  'safra', ${processes.safra},
  'renewal_offer', ${renewalOfferSql(sql`${i.id}`, sql`${i.processId}`, viewerOwns(viewer), today)}
)`;

/**
 * The property's seal requests, oldest first, each as `instance` writes it from the request `i`,
 * its seal, its process, its technician and its certificate: one json array, `[]` for none.
 */
export const propertyInstances = <T = unknown>(instance: SQL) => sql<T>`coalesce((
  select json_agg(${instance} order by ${i.createdAt}, ${i.id})
  from ${i}
  inner join ${stamps} on ${stamps.processId} = ${i.processId}
  inner join ${processes} on ${processes.id} = ${i.processId}
  -- One key lookup per request: as a plain join, the planner walks the users' index from its start.
  left join lateral (
    select ${users.id}, ${users.firstName}, ${users.lastName} from ${users}
    where ${users.id} = ${i.technicianId} offset 0
  ) as "technician" on true
  left join ${certificates} on ${certificates.processInstanceId} = ${i.id}
  where ${i.propertyId} = ${properties.id}
), '[]'::json)`;

/**
 * A Property as the wire gives it (presentProperty in present.ts), as json text sent as it comes,
 * for the caller `viewer` on São Paulo's day `today`, from `properties` joined with its `owner`.
 * JSON.stringify writes -0 as 0; PostgreSQL writes it -0, so `+ 0` turns it into 0 first (every
 * other value is left as it is, and float8 prints the shortest text that reads back the same, as
 * JavaScript does).
 */
export const propertyJson = (viewer: SQL, today: SQL) => sql<string>`json_build_object(
  'id', ${properties.id},
  'owner', json_build_object(
    'id', ${properties.ownerId}, 'name', ${fullNameSql(owner.firstName, owner.lastName)}),
  'business_name', ${properties.businessName},
  'business_type', ${properties.businessType},
  'cnpj', ${properties.cnpj},
  'municipality', ${properties.municipality},
  'irga', ${properties.irga},
  'latitude', ${properties.latitude} + 0,
  'longitude', ${properties.longitude} + 0,
  'car_n', ${properties.carN},
  'farming_lo_number', ${properties.farmingLoNumber},
  'farming_lo_validity', ${properties.farmingLoValidity},
  'drying_and_stock_lo_number', ${properties.dryingAndStockLoNumber},
  'drying_and_stock_lo_validity', ${properties.dryingAndStockLoValidity},
  'place', ${properties.place},
  'responsible_name', ${properties.responsibleName},
  'responsible_technician_name', ${properties.responsibleTechnicianName},
  'responsible_technician_phone', ${properties.responsibleTechnicianPhone},
  'responsible_technician_crea', ${properties.responsibleTechnicianCrea},
  'process_instances', ${propertyInstances(instanceJson(viewer, today))},
  'created_at', ${isoUtc(properties.createdAt)},
  'updated_at', ${isoUtc(properties.updatedAt)}
)::text`;

/** The order of the list: search_text starts with the name, lower case and without accents. */
const listOrder = sql`${properties.searchText} collate "C"`;

/**
 * One statement per page, prepared per kind of caller and with or without a search: the page's
 * ids walk properties_list_idx (for a producer, their few farms), and only the page's rows are
 * joined and written as json by PostgreSQL, each Property whole, for the caller (`viewerId`) on
 * São Paulo's day (`today`). The total is the counter triggers keep for the whole table, or a
 * count of the matches (docs/decisions/010).
 */
export function propertyPageQuery(db: Db, name: string, staff: boolean, searching: boolean) {
  const where = and(
    staff ? undefined : eq(properties.ownerId, sql.placeholder('ownerId')),
    searching ? sql`${properties.searchText} like ${sql.placeholder('pattern')}` : undefined,
  );
  // The page's ids as an array, fetched by key: see unseenPlaceholder. A search is planned for
  // its term.
  const pageIds = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    // "C" sorts it alike everywhere, and is the order of properties_list_idx.
    .orderBy(listOrder, properties.id)
    .limit(searching ? sql.placeholder('limit') : unseenPlaceholder('limit'))
    .offset(searching ? sql.placeholder('offset') : unseenPlaceholder('offset'));
  // A search's rows carry the version of the data instead of a total: its total is counted
  // once per version (lib/search-totals.ts). A producer's farms are few: counted with the page.
  const counted =
    staff && !searching
      ? sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = 'properties')`
      : sql`(${db.select({ total: count() }).from(properties).where(where)})`;
  const total = searching ? sql<number | null>`null` : counted;
  const version = searching ? dataVersion('property-search') : sql<string | null>`null`;
  // Read as arrays (lib/raw-statement.ts): the json stays text, never parsed.
  const rows = rawStatement(
    db,
    name,
    () =>
      db
        .select({
          json: propertyJson(sql`${sql.placeholder('viewerId')}`, todayParameter).as('json'),
          total: total.as('total'),
          version: version.as('version'),
        })
        .from(properties)
        .innerJoin(owner, eq(owner.id, properties.ownerId))
        .where(sql`${properties.id} = any(array(${pageIds}))`)
        .orderBy(listOrder, properties.id)
        .getSQL(),
    rawPage((row) => row[0] as string, 1, 2),
  );
  // Past the last page no row carries the total: only then is it asked for on its own.
  const totalOnly = totalStatement(db, name, counted, version);
  return { rows, totalOnly };
}
