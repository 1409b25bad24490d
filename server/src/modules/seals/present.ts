import type { Stamp } from '@agroselo/contracts';
import type { stamps } from '../../db/schema';

export const stampImageUrl = (stampId: string) => `/api/stamp/${stampId}/image`;

export function presentStamp(row: typeof stamps.$inferSelect): Stamp {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features.map((feature) => ({ feature })),
    process_id: row.processId,
    image_url: row.imageKey ? stampImageUrl(row.id) : null,
  };
}
