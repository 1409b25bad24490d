import {
  messages,
  normalizeCertificateNumber,
  STANDING_REASON_LABELS,
  type CertificateStanding,
  type InstanceCertificate,
  type InstanceEventType,
  type ReinstateInput,
  type SealLevel,
  type StandingInput,
  type StandingReason,
} from '@agroselo/contracts';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  certificates,
  certificates as c,
  processInstances as i,
  processes,
  properties,
  stamps,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { isoUtc } from '../../lib/raw-statement';
import type { Caller } from '../../plugins/auth';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import { deliverMail } from './notify';
import { standingChangedEmail } from './standing-emails';
import { certificateStatus, certificateStatusSql } from './status';

const m = messages.standing;

/**
 * The one condition every public list (seal holders, the registry) filters certificates by: a
 * suspended or revoked certificate is shown only on its own /verificar page. Pass the alias when
 * the query aliases the table.
 */
export const publicCertificate = (table: typeof certificates = certificates): SQL =>
  sql`${table.standing} = 'valid'`;

export type StandingChange = 'suspend' | 'revoke' | 'reinstate';

/**
 * What each change does from each standing: the standing it leads to, or the 409 it answers.
 * Revocation is final; only a suspension is undone.
 */
const TRANSITIONS: Record<
  StandingChange,
  {
    to: CertificateStanding;
    event: InstanceEventType;
    from: Record<CertificateStanding, true | string>;
  }
> = {
  suspend: {
    to: 'suspended',
    event: 'certificate_suspended',
    from: { valid: true, suspended: m.alreadySuspended, revoked: m.revoked },
  },
  revoke: {
    to: 'revoked',
    event: 'certificate_revoked',
    from: { valid: true, suspended: true, revoked: m.alreadyRevoked },
  },
  reinstate: {
    to: 'valid',
    event: 'certificate_reinstated',
    from: { valid: m.onlySuspended, suspended: true, revoked: m.onlySuspended },
  },
};

/** What the admin may do to a certificate in `standing` (InstanceDetail.actions). */
export const standingActions = (caller: Caller, standing: CertificateStanding | null) => {
  const allowed = (change: StandingChange) =>
    caller.role === 'admin' && standing !== null && TRANSITIONS[change].from[standing] === true;
  return {
    suspend: allowed('suspend'),
    revoke: allowed('revoke'),
    reinstate: allowed('reinstate'),
  };
};

/** A certificate row as the instance and property pages read it. */
export interface InstanceCertificateRow {
  number: string;
  validFrom: string;
  validUntil: string;
  issuedAt: Date;
  level: SealLevel | null;
  standing: CertificateStanding;
  standingReason: StandingReason | null;
  standingNote: string | null;
  standingChangedAt: Date | null;
  /** The season of the certificate's process. */
  safra: string;
}

/** The columns of `InstanceCertificateRow`, for a select. */
export const instanceCertificateColumns = (table: typeof certificates = certificates) => ({
  number: table.number,
  validFrom: table.validFrom,
  validUntil: table.validUntil,
  issuedAt: table.issuedAt,
  level: table.level,
  standing: table.standing,
  standingReason: table.standingReason,
  standingNote: table.standingNote,
  standingChangedAt: table.standingChangedAt,
});

export function presentInstanceCertificate(row: InstanceCertificateRow): InstanceCertificate {
  return {
    number: row.number,
    status: certificateStatus(row),
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    issued_at: row.issuedAt.toISOString(),
    level: row.level,
    standing: row.standing,
    standing_reason: row.standingReason,
    standing_note: row.standingNote,
    standing_changed_at: row.standingChangedAt?.toISOString() ?? null,
    safra: row.safra,
  };
}

/**
 * `presentInstanceCertificate` written by PostgreSQL, for json a statement builds: null where the
 * certificate row was not joined. `safra` is the season of its process; `today` as in
 * certificateStatusSql.
 */
export const instanceCertificateJson = (c: typeof certificates, safra: SQLWrapper, today: SQL) =>
  sql`case when ${c.id} is null then null else json_build_object(
    'number', ${c.number}, 'status', ${certificateStatusSql(c, today)},
    'valid_from', ${c.validFrom}, 'valid_until', ${c.validUntil},
    'issued_at', ${isoUtc(c.issuedAt)}, 'level', ${c.level}, 'standing', ${c.standing},
    'standing_reason', ${c.standingReason}, 'standing_note', ${c.standingNote},
    'standing_changed_at', ${isoUtc(c.standingChangedAt)}, 'safra', ${safra}) end`;

const owner = alias(users, 'owner');

/**
 * PUT /api/certificate/{number}/suspend|revoke|reinstate (admin): in one transaction the
 * standing columns, the timeline event and the producer's e-mail.
 */
export async function changeStanding(
  deps: AppDeps,
  caller: Caller,
  rawNumber: string,
  change: StandingChange,
  body: StandingInput | ReinstateInput,
): Promise<InstanceCertificate> {
  const number = normalizeCertificateNumber(rawNumber);
  if (!number) throw notFound(messages.certificates.notFound);
  const transition = TRANSITIONS[change];
  const reason = 'reason' in body ? body.reason : null;
  const updated = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: c.id,
        standing: c.standing,
        instanceId: i.id,
        sealName: stamps.name,
        safra: processes.safra,
        businessName: properties.businessName,
        municipality: properties.municipality,
        owner: { email: owner.email, firstName: owner.firstName, disabled: owner.disabled },
      })
      .from(c)
      .innerJoin(i, eq(i.id, c.processInstanceId))
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .innerJoin(owner, eq(owner.id, properties.ownerId))
      .innerJoin(stamps, eq(stamps.processId, i.processId))
      .innerJoin(processes, eq(processes.id, i.processId))
      .where(eq(c.number, number))
      .for('update', { of: c });
    if (!current) throw notFound(messages.certificates.notFound);
    const allowed = transition.from[current.standing];
    if (allowed !== true) throw conflict(allowed);

    const [row] = await tx
      .update(c)
      .set({
        standing: transition.to,
        standingReason: reason,
        standingNote: body.note,
        standingChangedAt: sql`now()`,
        standingChangedBy: caller.id,
      })
      .where(eq(c.id, current.id))
      .returning(instanceCertificateColumns());
    await recordEvent(tx, {
      instanceId: current.instanceId,
      actorId: caller.id,
      type: transition.event,
      message: eventMessage(change, fullName(caller), reason),
      data: { number, reason },
    });
    if (!current.owner.disabled)
      await deps.mailer.enqueue(
        tx,
        standingChangedEmail(
          current.owner,
          { ...current, change, number, reason, note: body.note },
          deps.config.PUBLIC_URL,
        ),
      );
    return { ...row!, safra: current.safra };
  });
  deliverMail(deps);
  return presentInstanceCertificate(updated);
}

function eventMessage(change: StandingChange, name: string, reason: StandingReason | null) {
  const label = reason ? STANDING_REASON_LABELS[reason] : '';
  if (change === 'suspend') return m.eventSuspended(name, label);
  if (change === 'revoke') return m.eventRevoked(name, label);
  return m.eventReinstated(name);
}
