import type { UserEventType } from '@agroselo/contracts';
import type { Db } from '../../db/client';
import { userEvents } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface UserEventInput {
  userId: string;
  /** The admin who made the change, or the account itself. */
  actorId: string | null;
  type: UserEventType;
  data?: Record<string, string>;
  at?: Date;
}

/** Writes one entry of an account's history; call it inside the change's own transaction. */
export async function recordUserEvent(tx: Db, event: UserEventInput): Promise<void> {
  await tx.insert(userEvents).values({
    id: newId(),
    userId: event.userId,
    actorId: event.actorId,
    type: event.type,
    data: event.data ?? null,
    createdAt: event.at ?? new Date(),
  });
}
