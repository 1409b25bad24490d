import { and, isNotNull, isNull, not } from 'drizzle-orm';
import { processInstances as i } from '../../db/schema';

/**
 * Where an instance stands, as SQL conditions shared by the staff lists and the notifications,
 * so "pending" means the same in the bell and on the Pendentes screen.
 */

/** Still open: waiting for a technician, accepted and waiting for the producer, or started. */
export const isOpen = and(not(i.finished), not(i.rejected))!;

/** A request nobody has evaluated yet. */
export const awaitsTechnician = and(isNull(i.technicianId), isOpen)!;

/** Accepted by a technician, waiting for the producer to start it. */
export const awaitsProducer = and(isNotNull(i.technicianId), not(i.initiated), isOpen)!;

/** The staff lists whose size triggers keep in `list_counts` (db/schema.ts), by their counter. */
export const LIST_COUNTERS = {
  in_progress: 'instances_open',
  pending: 'instances_awaiting_technician',
} as const;
