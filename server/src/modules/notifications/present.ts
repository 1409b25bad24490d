import { messages, PENDING_MESSAGES, type PendingItem } from '@agroselo/contracts';
import { brazilianDay } from '../certificates/status';

export type PendingKind = keyof typeof PENDING_MESSAGES;

const m = messages.standing;

/**
 * Something waiting for the caller: the instance page where they act on it, or, for a licence
 * about to end, the property's edit page. `today` (São Paulo) is asked once per page, not per item.
 */
export function presentPending(
  item: {
    id: string;
    instanceId: string;
    kind: string;
    farm: string | null;
    day: string | null;
  },
  today: string,
): PendingItem {
  const farm = item.farm ?? '';
  const day = item.day ? brazilianDay(item.day) : '';
  const expired = item.day !== null && item.day < today;
  switch (item.kind) {
    case 'farmingLo':
      return {
        id: item.id,
        url: `/edit-property/${item.instanceId}`,
        message: expired ? m.farmingLoExpired(farm, day) : m.farmingLoExpiring(farm, day),
      };
    case 'dryingLo':
      return {
        id: item.id,
        url: `/edit-property/${item.instanceId}`,
        message: expired ? m.dryingLoExpired(farm, day) : m.dryingLoExpiring(farm, day),
      };
    case 'certificateEnding':
      return {
        id: item.id,
        url: `/producer-details/${item.instanceId}`,
        message: m.certificateEnding(farm, day),
      };
    default:
      return {
        id: item.id,
        url: `/producer-details/${item.instanceId}`,
        message: PENDING_MESSAGES[item.kind as PendingKind],
      };
  }
}
