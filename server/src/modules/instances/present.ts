import { instanceStatus, type InstanceSummary } from '@agroselo/contracts';
import type { processInstances, properties, users } from '../../db/schema';

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
    process: { id: instance.processId, stamp: { name: row.stampName } },
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
