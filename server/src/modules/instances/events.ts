import type { InstanceEventType } from '@agroselo/contracts';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { newId } from '../../lib/ids';

/** One step of an instance's timeline, as recordEvent writes it. */
export interface InstanceEventInput {
  instanceId: string;
  /** Who acted; null for what the system does on its own. */
  actorId: string | null;
  type: InstanceEventType;
  /** pt-BR, as the timeline shows it: messages.instances.event*(name). */
  message: string;
  data?: Record<string, unknown>;
  /** When it happened; the transaction's time unless told (seed data tells). */
  at?: Date;
}

/**
 * Writes one step of an instance's timeline. Call it with the transaction of the state change it
 * records, so the change and its event are stored together or not at all.
 */
export const recordEvent = (tx: Db, event: InstanceEventInput): Promise<void> =>
  recordEvents(tx, [event]);

/** recordEvent for many steps, in one statement. */
export async function recordEvents(tx: Db, list: InstanceEventInput[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(events).values(
    list.map((event) => ({
      id: newId(),
      processInstanceId: event.instanceId,
      actorId: event.actorId,
      type: event.type,
      message: event.message,
      data: event.data ?? null,
      ...(event.at ? { createdAt: event.at } : {}),
    })),
  );
}
