import {
  instanceStatus,
  type Property,
  type PropertyInstance,
  type SealLevel,
  type CertificateStanding,
  type StandingReason,
} from '@agroselo/contracts';
import type { properties, users } from '../../db/schema';
import { presentInstanceCertificate } from '../certificates/standing';
import { fullName } from '../../lib/people';
import { renewalOffer, type RenewalOfferJson } from '../safras/queries';

type PropertyRow = typeof properties.$inferSelect;

/** One seal request as the list query aggregates it (json_build_object keys). */
export interface InstanceJson {
  id: string;
  rejected: boolean;
  initiated: boolean;
  finished: boolean;
  process_id: string;
  safra: string;
  renewal_offer: RenewalOfferJson | null;
  stamp_name: string;
  technician_id: string | null;
  technician_first_name: string | null;
  technician_last_name: string | null;
  certificate_number: string | null;
  certificate_valid_from: string | null;
  certificate_valid_until: string | null;
  certificate_issued_at: string | null;
  certificate_level: SealLevel | null;
  certificate_standing: CertificateStanding | null;
  certificate_standing_reason: StandingReason | null;
  certificate_standing_note: string | null;
  certificate_standing_changed_at: string | null;
}

/** What the property queries gather for one property. */
export interface PropertyWithRelations {
  property: PropertyRow;
  owner: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName'>;
  instances: InstanceJson[];
}

function presentInstance(instance: InstanceJson, isOwner: boolean): PropertyInstance {
  return {
    id: instance.id,
    rejected: instance.rejected,
    initiated: instance.initiated,
    finished: instance.finished,
    technician: instance.technician_id
      ? {
          id: instance.technician_id,
          name: fullName({
            firstName: instance.technician_first_name ?? '',
            lastName: instance.technician_last_name ?? '',
          }),
        }
      : null,
    status: instanceStatus({
      finished: instance.finished,
      rejected: instance.rejected,
      initiated: instance.initiated,
      hasTechnician: instance.technician_id !== null,
    }),
    process: { id: instance.process_id, stamp: { name: instance.stamp_name } },
    safra: instance.safra,
    renewal_offer: renewalOffer(instance.renewal_offer, isOwner),
    certificate:
      instance.certificate_number &&
      instance.certificate_valid_from &&
      instance.certificate_valid_until &&
      instance.certificate_issued_at
        ? presentInstanceCertificate({
            number: instance.certificate_number,
            validFrom: instance.certificate_valid_from,
            validUntil: instance.certificate_valid_until,
            issuedAt: new Date(instance.certificate_issued_at),
            level: instance.certificate_level,
            standing: instance.certificate_standing ?? 'valid',
            standingReason: instance.certificate_standing_reason,
            standingNote: instance.certificate_standing_note,
            standingChangedAt: instance.certificate_standing_changed_at
              ? new Date(instance.certificate_standing_changed_at)
              : null,
            safra: instance.safra,
          })
        : null,
  };
}

/**
 * `viewerId`: the caller, offered renewals of their own properties' certificates. The lists write
 * the same answer in SQL (queries.ts); server/test/api/property-list-json.test.ts holds the two
 * equal.
 */
export function presentProperty(
  { property: p, owner, instances }: PropertyWithRelations,
  viewerId?: string,
): Property {
  const isOwner = viewerId === p.ownerId;
  return {
    id: p.id,
    owner: { id: owner.id, name: fullName(owner) },
    business_name: p.businessName,
    business_type: p.businessType,
    cnpj: p.cnpj,
    municipality: p.municipality,
    irga: p.irga,
    latitude: p.latitude,
    longitude: p.longitude,
    car_n: p.carN,
    farming_lo_number: p.farmingLoNumber,
    farming_lo_validity: p.farmingLoValidity,
    drying_and_stock_lo_number: p.dryingAndStockLoNumber,
    drying_and_stock_lo_validity: p.dryingAndStockLoValidity,
    place: p.place,
    responsible_name: p.responsibleName,
    responsible_technician_name: p.responsibleTechnicianName,
    responsible_technician_phone: p.responsibleTechnicianPhone,
    responsible_technician_crea: p.responsibleTechnicianCrea,
    process_instances: instances.map((instance) => presentInstance(instance, isOwner)),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
