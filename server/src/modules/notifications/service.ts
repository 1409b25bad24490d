import {
  CERTIFICATE_ALERT_DAYS,
  LICENCE_ALERT_DAYS,
  STAFF_ROLES,
  type ListQuery,
  type PendingItem,
} from '@agroselo/contracts';
import { and, desc, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { prepared, unseenPlaceholder } from '../../lib/prepared';
import { pageOfRows, rawPage, totalStatement, type Page } from '../../lib/pagination';
import { rawStatement } from '../../lib/raw-statement';
import {
  certificates,
  listCounts,
  pendencies,
  processInstances,
  properties,
} from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday, todayParameter as today } from '../certificates/status';
import { awaitsProducer, awaitsTechnician } from '../instances/conditions';
import { presentPending } from './present';

const i = processInstances;
const pd = pendencies;

/** Whose bell: each gets its own prepared statement. */
type Audience = 'staff' | 'technician' | 'owner';

/**
 * What waits for a caller (spec §6, DESIGN §5 and §4b): staff see the requests nobody evaluated
 * and the pendências answered on the instances they took (an admin's too: the answers of other
 * technicians' instances are theirs to review); owners see their accepted requests to start and
 * the pendências open on their properties.
 */
function pendingConditions(audience: Audience) {
  const open = and(not(i.finished), not(i.rejected))!;
  const caller = sql.placeholder('callerId');
  const awaiting = sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = 'instances_awaiting_technician')`;
  if (audience !== 'owner') {
    const pendency = and(eq(pd.status, 'answered'), open, eq(i.technicianId, caller))!;
    if (audience === 'staff')
      return {
        requests: awaitsTechnician,
        pendency,
        // Every admin sees the same requests: their count is the one triggers keep.
        requestsTotal: awaiting,
      };
    // A technician sees the requests nobody was assigned and those assigned to them, not those
    // assigned to another technician (docs/decisions/018): the counter less those, which the
    // partial index of assigned requests counts.
    return {
      requests: and(awaitsTechnician, isNull(i.assigneeId))!,
      assigned: and(awaitsTechnician, eq(i.assigneeId, caller))!,
      pendency,
      requestsTotal: sql`(${awaiting} - (select count(*) from ${i} where ${awaitsTechnician} and ${i.assigneeId} is not null and ${i.assigneeId} <> ${caller}))`,
    };
  }
  const own = eq(properties.ownerId, sql.placeholder('callerId'));
  const requests = and(own, awaitsProducer)!;
  return {
    requests,
    pendency: and(eq(pd.status, 'open'), open, own)!,
    requestsTotal: sql`(select count(*) from ${i} inner join ${properties} on ${properties.id} = ${i.propertyId} where ${requests}) + (select count(*) from (${expiringDocuments}) expiring)`,
  };
}

const LICENCE_WINDOW = Math.max(...LICENCE_ALERT_DAYS);
const CERTIFICATE_WINDOW = Math.max(...CERTIFICATE_ALERT_DAYS);

/**
 * The owner's documents about to end (DESIGN §4b): a licence of a property within 60 days or
 * already expired, and a valid certificate within 30 days of its end. Each gets an id of its own
 * (a property has two licences), derived from the document so it is stable between requests: an
 * md5 shaped as a version-4 uuid, which the wire's uuid check asks for.
 */
const expiringDocuments = sql`
  select overlay(overlay(md5(${properties.id}::text || licence.kind) placing '4' from 13) placing '8' from 17)::uuid as id,
         ${properties.id} as subject_id,
         licence.kind, licence.day, ${properties.businessName} as farm
    from ${properties}
   cross join lateral (values ('farmingLo', ${properties.farmingLoValidity}),
                              ('dryingLo', ${properties.dryingAndStockLoValidity})) licence(kind, day)
   where ${properties.ownerId} = ${sql.placeholder('callerId')}
     and licence.day <= ${today} + ${LICENCE_WINDOW}::int
  union all
  select ${certificates.id}, ${certificates.processInstanceId}, 'certificateEnding',
         ${certificates.validUntil}, ${properties.businessName}
    from ${certificates}
   inner join ${i} on ${i.id} = ${certificates.processInstanceId}
   inner join ${properties} on ${properties.id} = ${i.propertyId}
   where ${properties.ownerId} = ${sql.placeholder('callerId')}
     and ${certificates.standing} = 'valid'
     and ${certificates.validUntil} between ${today} and ${today} + ${CERTIFICATE_WINDOW}::int`;

const pendenciesTotal = (where: SQL) =>
  sql`(select count(*) from ${pd} inner join ${i} on ${i.id} = ${pd.processInstanceId} inner join ${properties} on ${properties.id} = ${i.propertyId} where ${where})`;

/** Where each column of the bell's rows is (the order of the select lists below). */
const PENDING_AT = { id: 0, instanceId: 1, kind: 2, farm: 4, day: 5, total: 6 } as const;

/**
 * Where the page ends: each kind of item is read in page order only that far, so the page is
 * picked from at most that many of each, however many wait (thousands of requests for staff).
 */
const pageEnd =
  sql`(select ${sql.placeholder('limit')}::int + ${sql.placeholder('offset')}::int)` as unknown as number;

/** The bell's page and its total in one statement, prepared once per audience. */
function pendingQuery(db: Db, name: string, audience: Audience) {
  const conditions = pendingConditions(audience);
  const { requests, pendency, requestsTotal } = conditions;
  const total = sql<number>`(${requestsTotal} + ${pendenciesTotal(pendency)})`.mapWith(Number);
  const requestKind = audience === 'owner' ? 'owner' : 'staff';
  const pendencyKind = audience === 'owner' ? 'pendencyOpen' : 'pendencyAnswered';
  const requestRows = db
    .select({
      id: i.id,
      instanceId: sql<string>`${i.id}`.as('instance_id'),
      kind: sql<string>`${requestKind}::text`.as('kind'),
      at: sql<Date>`${i.createdAt}`.as('at'),
      farm: sql<string | null>`null::text`.as('farm'),
      day: sql<string | null>`null::text`.as('day'),
      total: total.as('total'),
    })
    .from(i)
    .$dynamic();
  // A staff member's requests are every property's: no join, so the branch walks the partial
  // index of the requests awaiting a technician in page order (schema.ts) and stops at the page.
  const requestPage = (
    audience === 'owner'
      ? requestRows.innerJoin(properties, eq(properties.id, i.propertyId))
      : requestRows
  )
    .where(requests)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(pageEnd);
  // A technician's assigned requests, newest assignment first (the event that assigned them).
  const assignedAt = sql<Date>`coalesce(${i.lastActionAt}, ${i.createdAt})`;
  const assignedPage =
    'assigned' in conditions
      ? db
          .select({
            id: i.id,
            instanceId: sql<string>`${i.id}`.as('instance_id'),
            kind: sql<string>`'assigned'::text`.as('kind'),
            at: assignedAt.as('at'),
            farm: sql<string | null>`null::text`.as('farm'),
            day: sql<string | null>`null::text`.as('day'),
            total: total.as('total'),
          })
          .from(i)
          .where(conditions.assigned)
          .orderBy(desc(assignedAt), desc(i.id))
          .limit(pageEnd)
      : null;
  const pendencyRows = db
    .select({
      id: pd.id,
      instanceId: sql<string>`${pd.processInstanceId}`.as('instance_id'),
      kind: sql<string>`${pendencyKind}::text`.as('kind'),
      at: sql<Date>`${pd.updatedAt}`.as('at'),
      farm: sql<string | null>`null::text`.as('farm'),
      day: sql<string | null>`null::text`.as('day'),
      total: total.as('total'),
    })
    .from(pd)
    .innerJoin(i, eq(i.id, pd.processInstanceId))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .where(pendency)
    .orderBy(desc(pd.updatedAt), desc(pd.id))
    .limit(pageEnd);
  // The documents come first: the nearest end on top (now() outranks every past event).
  const documentRows = db
    .select({
      id: sql<string>`expiring.id`.as('id'),
      instanceId: sql<string>`expiring.subject_id`.as('instance_id'),
      kind: sql<string>`expiring.kind`.as('kind'),
      at: sql<Date>`now() - (expiring.day - ${today}) * interval '1 second'`.as('at'),
      farm: sql<string | null>`expiring.farm`.as('farm'),
      day: sql<string | null>`expiring.day::text`.as('day'),
      total: total.as('total'),
    })
    .from(sql`(${expiringDocuments}) expiring`);
  const owned =
    audience === 'owner' ? requestPage.unionAll(pendencyRows).unionAll(documentRows) : null;
  return {
    // Read as arrays in the order of the select lists above (PENDING_AT), presented per page.
    rows: rawStatement(
      db,
      name,
      () =>
        (
          owned ??
          (assignedPage
            ? requestPage.unionAll(assignedPage).unionAll(pendencyRows)
            : requestPage.unionAll(pendencyRows))
        )
          .orderBy(sql`at desc`, sql`id desc`)
          // Planned once and kept: see unseenPlaceholder.
          .limit(unseenPlaceholder('limit'))
          .offset(unseenPlaceholder('offset'))
          .getSQL(),
      (rows) => rows,
    ),
    totalOnly: totalStatement(db, name, total),
  };
}

const audienceOf = (caller: Caller): Audience | null =>
  caller.role === 'technician'
    ? 'technician'
    : STAFF_ROLES.includes(caller.role)
      ? 'staff'
      : caller.role === 'owner'
        ? 'owner'
        : null;

export async function listPending(
  deps: AppDeps,
  caller: Caller,
  query: ListQuery,
): Promise<Page<PendingItem>> {
  const audience = audienceOf(caller);
  if (!audience) return { items: [], total: 0 };
  const name = `pending_${audience}`;
  const statements = prepared(deps.db, `${name}_statements`, (db) =>
    pendingQuery(db, name, audience),
  );
  const today = saoPauloToday();
  const values = {
    limit: query.limit,
    offset: query.offset,
    callerId: caller.id,
    ...(audience === 'owner' ? { today } : {}),
  };
  const rows = await statements.rows.execute(values);
  const present = (row: unknown[]) =>
    presentPending(
      {
        id: row[PENDING_AT.id] as string,
        instanceId: row[PENDING_AT.instanceId] as string,
        kind: row[PENDING_AT.kind] as string,
        farm: row[PENDING_AT.farm] as string | null,
        day: row[PENDING_AT.day] as string | null,
      },
      today,
    );
  return pageOfRows(rawPage(present, PENDING_AT.total)(rows), {
    offset: query.offset,
    countPastEnd: async () => (await statements.totalOnly.execute(values))[0]?.total ?? 0,
  });
}
