import { PENDING_MESSAGES, type PendingItem } from '@agroselo/contracts';

export type PendingKind = keyof typeof PENDING_MESSAGES;

/** Something waiting for the caller, pointing at the instance page where they act on it. */
export function presentPending(item: {
  id: string;
  instanceId: string;
  kind: string;
}): PendingItem {
  return {
    id: item.id,
    url: `/producer-details/${item.instanceId}`,
    message: PENDING_MESSAGES[item.kind as PendingKind],
  };
}
