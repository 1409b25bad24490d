import { fullName, fullNameSql } from '../../lib/people';
import {
  InstanceStatus,
  PRODUCER_ROLES,
  STAFF_ROLES,
  instanceStatus,
  type InstanceDetail,
  type InstanceEvent,
} from '@agroselo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  formInstances,
  pendencies,
  processes,
  processInstances,
  properties,
  stamps,
} from '../../db/schema';
import { columnsAt, isoUtc } from '../../lib/raw-statement';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../../plugins/auth';
import {
  presentInstanceCertificate,
  standingActions,
  type InstanceCertificateRow,
} from '../certificates/standing';
import { hasConflictOfInterest } from '../review/conflict';
import { renewalOffer } from '../safras/queries';
import { stampImageUrl } from '../seals/present';

/**
 * Who answers for an instance: its technician, or before the evaluation the technician an admin
 * assigned (docs/decisions/018).
 */
export const responsibleId = sql<
  string | null
>`coalesce(${processInstances.technicianId}, ${processInstances.assigneeId})`;

/** São Paulo days from a timestamp to `today` (a date). */
export const daysSince = (at: SQL, today: SQL) =>
  sql<number>`(${today} - (${at} at time zone 'America/Sao_Paulo')::date)`;

/** `instanceStatus` of contracts (spec §4) in SQL: the same flags in the same order. */
export const instanceStatusSql = sql<InstanceStatus>`case
  when ${processInstances.finished} then ${sql.raw(String(InstanceStatus.FINISHED))}
  when ${processInstances.technicianId} is null then ${sql.raw(String(InstanceStatus.PENDING))}
  when ${processInstances.rejected} then ${sql.raw(String(InstanceStatus.REJECTED))}
  when ${processInstances.initiated} then ${sql.raw(String(InstanceStatus.ONGOING))}
  else ${sql.raw(String(InstanceStatus.PRODUCER_PENDING))} end`;

/**
 * An InstanceSummary as the wire gives it, json text written by PostgreSQL for the staff lists
 * and sent as it comes (docs/decisions/010), keys in the contract's order: `responsible` is the
 * list's join of users on responsibleId (who answers for it, and so the technician once there is
 * one), `today` São Paulo's day as the statement receives it.
 */
export const instanceSummaryJson = (
  responsible: { firstName: AnyPgColumn; lastName: AnyPgColumn },
  today: SQL,
) => {
  const i = processInstances;
  const name = fullNameSql(responsible.firstName, responsible.lastName);
  return sql<string>`json_build_object(
    'id', ${i.id},
    'business', json_build_object(
      'id', ${properties.id},
      'business_name', ${properties.businessName},
      'cnpj', ${properties.cnpj},
      'municipality', ${properties.municipality},
      'responsible_technician_crea', ${properties.responsibleTechnicianCrea}),
    'process', json_build_object(
      'id', ${i.processId}, 'safra', ${processes.safra}, 'stamp', json_build_object('name', ${stamps.name})),
    'technician', case when ${i.technicianId} is null then null
      else json_build_object('id', ${i.technicianId}, 'name', ${name}) end,
    'rejected', ${i.rejected},
    'initiated', ${i.initiated},
    'finished', ${i.finished},
    'status', ${instanceStatusSql},
    'progress', (select json_build_object('finished', count(*) filter (where ${formInstances.commited}), 'total', count(*))
      from ${formInstances} where ${formInstances.processInstanceId} = ${i.id}),
    'created_at', ${isoUtc(i.createdAt)},
    'assignee', case when ${responsibleId} is null then null
      else json_build_object('id', ${responsibleId}, 'name', ${name}) end,
    'region', ${properties.region},
    'waiting_days', ${daysSince(sql`${i.createdAt}`, today)},
    'idle_days', ${daysSince(sql`coalesce(${i.lastActionAt}, ${i.createdAt})`, today)},
    'late_pendencies', (select count(*) from ${pendencies} where ${pendencies.processInstanceId} = ${i.id}
      and ${pendencies.status} <> 'resolved' and ${pendencies.dueDate} < ${today})
  )::text`;
};

/**
 * A form instance as the detail query aggregates it (json_build_object keys); its times, like
 * those of EventJson and ChainJson, already in the wire's ISO form (isoUtc).
 */
export interface FormInstanceJson {
  id: string;
  name: string;
  deadline: string | null;
  obligatory: boolean;
  sign: boolean;
  commited: boolean;
  commited_at: string | null;
}

export interface EventJson {
  id: string;
  type: InstanceEvent['type'];
  message: string;
  created_at: string;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
}

/** One instance of the chain; `depth` is 0 for the instance asked for, negative for older ones. */
export interface ChainJson {
  id: string;
  depth: number;
  has_technician: boolean;
  rejected: boolean;
  initiated: boolean;
  finished: boolean;
  created_at: string;
}

/** The pendências by status and the vistorias of an instance (detail.ts). */
export interface ReviewCountsJson {
  open: number;
  answered: number;
  resolved: number;
  inspections: number;
}

/**
 * The columns of the detail statement (detail.ts), in the order instanceDetailFromRow reads them;
 * times already in the wire's ISO form (isoUtc) but the certificate's, the json columns last.
 */
export const DETAIL_FIELDS = [
  'id',
  'technicianId',
  'rejected',
  'initiated',
  'finished',
  'approved',
  'finishNote',
  'recommendationOutcome',
  'recommendationJustification',
  'recommendedAt',
  'riceAreaHa',
  'publishConsent',
  'publishConsentAt',
  'createdAt',
  'evaluatedAt',
  'startedAt',
  'finishedAt',
  'propertyId',
  'ownerId',
  'businessName',
  'businessType',
  'cnpj',
  'municipality',
  'place',
  'latitude',
  'longitude',
  'irga',
  'carN',
  'farmingLoNumber',
  'farmingLoValidity',
  'dryingAndStockLoNumber',
  'dryingAndStockLoValidity',
  'responsibleName',
  'responsibleTechnicianName',
  'responsibleTechnicianPhone',
  'responsibleTechnicianCrea',
  'ownerFirstName',
  'ownerLastName',
  'processId',
  'description',
  'levels',
  'committee',
  'safra',
  'stampId',
  'stampName',
  'stampImageKey',
  'technicianFirstName',
  'technicianLastName',
  'requesterId',
  'requesterFirstName',
  'requesterLastName',
  'assigneeId',
  'assigneeFirstName',
  'assigneeLastName',
  'recommenderId',
  'recommenderFirstName',
  'recommenderLastName',
  'certificateNumber',
  'certificateValidFrom',
  'certificateValidUntil',
  'certificateIssuedAt',
  'certificateLevel',
  'certificateStanding',
  'certificateStandingReason',
  'certificateStandingNote',
  'certificateStandingChangedAt',
  'renewalOf',
  'renewalOffer',
  'reviewCounts',
  'formInstances',
  'events',
  'chain',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
const DETAIL_AT = columnsAt(DETAIL_FIELDS);

type RecommendationOutcome = NonNullable<InstanceDetail['review']['recommendation']>['outcome'];

const personNamed = (id: string | null, firstName: unknown, lastName: unknown) =>
  id
    ? { id, name: fullName({ firstName: firstName as string, lastName: lastName as string }) }
    : null;

const statusOf = (flags: {
  finished: boolean;
  rejected: boolean;
  initiated: boolean;
  has_technician: boolean;
}) =>
  instanceStatus({
    finished: flags.finished,
    rejected: flags.rejected,
    initiated: flags.initiated,
    hasTechnician: flags.has_technician,
  });

/** The instance page from the detail statement's row, read as an array (lib/raw-statement.ts). */
export function instanceDetailFromRow(row: unknown[], caller: Caller): InstanceDetail {
  const get = <T>(field: DetailField) => row[DETAIL_AT[field]] as T;
  const technicianId = get<string | null>('technicianId');
  const rejected = get<boolean>('rejected');
  const initiated = get<boolean>('initiated');
  const finished = get<boolean>('finished');
  const ownerId = get<string>('ownerId');
  const crea = get<string | null>('responsibleTechnicianCrea');
  const links = get<ChainJson[]>('chain');
  const counts = get<ReviewCountsJson>('reviewCounts');
  const recommendationOutcome = get<RecommendationOutcome | null>('recommendationOutcome');
  const recommendationJustification = get<string | null>('recommendationJustification');
  const recommendedAt = get<string | null>('recommendedAt');
  const safra = get<string>('safra');
  const stampImageKey = get<string | null>('stampImageKey');
  const certificateNumber = get<string | null>('certificateNumber');
  const standingChangedAt = get<string | null>('certificateStandingChangedAt');
  const riceAreaHa = get<string | null>('riceAreaHa');
  const status = instanceStatus({
    finished,
    rejected,
    initiated,
    hasTechnician: technicianId !== null,
  });
  const chain = links.map((link) => ({
    id: link.id,
    status: statusOf(link),
    created_at: link.created_at,
  }));
  const child = links.find((link) => link.depth === 1);
  const isOwner = PRODUCER_ROLES.includes(caller.role) && ownerId === caller.id;
  const conflicted = hasConflictOfInterest(caller, crea);
  const assigned = caller.role === 'technician' && technicianId === caller.id;
  const assigneeId = get<string | null>('assigneeId');
  /** An assigned request is evaluated by its assignee or an admin (docs/decisions/018). */
  const assignedElsewhere =
    caller.role === 'technician' && assigneeId !== null && assigneeId !== caller.id;
  const committee = get<boolean>('committee');
  const recommended = recommendationOutcome !== null;
  /** The assigned technician or an admin, on a started instance, without a conflict of interest. */
  const reviewing =
    status === InstanceStatus.ONGOING && !conflicted && (caller.role === 'admin' || assigned);
  const formInstances = get<FormInstanceJson[]>('formInstances').map((form) => ({
    id: form.id,
    name: form.name,
    deadline: form.deadline,
    obligatory: form.obligatory,
    sign: form.sign,
    commited: form.commited,
    commited_at: form.commited_at,
  }));
  const certificate: InstanceCertificateRow | null = certificateNumber
    ? {
        number: certificateNumber,
        validFrom: get('certificateValidFrom'),
        validUntil: get('certificateValidUntil'),
        issuedAt: new Date(get<string>('certificateIssuedAt')),
        level: get('certificateLevel'),
        standing: get('certificateStanding'),
        standingReason: get('certificateStandingReason'),
        standingNote: get('certificateStandingNote'),
        standingChangedAt: standingChangedAt === null ? null : new Date(standingChangedAt),
        safra,
      }
    : null;
  return {
    id: get('id'),
    business: {
      id: get('propertyId'),
      owner: {
        id: ownerId,
        name: fullName({ firstName: get('ownerFirstName'), lastName: get('ownerLastName') }),
      },
      business_name: get('businessName'),
      business_type: get('businessType'),
      cnpj: get('cnpj'),
      municipality: get('municipality'),
      place: get('place'),
      latitude: get('latitude'),
      longitude: get('longitude'),
      irga: get('irga'),
      car_n: get('carN'),
      farming_lo_number: get('farmingLoNumber'),
      farming_lo_validity: get('farmingLoValidity'),
      drying_and_stock_lo_number: get('dryingAndStockLoNumber'),
      drying_and_stock_lo_validity: get('dryingAndStockLoValidity'),
      responsible_name: get('responsibleName'),
      responsible_technician_name: get('responsibleTechnicianName'),
      responsible_technician_phone: get('responsibleTechnicianPhone'),
      responsible_technician_crea: crea,
    },
    process: {
      id: get('processId'),
      description: get('description'),
      safra,
      stamp: {
        name: get('stampName'),
        image_url: stampImageKey ? stampImageUrl(get('stampId'), stampImageKey) : null,
      },
    },
    requested_by: personNamed(
      get('requesterId'),
      get('requesterFirstName'),
      get('requesterLastName'),
    ),
    technician: personNamed(technicianId, get('technicianFirstName'), get('technicianLastName')),
    assignee: personNamed(assigneeId, get('assigneeFirstName'), get('assigneeLastName')),
    rejected,
    initiated,
    finished,
    status,
    progress: {
      finished: formInstances.filter((form) => form.commited).length,
      total: formInstances.length,
    },
    actions: {
      evaluate:
        STAFF_ROLES.includes(caller.role) &&
        status === InstanceStatus.PENDING &&
        !conflicted &&
        !assignedElsewhere,
      start: isOwner && status === InstanceStatus.PRODUCER_PENDING,
      conclude: reviewing && (committee ? caller.role === 'admin' && recommended : true),
      review: reviewing,
      inspect: reviewing,
      recommend: reviewing && committee && assigned,
      ...standingActions(caller, certificate?.standing ?? null),
      publish_consent: isOwner,
    },
    // numeric arrives as PostgreSQL's text, as Drizzle's `mode: 'number'` read it.
    rice_area_ha: riceAreaHa === null ? null : Number(riceAreaHa),
    publish_consent: get('publishConsent'),
    publish_consent_at: get('publishConsentAt'),
    renewal_of: get('renewalOf'),
    renewal_offer: renewalOffer(get('renewalOffer'), isOwner),
    review: {
      levels: get('levels'),
      committee,
      level: certificate?.level ?? null,
      recommendation:
        recommendationOutcome && recommendationJustification !== null && recommendedAt
          ? {
              outcome: recommendationOutcome,
              justification: recommendationJustification,
              author: personNamed(
                get('recommenderId'),
                get('recommenderFirstName'),
                get('recommenderLastName'),
              ),
              created_at: recommendedAt,
            }
          : null,
      pendencies: {
        open: Number(counts.open),
        answered: Number(counts.answered),
        resolved: Number(counts.resolved),
      },
      inspections: Number(counts.inspections),
      conflict_of_interest: conflicted,
    },
    approved: get('approved'),
    finish_note: get('finishNote'),
    certificate: certificate ? presentInstanceCertificate(certificate) : null,
    created_at: get('createdAt'),
    evaluated_at: get('evaluatedAt'),
    started_at: get('startedAt'),
    finished_at: get('finishedAt'),
    form_instances: formInstances,
    chain,
    child_process_instance: child
      ? { id: child.id, status: statusOf(child), created_at: child.created_at }
      : null,
    events: get<EventJson[]>('events').map((event) => ({
      id: event.id,
      type: event.type,
      message: event.message,
      actor: event.actor_id
        ? {
            id: event.actor_id,
            name: fullName({
              firstName: event.actor_first_name ?? '',
              lastName: event.actor_last_name ?? '',
            }),
          }
        : null,
      created_at: event.created_at,
    })),
  };
}
