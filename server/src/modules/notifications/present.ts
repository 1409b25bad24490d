import { PENDING_MESSAGES, type PendingItem } from '@agroselo/contracts';

export type PendingKind = keyof typeof PENDING_MESSAGES;

/** A request waiting for the caller, pointing at the screen where they act on it. */
export function presentPending(instance: { id: string }, kind: PendingKind): PendingItem {
  return {
    id: instance.id,
    url: `/producer-details/${instance.id}`,
    message: PENDING_MESSAGES[kind],
  };
}
