import {
  messages,
  type AssignBody,
  type AssignResult,
  type InstanceSummary,
} from '@agroselo/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { processInstances as i, properties, stamps, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { fullName } from '../../lib/people';
import type { Caller } from '../../plugins/auth';
import { deliverMail } from '../certificates/notify';
import { hasConflictOfInterest } from '../review/conflict';
import { assignmentEmail } from './assign-email';
import { recordEvent } from './events';
import { listInstanceTable } from './table';

const m = messages.instances;
const previous = alias(users, 'previous');

/** The technician named, if an active technician: the only role work is assigned to. */
async function activeTechnician(tx: Db, id: string) {
  const [technician] = await tx
    .select({
      id: users.id,
      role: users.role,
      crea: users.crea,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      disabled: users.disabled,
      pending: users.pending,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('share');
  if (!technician || technician.role !== 'technician' || technician.disabled || technician.pending)
    throw invalidField('technician_id', m.assignNotTechnician);
  return technician;
}

/**
 * PUT /api/process-instance/assign (admin, docs/decisions/018): every instance to one technician,
 * or none of them. Before the evaluation the technician becomes the assignee, who evaluates it;
 * after it, the responsible technician until the conclusion. Refused as a whole when an instance
 * does not exist (404), is concluded or rejected (409) or belongs to a property whose responsible
 * technician is the one chosen (403, DESIGN §4b). The technician is told by e-mail, and the bell
 * shows the requests still to evaluate; each instance's timeline records it.
 */
export async function assignInstances(
  deps: AppDeps,
  caller: Caller,
  body: AssignBody,
): Promise<AssignResult> {
  if (caller.role !== 'admin') throw forbidden();
  const ids = [...new Set(body.instance_ids)];
  const technician = await deps.db.transaction(async (tx) => {
    const chosen = await activeTechnician(tx, body.technician_id);
    // Locked: an evaluation or a conclusion racing the assignment waits for it, or it for them.
    const rows = await tx
      .select({
        id: i.id,
        technicianId: i.technicianId,
        assigneeId: i.assigneeId,
        rejected: i.rejected,
        finished: i.finished,
        businessName: properties.businessName,
        crea: properties.responsibleTechnicianCrea,
        seal: stamps.name,
        previousFirstName: previous.firstName,
        previousLastName: previous.lastName,
      })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .innerJoin(stamps, eq(stamps.processId, i.processId))
      .leftJoin(previous, eq(previous.id, sql`coalesce(${i.technicianId}, ${i.assigneeId})`))
      .where(inArray(i.id, ids))
      .orderBy(properties.businessName)
      .for('update', { of: i });
    if (rows.length < ids.length) throw notFound(m.assignNotFound(ids.length - rows.length));
    const closed = rows.filter((row) => row.finished || row.rejected);
    if (closed.length > 0) throw conflict(m.assignClosed(closed.map((row) => row.businessName)));
    const conflicted = rows.filter((row) => hasConflictOfInterest(chosen, row.crea));
    if (conflicted.length > 0)
      throw forbidden(m.assignConflict(conflicted.map((row) => row.businessName)));

    const changing = rows.filter((row) => (row.technicianId ?? row.assigneeId) !== chosen.id);
    if (changing.length === 0) return chosen;
    const now = new Date();
    const changingIds = changing.map((row) => row.id);
    await tx
      .update(i)
      .set({ assigneeId: chosen.id, updatedAt: now })
      .where(and(inArray(i.id, changingIds), isNull(i.technicianId)));
    await tx
      .update(i)
      .set({ assigneeId: chosen.id, technicianId: chosen.id, updatedAt: now })
      .where(and(inArray(i.id, changingIds), sql`${i.technicianId} is not null`));
    const admin = fullName(caller);
    const to = fullName(chosen);
    for (const row of changing) {
      const from =
        row.previousFirstName === null
          ? null
          : fullName({ firstName: row.previousFirstName, lastName: row.previousLastName ?? '' });
      await recordEvent(tx, {
        instanceId: row.id,
        actorId: caller.id,
        type: 'assigned',
        message:
          from && from !== to ? m.eventReassigned(admin, from, to) : m.eventAssigned(admin, to),
        data: { technician_id: chosen.id },
      });
    }
    await deps.mailer.enqueue(
      tx,
      assignmentEmail(
        chosen,
        changing.map((row) => ({
          id: row.id,
          businessName: row.businessName,
          seal: row.seal,
          evaluated: row.technicianId !== null,
        })),
        admin,
        deps.config.PUBLIC_URL,
      ),
    );
    return chosen;
  });
  deliverMail(deps);
  const page = await listInstanceTable(deps.db, {
    status: 'all',
    ids,
    limit: ids.length,
    offset: 0,
  });
  return {
    technician: { id: technician.id, name: fullName(technician) },
    instances: page.items.map((json) => JSON.parse(json) as InstanceSummary),
  };
}
