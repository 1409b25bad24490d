import { STAFF_ROLES } from '@agroselo/contracts';
import { and, eq, inArray, not } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { processInstances as i, properties, stamps, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  processOpenedEmail,
  requestEvaluatedEmail,
  requestReceivedEmail,
  type InstanceFacts,
} from './emails';

/**
 * The e-mail notices of the workflow. Each is queued in the transaction of the change it tells
 * about (so it exists exactly when the change does) and delivered after the response by
 * `deliverMail`; a failed delivery is retried by the outbox, never failing the request.
 */

const owner = alias(users, 'owner');

export interface InstanceNoticeFacts extends InstanceFacts {
  owner: { email: string; firstName: string; disabled: boolean };
}

/** The instance's seal, property and producer, as the notices name them. */
export async function instanceFacts(tx: Db, instanceId: string): Promise<InstanceNoticeFacts> {
  const [row] = await tx
    .select({
      instanceId: i.id,
      sealName: stamps.name,
      businessName: properties.businessName,
      municipality: properties.municipality,
      owner: { email: owner.email, firstName: owner.firstName, disabled: owner.disabled },
    })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(owner, eq(owner.id, properties.ownerId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .where(eq(i.id, instanceId));
  if (!row) throw new Error(`instance ${instanceId} vanished inside its own transaction`);
  return row;
}

/** A new request: every active technician and admin is told, each in a message of their own. */
export async function noticeOfRequest(
  deps: AppDeps,
  tx: Db,
  instanceId: string,
  producerName: string,
): Promise<void> {
  const facts = await instanceFacts(tx, instanceId);
  const staff = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), not(users.disabled), not(users.pending)));
  await deps.mailer.enqueueMany(
    tx,
    staff.map((person) =>
      requestReceivedEmail(person, { ...facts, producerName }, deps.config.PUBLIC_URL),
    ),
  );
}

/** The producer learns that a technician accepted or rejected the request. */
export async function noticeOfEvaluation(
  deps: AppDeps,
  tx: Db,
  instanceId: string,
  evaluation: { technicianName: string; rejected: boolean },
): Promise<void> {
  const facts = await instanceFacts(tx, instanceId);
  if (facts.owner.disabled) return;
  await deps.mailer.enqueue(
    tx,
    requestEvaluatedEmail(facts.owner, { ...facts, ...evaluation }, deps.config.PUBLIC_URL),
  );
}

/** The producer learns that a technician opened a process for their property. */
export async function noticeOfOpening(
  deps: AppDeps,
  tx: Db,
  instanceId: string,
  technicianName: string,
): Promise<void> {
  const facts = await instanceFacts(tx, instanceId);
  if (facts.owner.disabled) return;
  await deps.mailer.enqueue(
    tx,
    processOpenedEmail(facts.owner, { ...facts, technicianName }, deps.config.PUBLIC_URL),
  );
}

/** Delivery happens after the response: the outbox row is committed and retried on failure. */
export function deliverMail(deps: AppDeps): void {
  void deps.mailer.flush().catch(() => undefined);
}
