import { PRODUCER_ROLES, STAFF_ROLES, messages, type InstanceDetail } from '@agroselo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  certificates,
  events,
  formInstances,
  inspections,
  pendencies,
  processes,
  processInstances,
  properties,
  stamps,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isoUtc, rawStatement } from '../../lib/raw-statement';
import { renewalOfferJson, renewalOfJson } from '../safras/queries';
import { outer } from '../seals/queries';
import type { Caller } from '../../plugins/auth';
import {
  DETAIL_FIELDS,
  instanceDetailFromRow,
  type ChainJson,
  type DetailField,
  type EventJson,
  type FormInstanceJson,
  responsibleId,
  type ReviewCountsJson,
} from './present';

const i = processInstances;
const owner = alias(users, 'owner');
const technician = alias(users, 'technician');
const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');
const recommender = alias(users, 'recommender');

/** Chains are short; the bound only stops a corrupted parent link from looping forever. */
const MAX_CHAIN = 1000;

/**
 * The instance page in one statement, however long its chain or timeline: the property, seal and
 * people by joins, and the form instances, the timeline and the chain (walked both ways along
 * `parent_instance_id` by a recursive CTE) as json_agg columns; the review's counts likewise.
 * Its columns are DETAIL_FIELDS in their order, read as an array by instanceDetailFromRow.
 */
function detailQuery(db: Db, staff: boolean) {
  const id = sql`${sql.placeholder('id')}::uuid`;
  const columns: Record<DetailField, SQL | AnyPgColumn> = {
    id: i.id,
    technicianId: i.technicianId,
    rejected: i.rejected,
    initiated: i.initiated,
    finished: i.finished,
    approved: i.approved,
    finishNote: i.finishNote,
    recommendationOutcome: i.recommendationOutcome,
    recommendationJustification: i.recommendationJustification,
    recommendedAt: isoUtc(i.recommendedAt),
    riceAreaHa: i.riceAreaHa,
    publishConsent: i.publishConsent,
    publishConsentAt: isoUtc(i.publishConsentAt),
    createdAt: isoUtc(i.createdAt),
    evaluatedAt: isoUtc(i.evaluatedAt),
    startedAt: isoUtc(i.startedAt),
    finishedAt: isoUtc(i.finishedAt),
    propertyId: properties.id,
    ownerId: properties.ownerId,
    businessName: properties.businessName,
    businessType: properties.businessType,
    cnpj: properties.cnpj,
    municipality: properties.municipality,
    place: properties.place,
    latitude: properties.latitude,
    longitude: properties.longitude,
    irga: properties.irga,
    carN: properties.carN,
    farmingLoNumber: properties.farmingLoNumber,
    farmingLoValidity: properties.farmingLoValidity,
    dryingAndStockLoNumber: properties.dryingAndStockLoNumber,
    dryingAndStockLoValidity: properties.dryingAndStockLoValidity,
    responsibleName: properties.responsibleName,
    responsibleTechnicianName: properties.responsibleTechnicianName,
    responsibleTechnicianPhone: properties.responsibleTechnicianPhone,
    responsibleTechnicianCrea: properties.responsibleTechnicianCrea,
    ownerFirstName: owner.firstName,
    ownerLastName: owner.lastName,
    processId: processes.id,
    description: processes.description,
    levels: processes.levels,
    committee: processes.committee,
    safra: processes.safra,
    stampId: stamps.id,
    stampName: stamps.name,
    stampImageKey: stamps.imageKey,
    technicianFirstName: technician.firstName,
    technicianLastName: technician.lastName,
    requesterId: requester.id,
    requesterFirstName: requester.firstName,
    requesterLastName: requester.lastName,
    assigneeId: responsibleId,
    assigneeFirstName: assignee.firstName,
    assigneeLastName: assignee.lastName,
    recommenderId: recommender.id,
    recommenderFirstName: recommender.firstName,
    recommenderLastName: recommender.lastName,
    certificateNumber: certificates.number,
    certificateValidFrom: certificates.validFrom,
    certificateValidUntil: certificates.validUntil,
    certificateIssuedAt: certificates.issuedAt,
    certificateLevel: certificates.level,
    certificateStanding: certificates.standing,
    certificateStandingReason: certificates.standingReason,
    certificateStandingNote: certificates.standingNote,
    certificateStandingChangedAt: certificates.standingChangedAt,
    renewalOf: renewalOfJson(outer('process_instances', 'renewal_of_id')),
    renewalOffer: renewalOfferJson(
      outer('process_instances', 'id'),
      outer('process_instances', 'process_id'),
    ),
    reviewCounts: sql<ReviewCountsJson>`(
      select json_build_object(
        'open', count(*) filter (where pd.status = 'open'),
        'answered', count(*) filter (where pd.status = 'answered'),
        'resolved', count(*) filter (where pd.status = 'resolved'),
        'inspections', (select count(*) from ${inspections} ins where ins.process_instance_id = ${id}))
      from ${pendencies} pd where pd.process_instance_id = ${id})`,
    formInstances: sql<FormInstanceJson[]>`(
      select coalesce(json_agg(json_build_object(
        'id', fi.id, 'name', fi.name, 'deadline', fi.deadline, 'obligatory', fi.obligatory,
        'sign', fi.sign, 'commited', fi.commited, 'commited_at', ${isoUtc(sql`fi.commited_at`)}
      ) order by fi.position, fi.created_at, fi.id), '[]'::json)
      from ${formInstances} fi where fi.process_instance_id = ${id})`,
    events: sql<EventJson[]>`(
      select coalesce(json_agg(json_build_object(
        'id', e.id, 'type', e.type, 'message', e.message, 'created_at', ${isoUtc(sql`e.created_at`)},
        'actor_id', u.id, 'actor_first_name', u.first_name, 'actor_last_name', u.last_name
      ) order by e.created_at, e.id), '[]'::json)
      from ${events} e left join ${users} u on u.id = e.actor_id
      where e.process_instance_id = ${id})`,
    chain: sql<ChainJson[]>`(
      with recursive
        up (id, parent_id, depth) as (
          select p.id, p.parent_instance_id, 0 from ${i} p where p.id = ${id}
          union all
          select p.id, p.parent_instance_id, up.depth - 1
          from ${i} p join up on p.id = up.parent_id where up.depth > -${sql.raw(String(MAX_CHAIN))}
        ),
        down (id, depth) as (
          select p.id, 0 from ${i} p where p.id = ${id}
          union all
          select p.id, down.depth + 1
          from ${i} p join down on p.parent_instance_id = down.id where down.depth < ${sql.raw(String(MAX_CHAIN))}
        ),
        links (id, depth) as (select id, depth from up union select id, depth from down)
      select coalesce(json_agg(json_build_object(
        'id', p.id, 'depth', links.depth, 'has_technician', p.technician_id is not null,
        'rejected', p.rejected, 'initiated', p.initiated, 'finished', p.finished,
        'created_at', ${isoUtc(sql`p.created_at`)}
      ) order by links.depth), '[]'::json)
      from links join ${i} p on p.id = links.id)`,
  };
  return db
    .select(Object.fromEntries(DETAIL_FIELDS.map((field) => [field, columns[field]])))
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .leftJoin(technician, eq(technician.id, i.technicianId))
    .leftJoin(requester, eq(requester.id, i.requestedBy))
    .leftJoin(assignee, eq(assignee.id, responsibleId))
    .leftJoin(recommender, eq(recommender.id, i.recommendedBy))
    .leftJoin(certificates, eq(certificates.processInstanceId, i.id))
    .where(
      and(eq(i.id, id), staff ? undefined : eq(properties.ownerId, sql.placeholder('ownerId'))),
    )
    .getSQL();
}

/**
 * Prepared once per database handle and kind of caller, its single row read as an array
 * (lib/raw-statement.ts) and presented by instanceDetailFromRow.
 */
const detailStatement = (db: Db, staff: boolean) => {
  const name = `instance_detail_${staff ? 'staff' : 'owner'}`;
  return rawStatement(
    db,
    name,
    () => detailQuery(db, staff),
    (rows) => rows[0],
  );
};

/**
 * GET /api/process-instance/{id}: staff see every instance, producers those of their own
 * properties; anyone else's answers 404, so its existence is not revealed.
 */
export async function getInstanceDetail(
  db: Db,
  caller: Caller,
  instanceId: string,
): Promise<InstanceDetail> {
  const isStaff = STAFF_ROLES.includes(caller.role);
  if (!isStaff && !PRODUCER_ROLES.includes(caller.role))
    throw notFound(messages.instances.notFound);
  const row = await detailStatement(db, isStaff).execute({ id: instanceId, ownerId: caller.id });
  if (!row) throw notFound(messages.instances.notFound);
  return instanceDetailFromRow(row, caller);
}

/** The instance as its GET gives it to `caller`, read when asked: the `current` of a 409. */
export const instanceNow = (db: Db, caller: Caller, instanceId: string) => () =>
  getInstanceDetail(db, caller, instanceId);
