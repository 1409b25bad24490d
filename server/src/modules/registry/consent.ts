import { messages, type PublicationConsent, type PublishConsent } from '@agroselo/contracts';
import { and, desc, eq, isNotNull, not, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  certificates,
  processes,
  processInstances as i,
  properties,
  stamps,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';

const m = messages.registry;

const presentConsent = (row: { publishConsent: boolean; publishConsentAt: Date | null }) => ({
  consent: row.publishConsent,
  consent_at: row.publishConsentAt?.toISOString() ?? null,
});

/**
 * PUT /api/process-instance/{id}/publish-consent: the owner of the property grants or withdraws
 * consent to appear in the public registry; the change and its timeline event are stored
 * together. Asking for what already stands changes nothing (no event, same date).
 */
export async function setPublishConsent(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  consent: boolean,
): Promise<PublishConsent> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ publishConsent: i.publishConsent, publishConsentAt: i.publishConsentAt })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .where(and(eq(i.id, instanceId), eq(properties.ownerId, caller.id)))
      .for('update', { of: i });
    if (!current) throw notFound(messages.instances.notFound);
    if (current.publishConsent === consent) return presentConsent(current);
    const now = new Date();
    const [updated] = await tx
      .update(i)
      .set({ publishConsent: consent, publishConsentAt: now, updatedAt: now })
      .where(eq(i.id, instanceId))
      .returning({ publishConsent: i.publishConsent, publishConsentAt: i.publishConsentAt });
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: 'publish_consent',
      message: (consent ? m.eventConsentGranted : m.eventConsentWithdrawn)(fullName(caller)),
      data: { consent },
    });
    return presentConsent(updated!);
  });
}

/**
 * The caller's requests that hold a certificate or may still earn one (neither rejected nor
 * failed), newest first, with the consent each carries. One query.
 */
export async function publicationConsentsOf(db: Db, userId: string): Promise<PublicationConsent[]> {
  const rows = await db
    .select({
      id: i.id,
      businessName: properties.businessName,
      sealName: stamps.name,
      safra: processes.safra,
      certificateNumber: certificates.number,
      publishConsent: i.publishConsent,
      publishConsentAt: i.publishConsentAt,
    })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(processes, eq(processes.id, i.processId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .leftJoin(certificates, eq(certificates.processInstanceId, i.id))
    .where(
      and(
        eq(properties.ownerId, userId),
        not(i.rejected),
        or(not(i.finished), isNotNull(certificates.id)),
      ),
    )
    .orderBy(desc(i.createdAt), desc(i.id));
  return rows.map((row) => ({
    process_instance_id: row.id,
    business_name: row.businessName,
    seal_name: row.sealName,
    safra: row.safra,
    certificate_number: row.certificateNumber,
    ...presentConsent(row),
  }));
}

/** GET /api/auth/publication-consents. */
export const listPublicationConsents = (deps: AppDeps, caller: Caller) =>
  publicationConsentsOf(deps.db, caller.id);
