import {
  messages,
  type BusinessBody,
  type EvaluateBody,
  type InstanceDetail,
  type RequestBody,
} from '@agroselo/contracts';
import { and, desc, eq, isNotNull, isNull, not, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { processInstances, properties } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AppError } from '../../lib/errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Caller } from '../../plugins/auth';
import {
  deliverMail,
  noticeOfEvaluation,
  noticeOfOpening,
  noticeOfRequest,
} from '../certificates/notify';
import { brazilianDay, saoPauloToday } from '../certificates/status';
import { refuseConflictOfInterest } from '../review/conflict';
import {
  copyCarriedProofs,
  discardCarriedProofs,
  prefillRenewal,
  renewedInstance,
} from '../safras/renewal';
import { findProcess } from '../seals/queries';
import { getInstanceDetail } from './detail';
import { recordEvent } from './events';
import { createFormInstances } from './form-instances';
import { fullName } from '../../lib/people';

const m = messages.instances;
const i = processInstances;
const child = alias(processInstances, 'child');

/**
 * `process_instances.column` always qualified: Drizzle leaves the columns of a one-table query
 * unqualified, and inside a subquery an unqualified name binds to the inner table.
 */
const outer = (column: string) =>
  sql`${sql.identifier('process_instances')}.${sql.identifier(column)}`;

/**
 * A process a seal can be asked for today: released (drafts are hidden: 404, but an admin, who
 * sees them, is told) and inside its request window.
 */
async function findRequestableProcess(db: Db, caller: Caller, processId: string) {
  const process = await findProcess(db, caller, processId);
  if (!process.released) throw conflict(m.processDraft);
  const day = saoPauloToday();
  if (day < process.startDate) throw conflict(m.windowNotOpen(brazilianDay(process.startDate)));
  if (day > process.endDate) throw conflict(m.windowClosed(brazilianDay(process.endDate)));
  return process;
}

/** The property, if the caller may act on it: producers only on their own (else 404). */
async function findPropertyFor(db: Db, caller: Caller, propertyId: string, ownOnly: boolean) {
  const [property] = await db
    .select({
      id: properties.id,
      ownerId: properties.ownerId,
      crea: properties.responsibleTechnicianCrea,
    })
    .from(properties)
    .where(
      and(eq(properties.id, propertyId), ownOnly ? eq(properties.ownerId, caller.id) : undefined),
    );
  if (!property) throw notFound(m.propertyNotFound);
  return property;
}

/**
 * The newest instance of this seal on this property that no later one follows: the end of the
 * chain a new request hangs from. Refused while it is still open.
 */
async function chainEnd(tx: Db, processId: string, propertyId: string) {
  const [last] = await tx
    .select({ id: i.id, rejected: i.rejected, finished: i.finished })
    .from(i)
    .where(
      and(
        eq(i.processId, processId),
        eq(i.propertyId, propertyId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(child)
            .where(eq(child.parentInstanceId, outer('id'))),
        ),
      ),
    )
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(1);
  if (last && !last.rejected && !last.finished) throw conflict(m.duplicateRequest);
  return last?.id ?? null;
}

/**
 * Two requests racing past chainEnd meet the unique indexes (one open request per seal and
 * property; one child per instance): the loser gets the same 409 as a request made later.
 */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      isUniqueViolation(error, 'process_instances_open_key') ||
      isUniqueViolation(error, 'process_instances_parent_key')
    )
      throw conflict(m.duplicateRequest);
    if (isUniqueViolation(error, 'process_instances_renewal_key'))
      throw conflict(messages.safras.renewalTwice);
    throw error;
  }
}

/** PUT /api/process/{processId}/request: a producer asks for a seal for one of their properties. */
export async function requestSeal(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: RequestBody,
): Promise<InstanceDetail> {
  const process = await findRequestableProcess(deps.db, caller, processId);
  const property = await findPropertyFor(deps.db, caller, body.business_id, true);
  const id = newId();
  await refusingDuplicates(() =>
    deps.db.transaction(async (tx) => {
      // A renewal's own refusals first: they say more than 'already requested'.
      const renewalOfId = body.renewal ? await renewedInstance(tx, process, property.id) : null;
      const parentInstanceId = await chainEnd(tx, process.id, property.id);
      await tx.insert(i).values({
        id,
        processId: process.id,
        propertyId: property.id,
        requestedBy: caller.id,
        parentInstanceId,
        riceAreaHa: body.rice_area_ha ?? null,
        publishConsent: body.publish_consent,
        publishConsentAt: body.publish_consent ? new Date() : null,
        renewalOfId,
      });
      await recordEvent(tx, {
        instanceId: id,
        actorId: caller.id,
        type: 'requested',
        message: renewalOfId
          ? messages.safras.eventRenewalRequested(fullName(caller), process.safra)
          : m.eventRequested(fullName(caller)),
      });
      await noticeOfRequest(deps, tx, id, fullName(caller));
    }),
  );
  deliverMail(deps);
  return getInstanceDetail(deps.db, caller, id);
}

/**
 * POST /api/process/{processId}/start: a technician or an admin opens the process for a property
 * from its page, as accepted by them and started, in one step.
 */
export async function openForProperty(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: BusinessBody,
): Promise<InstanceDetail> {
  const process = await findRequestableProcess(deps.db, caller, processId);
  const property = await findPropertyFor(deps.db, caller, body.business_id, false);
  refuseConflictOfInterest(caller, property.crea);
  const id = newId();
  await refusingDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const parentInstanceId = await chainEnd(tx, process.id, property.id);
      const now = new Date();
      await tx.insert(i).values({
        id,
        processId: process.id,
        propertyId: property.id,
        requestedBy: caller.id,
        technicianId: caller.id,
        parentInstanceId,
        initiated: true,
        evaluatedAt: now,
        startedAt: now,
      });
      await createFormInstances(tx, { id, processId: process.id });
      await recordEvent(tx, {
        instanceId: id,
        actorId: caller.id,
        type: 'opened',
        message: m.eventOpened(fullName(caller)),
      });
      await noticeOfOpening(deps, tx, id, fullName(caller));
    }),
  );
  deliverMail(deps);
  return getInstanceDetail(deps.db, caller, id);
}

/**
 * PUT /api/process-instance/{id}/evaluate: the first technician (or admin) to answer a request
 * becomes its technician. The update only matches while nobody has, so of two simultaneous
 * evaluations exactly one changes the row; the other is told it came too late.
 */
export async function evaluateRequest(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  body: EvaluateBody,
): Promise<InstanceDetail> {
  await deps.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ crea: properties.responsibleTechnicianCrea, assigneeId: i.assigneeId })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .where(eq(i.id, instanceId));
    if (request) {
      if (assignedToAnother(caller, request.assigneeId)) throw forbidden(m.assignedToOther);
      refuseConflictOfInterest(caller, request.crea);
    }
    // An admin evaluating an assigned request answers for its assignee (docs/decisions/018).
    const technicianId = caller.role === 'admin' ? (request?.assigneeId ?? caller.id) : caller.id;
    const now = new Date();
    const [evaluated] = await tx
      .update(i)
      .set({ technicianId, rejected: body.reject, evaluatedAt: now, updatedAt: now })
      .where(
        and(
          eq(i.id, instanceId),
          isNull(i.technicianId),
          not(i.rejected),
          not(i.finished),
          caller.role === 'admin'
            ? undefined
            : or(isNull(i.assigneeId), eq(i.assigneeId, caller.id)),
        ),
      )
      .returning({ id: i.id });
    if (!evaluated) {
      const [current] = await tx
        .select({ finished: i.finished, technicianId: i.technicianId, assigneeId: i.assigneeId })
        .from(i)
        .where(eq(i.id, instanceId));
      if (!current) throw notFound(m.notFound);
      if (!current.technicianId && assignedToAnother(caller, current.assigneeId))
        throw forbidden(m.assignedToOther);
      throw conflict(current.finished ? m.finished : m.alreadyEvaluated);
    }
    const name = fullName(caller);
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: body.reject ? 'rejected' : 'accepted',
      message: body.reject ? m.eventRejected(name) : m.eventAccepted(name),
    });
    await noticeOfEvaluation(deps, tx, instanceId, { technicianName: name, rejected: body.reject });
  });
  deliverMail(deps);
  return getInstanceDetail(deps.db, caller, instanceId);
}

/** A request an admin assigned to another technician is theirs to evaluate (or an admin's). */
const assignedToAnother = (caller: Caller, assigneeId: string | null) =>
  caller.role !== 'admin' && assigneeId !== null && assigneeId !== caller.id;

/** Why an instance cannot be started now, in the order its flags settle it (spec §4). */
function notStartable(current: {
  technicianId: string | null;
  rejected: boolean;
  initiated: boolean;
  finished: boolean;
}): AppError {
  if (current.finished) return conflict(m.finished);
  if (!current.technicianId) return conflict(m.notEvaluated);
  if (current.rejected) return conflict(m.rejected);
  return conflict(m.alreadyStarted);
}

/**
 * PUT /api/process-instance/{id}/start: the owner of the property starts an accepted request;
 * its form instances and their fields are created in the same transaction.
 */
export async function startInstance(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
): Promise<InstanceDetail> {
  // Last season's proof files are copied before the transaction (storage is no part of it) and
  // removed again if the start does not happen.
  const carried = await copyCarriedProofs(deps.db, deps.storage, instanceId);
  let unused: string[];
  try {
    unused = await startWithForms(deps, caller, instanceId, carried);
  } catch (error) {
    await discardCarriedProofs(deps.storage, carried);
    throw error;
  }
  await Promise.all(unused.map((key) => deps.storage.remove(key).catch(() => undefined)));
  return getInstanceDetail(deps.db, caller, instanceId);
}

async function startWithForms(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  carried: Awaited<ReturnType<typeof copyCarriedProofs>>,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [started] = await tx
      .update(i)
      .set({ initiated: true, startedAt: now, updatedAt: now })
      .where(
        and(
          eq(i.id, instanceId),
          isNotNull(i.technicianId),
          not(i.rejected),
          not(i.initiated),
          not(i.finished),
          sql`exists (select 1 from ${properties} p where p.id = ${outer('property_id')} and p.owner_id = ${caller.id})`,
        ),
      )
      .returning({ id: i.id, processId: i.processId, renewalOfId: i.renewalOfId });
    if (!started) {
      const [current] = await tx
        .select({
          technicianId: i.technicianId,
          rejected: i.rejected,
          initiated: i.initiated,
          finished: i.finished,
        })
        .from(i)
        .innerJoin(properties, eq(properties.id, i.propertyId))
        .where(and(eq(i.id, instanceId), eq(properties.ownerId, caller.id)));
      if (!current) throw notFound(m.notFound);
      throw notStartable(current);
    }
    await createFormInstances(tx, started);
    const unused = started.renewalOfId
      ? await prefillRenewal(tx, instanceId, started.renewalOfId, carried)
      : [];
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: 'started',
      message: m.eventStarted(fullName(caller)),
    });
    return unused;
  });
}
