import {
  messages,
  SEAL_LEVEL_LABELS,
  type ConcludeInput,
  type InstanceDetail,
} from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  certificates,
  formInstances,
  processes,
  processInstances as i,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Caller } from '../../plugins/auth';
import { getInstanceDetail } from '../instances/detail';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import { hasConflictOfInterest } from '../review/conflict';
import { unresolvedMessage, unresolvedPendencies } from '../review/pendencies';
import { processConcludedEmail } from './emails';
import { deliverMail } from './notify';
import { newCertificateNumber } from './number';
import { brazilianDay, saoPauloToday } from './status';

const m = messages.certificates;
const r = messages.review;
const owner = alias(users, 'owner');
/** Collisions of 40 random bits are rare; five in a row mean something else is wrong. */
const NUMBER_ATTEMPTS = 5;

/**
 * The instance, locked for the rest of the transaction (two conclusions take turns, and the
 * second finds it finished), with what the rules, the certificate and the notice need.
 */
async function lockForConclusion(tx: Db, instanceId: string) {
  const [row] = await tx
    .select({
      id: i.id,
      technicianId: i.technicianId,
      rejected: i.rejected,
      initiated: i.initiated,
      finished: i.finished,
      validityStart: processes.validityStart,
      validityEnd: processes.validityEnd,
      levels: processes.levels,
      committee: processes.committee,
      recommended: sql<boolean>`${i.recommendationOutcome} is not null`,
      propertyCrea: properties.responsibleTechnicianCrea,
      unresolved: unresolvedPendencies(sql`${i.id}`),
      sealName: stamps.name,
      businessName: properties.businessName,
      municipality: properties.municipality,
      owner: { email: owner.email, firstName: owner.firstName, disabled: owner.disabled },
      openForms: sql<string[]>`(
        select coalesce(json_agg(fi.name order by fi.position, fi.created_at, fi.id), '[]'::json)
        from ${formInstances} fi
        where fi.process_instance_id = ${i.id} and fi.obligatory and not fi.commited)`,
    })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .where(eq(i.id, instanceId))
    .for('update', { of: i });
  return row;
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockForConclusion>>>;

/**
 * Why `caller` may not conclude the instance now, in the order a reader would ask; else null.
 * With a committee only an admin decides, after the parecer técnico (DESIGN §4b).
 */
function refusal(caller: Caller, instance: Locked, body: ConcludeInput, today: string) {
  if (instance.finished) return conflict(messages.instances.finished);
  if (instance.committee && caller.role !== 'admin') return forbidden(r.committeeAdminOnly);
  if (instance.technicianId && instance.technicianId !== caller.id && caller.role !== 'admin')
    return forbidden(m.notAssigned);
  if (hasConflictOfInterest(caller, instance.propertyCrea)) return forbidden(r.conflictOfInterest);
  if (instance.rejected) return conflict(messages.instances.rejected);
  if (!instance.technicianId) return conflict(m.notEvaluated);
  if (!instance.initiated) return conflict(m.notStarted);
  if (instance.openForms.length > 0) return conflict(m.openForms(instance.openForms));
  if (instance.unresolved.length > 0) return conflict(unresolvedMessage(instance.unresolved));
  if (instance.committee && !instance.recommended) return conflict(r.recommendationRequired);
  if (body.approved && today > instance.validityEnd)
    return conflict(m.validityEnded(brazilianDay(instance.validityEnd)));
  if (body.approved && instance.levels.length > 0 && !body.level)
    return invalidField('level', r.levelRequired);
  if (body.approved && body.level && !instance.levels.includes(body.level))
    return invalidField('level', r.levelNotOffered);
  return null;
}

/** Inserts the certificate under a fresh number, drawing again on the rare collision. */
async function issueCertificate(
  tx: Db,
  values: Omit<typeof certificates.$inferInsert, 'id' | 'number'>,
): Promise<string> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const [issued] = await tx
      .insert(certificates)
      .values({ id: newId(), number: newCertificateNumber(), ...values })
      .onConflictDoNothing({ target: certificates.number })
      .returning({ number: certificates.number });
    if (issued) return issued.number;
  }
  throw new Error(`no free certificate number after ${NUMBER_ATTEMPTS} draws`);
}

/**
 * PUT /api/process-instance/{id}/finish: the assigned technician or an admin approves or fails a
 * started instance once every obligatory form is finished. Approval issues the certificate, with
 * the process's validity, in the same transaction; the producer is told by e-mail either way.
 */
export async function concludeInstance(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  body: ConcludeInput,
): Promise<InstanceDetail> {
  await deps.db.transaction(async (tx) => {
    const instance = await lockForConclusion(tx, instanceId);
    if (!instance) throw notFound(messages.instances.notFound);
    const today = saoPauloToday();
    const refused = refusal(caller, instance, body, today);
    const level = body.approved ? body.level : null;
    if (refused) throw refused;

    const now = new Date();
    await tx
      .update(i)
      .set({
        finished: true,
        approved: body.approved,
        finishNote: body.note || null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(eq(i.id, instanceId));
    const certificate = body.approved
      ? {
          validFrom: instance.validityStart,
          validUntil: instance.validityEnd,
          number: await issueCertificate(tx, {
            processInstanceId: instanceId,
            validFrom: instance.validityStart,
            validUntil: instance.validityEnd,
            level,
            issuedBy: caller.id,
            issuedAt: now,
          }),
          level,
        }
      : null;

    const name = fullName(caller);
    const levelLabel = level ? SEAL_LEVEL_LABELS[level] : null;
    const outcome = certificate
      ? m.eventApproved(name, certificate.number, levelLabel)
      : m.eventFailed(name);
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: body.approved ? 'approved' : 'failed',
      message: body.note ? `${outcome}. Parecer: ${body.note}` : outcome,
      data: {
        approved: body.approved,
        note: body.note,
        certificate: certificate?.number ?? null,
        level,
      },
    });
    if (!instance.owner.disabled) {
      await deps.mailer.enqueue(
        tx,
        processConcludedEmail(
          instance.owner,
          {
            instanceId,
            sealName: instance.sealName,
            businessName: instance.businessName,
            municipality: instance.municipality,
            technicianName: name,
            note: body.note,
            certificate,
          },
          deps.config.PUBLIC_URL,
        ),
      );
    }
  });
  deliverMail(deps);
  return getInstanceDetail(deps.db, caller, instanceId);
}
