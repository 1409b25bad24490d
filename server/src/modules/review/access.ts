import { PRODUCER_ROLES, STAFF_ROLES, messages } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { processes, processInstances as i, properties } from '../../db/schema';
import { forbidden, notFound, StateConflict } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { refuseConflictOfInterest } from './conflict';

const m = messages.review;

/** What decides who may read and review an instance, and what its process asks for. */
export async function reviewTarget(db: Db, instanceId: string, options: { lock: boolean }) {
  const query = db
    .select({
      id: i.id,
      ownerId: properties.ownerId,
      technicianId: i.technicianId,
      initiated: i.initiated,
      finished: i.finished,
      rejected: i.rejected,
      propertyCrea: properties.responsibleTechnicianCrea,
      levels: processes.levels,
      committee: processes.committee,
    })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .where(eq(i.id, instanceId));
  const [row] = options.lock ? await query.for('update', { of: i }) : await query;
  return row;
}

export type ReviewTarget = NonNullable<Awaited<ReturnType<typeof reviewTarget>>>;

/** Staff read every instance's review, a producer those of their own properties (else 404). */
export function readableBy(caller: Caller, target: ReviewTarget | undefined): ReviewTarget {
  if (!target) throw notFound(messages.instances.notFound);
  if (STAFF_ROLES.includes(caller.role)) return target;
  if (PRODUCER_ROLES.includes(caller.role) && target.ownerId === caller.id) return target;
  throw notFound(messages.instances.notFound);
}

/**
 * The assigned technician or an admin, without a conflict of interest: who opens, resolves and
 * reopens pendências and records vistorias.
 */
export function reviewableBy(caller: Caller, target: ReviewTarget | undefined): ReviewTarget {
  if (!target) throw notFound(messages.instances.notFound);
  const assigned = caller.role === 'technician' && target.technicianId === caller.id;
  if (caller.role !== 'admin' && !assigned) throw forbidden(m.reviewerOnly);
  refuseConflictOfInterest(caller, target.propertyCrea);
  return target;
}

/** Started, neither rejected nor concluded: the review happens now. */
export const underReview = (target: ReviewTarget) =>
  target.initiated && !target.finished && !target.rejected;

/**
 * A review write on an instance not under review (not started, rejected or concluded meanwhile)
 * answers 409 with the instance as it is now, `now` (DESIGN §4c).
 */
export function refuseUnlessUnderReview(
  target: ReviewTarget,
  message: string,
  now: () => Promise<unknown>,
): void {
  if (!underReview(target)) throw new StateConflict(message, 'process_instance', now);
}
