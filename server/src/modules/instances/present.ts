import {
  InstanceStatus,
  PRODUCER_ROLES,
  STAFF_ROLES,
  instanceStatus,
  type InstanceDetail,
  type InstanceEvent,
  type InstanceSummary,
  type RenewalOf,
  type SealLevel,
} from '@agroselo/contracts';
import { processes, processInstances, properties, stamps, type users } from '../../db/schema';
import { isoTimestamp } from '../../lib/raw-statement';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../../plugins/auth';
import {
  presentInstanceCertificate,
  standingActions,
  type InstanceCertificateRow,
} from '../certificates/standing';
import { hasConflictOfInterest } from '../review/conflict';
import { renewalOffer, type RenewalOfferJson } from '../safras/queries';
import { stampImageUrl } from '../seals/present';

type Instance = typeof processInstances.$inferSelect;
type Property = typeof properties.$inferSelect;
type User = typeof users.$inferSelect;

/** What the dashboard queries gather for one instance. */
export interface InstanceSummaryRow {
  instance: Pick<
    Instance,
    'id' | 'processId' | 'technicianId' | 'rejected' | 'initiated' | 'finished' | 'createdAt'
  >;
  property: Pick<Property, 'id' | 'businessName' | 'cnpj' | 'municipality'>;
  stampName: string;
  safra: string;
  technician: Pick<User, 'id' | 'firstName' | 'lastName'> | null;
  progress: { finished: number; total: number };
}

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

export function presentInstanceSummary(row: InstanceSummaryRow): InstanceSummary {
  const { instance, property, technician } = row;
  return {
    id: instance.id,
    business: {
      id: property.id,
      business_name: property.businessName,
      cnpj: property.cnpj,
      municipality: property.municipality,
    },
    process: { id: instance.processId, safra: row.safra, stamp: { name: row.stampName } },
    technician: technician ? { id: technician.id, name: fullName(technician) } : null,
    rejected: instance.rejected,
    initiated: instance.initiated,
    finished: instance.finished,
    status: instanceStatus({
      finished: instance.finished,
      rejected: instance.rejected,
      initiated: instance.initiated,
      hasTechnician: instance.technicianId !== null,
    }),
    progress: row.progress,
    created_at: instance.createdAt.toISOString(),
  };
}

/**
 * The columns of an InstanceSummary, in the order instanceSummaryFromRow reads them (the forms'
 * total and finished count follow them), `technician` the list's alias of users.
 */
export const instanceSummaryColumns = (technician: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
}) => ({
  id: processInstances.id,
  processId: processInstances.processId,
  technicianId: processInstances.technicianId,
  rejected: processInstances.rejected,
  initiated: processInstances.initiated,
  finished: processInstances.finished,
  createdAt: processInstances.createdAt,
  propertyId: properties.id,
  businessName: properties.businessName,
  cnpj: properties.cnpj,
  municipality: properties.municipality,
  stampName: stamps.name,
  safra: processes.safra,
  technicianFirstName: technician.firstName,
  technicianLastName: technician.lastName,
});
export const INSTANCE_SUMMARY_WIDTH = 15;

/** presentInstanceSummary for a row of instanceSummaryColumns read as an array (lib/raw-statement.ts). */
export function instanceSummaryFromRow(row: unknown[]): InstanceSummary {
  const technicianId = row[2] as string | null;
  const rejected = row[3] as boolean;
  const initiated = row[4] as boolean;
  const finished = row[5] as boolean;
  return {
    id: row[0] as string,
    business: {
      id: row[7] as string,
      business_name: row[8] as string,
      cnpj: row[9] as string,
      municipality: row[10] as string,
    },
    process: { id: row[1] as string, safra: row[12] as string, stamp: { name: row[11] as string } },
    technician: technicianId
      ? {
          id: technicianId,
          name: fullName({ firstName: row[13] as string, lastName: row[14] as string }),
        }
      : null,
    rejected,
    initiated,
    finished,
    status: instanceStatus({ finished, rejected, initiated, hasTechnician: technicianId !== null }),
    progress: { finished: Number(row[16]), total: Number(row[15]) },
    created_at: isoTimestamp(row[6] as string),
  };
}

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

type Person = Pick<User, 'id' | 'firstName' | 'lastName'>;

/** The pendências by status and the vistorias of an instance (detail.ts). */
export interface ReviewCountsJson {
  open: number;
  answered: number;
  resolved: number;
  inspections: number;
}

/** What the detail query gathers for one instance (see detail.ts). */
export interface InstanceDetailRow {
  instance: Instance;
  property: Property;
  owner: Person;
  process: {
    id: string;
    description: string;
    levels: SealLevel[];
    committee: boolean;
    safra: string;
  };
  stamp: { id: string; name: string; imageKey: string | null };
  technician: Person | null;
  requester: Person | null;
  recommender: Person | null;
  certificate: Omit<InstanceCertificateRow, 'safra'> | null;
  renewalOf: RenewalOf | null;
  renewalOffer: RenewalOfferJson | null;
  reviewCounts: ReviewCountsJson;
  formInstances: FormInstanceJson[];
  events: EventJson[];
  chain: ChainJson[];
}

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;
const personOrNull = (user: Person | null) => (user ? { id: user.id, name: fullName(user) } : null);

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

export function presentInstanceDetail(row: InstanceDetailRow, caller: Caller): InstanceDetail {
  const { instance, property: p } = row;
  const status = instanceStatus({
    finished: instance.finished,
    rejected: instance.rejected,
    initiated: instance.initiated,
    hasTechnician: instance.technicianId !== null,
  });
  const chain = row.chain.map((link) => ({
    id: link.id,
    status: statusOf(link),
    created_at: link.created_at,
  }));
  const child = row.chain.find((link) => link.depth === 1);
  const isOwner = PRODUCER_ROLES.includes(caller.role) && p.ownerId === caller.id;
  const conflicted = hasConflictOfInterest(caller, p.responsibleTechnicianCrea);
  const assigned = caller.role === 'technician' && instance.technicianId === caller.id;
  const committee = row.process.committee;
  const recommended = instance.recommendationOutcome !== null;
  const counts = row.reviewCounts;
  /** The assigned technician or an admin, on a started instance, without a conflict of interest. */
  const reviewing =
    status === InstanceStatus.ONGOING && !conflicted && (caller.role === 'admin' || assigned);
  const formInstances = row.formInstances.map((form) => ({
    id: form.id,
    name: form.name,
    deadline: form.deadline,
    obligatory: form.obligatory,
    sign: form.sign,
    commited: form.commited,
    commited_at: form.commited_at,
  }));
  return {
    id: instance.id,
    business: {
      id: p.id,
      owner: { id: row.owner.id, name: fullName(row.owner) },
      business_name: p.businessName,
      business_type: p.businessType,
      cnpj: p.cnpj,
      municipality: p.municipality,
      place: p.place,
      latitude: p.latitude,
      longitude: p.longitude,
      irga: p.irga,
      car_n: p.carN,
      farming_lo_number: p.farmingLoNumber,
      farming_lo_validity: p.farmingLoValidity,
      drying_and_stock_lo_number: p.dryingAndStockLoNumber,
      drying_and_stock_lo_validity: p.dryingAndStockLoValidity,
      responsible_name: p.responsibleName,
      responsible_technician_name: p.responsibleTechnicianName,
      responsible_technician_phone: p.responsibleTechnicianPhone,
      responsible_technician_crea: p.responsibleTechnicianCrea,
    },
    process: {
      id: row.process.id,
      description: row.process.description,
      safra: row.process.safra,
      stamp: {
        name: row.stamp.name,
        image_url: row.stamp.imageKey ? stampImageUrl(row.stamp.id, row.stamp.imageKey) : null,
      },
    },
    requested_by: personOrNull(row.requester),
    technician: personOrNull(row.technician),
    rejected: instance.rejected,
    initiated: instance.initiated,
    finished: instance.finished,
    status,
    progress: {
      finished: formInstances.filter((form) => form.commited).length,
      total: formInstances.length,
    },
    actions: {
      evaluate:
        STAFF_ROLES.includes(caller.role) && status === InstanceStatus.PENDING && !conflicted,
      start: isOwner && status === InstanceStatus.PRODUCER_PENDING,
      conclude: reviewing && (committee ? caller.role === 'admin' && recommended : true),
      review: reviewing,
      inspect: reviewing,
      recommend: reviewing && committee && assigned,
      ...standingActions(caller, row.certificate?.standing ?? null),
      publish_consent: isOwner,
    },
    rice_area_ha: instance.riceAreaHa,
    publish_consent: instance.publishConsent,
    publish_consent_at: isoOrNull(instance.publishConsentAt),
    renewal_of: row.renewalOf,
    renewal_offer: renewalOffer(row.renewalOffer, isOwner),
    review: {
      levels: row.process.levels,
      committee,
      level: row.certificate?.level ?? null,
      recommendation:
        instance.recommendationOutcome &&
        instance.recommendationJustification !== null &&
        instance.recommendedAt
          ? {
              outcome: instance.recommendationOutcome,
              justification: instance.recommendationJustification,
              author: personOrNull(row.recommender),
              created_at: instance.recommendedAt.toISOString(),
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
    approved: instance.approved,
    finish_note: instance.finishNote,
    certificate: row.certificate
      ? presentInstanceCertificate({ ...row.certificate, safra: row.process.safra })
      : null,
    created_at: instance.createdAt.toISOString(),
    evaluated_at: isoOrNull(instance.evaluatedAt),
    started_at: isoOrNull(instance.startedAt),
    finished_at: isoOrNull(instance.finishedAt),
    form_instances: formInstances,
    chain,
    child_process_instance: child
      ? { id: child.id, status: statusOf(child), created_at: child.created_at }
      : null,
    events: row.events.map((event) => ({
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
