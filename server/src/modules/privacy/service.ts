import { randomUUID } from 'node:crypto';
import {
  messages,
  RESEND_CODE_COOLDOWN_SECONDS,
  type DeleteAccountConfirmBody,
  type ResendCodeResponse,
} from '@agroselo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { users, verificationCodes } from '../../db/schema';
import { badRequest, conflict, tooManyRequests } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { userSearchText } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { claimAttempt } from '../auth/attempts';
import { deleteAccountCodeEmail } from '../auth/emails';
import { checkCode, codeKey, cooldownLeft, deliverMail, storeCode } from '../auth/service';
import { recordUserEvent } from '../users/events';

/**
 * An admin may leave only while another enabled admin remains to run the platform. `lock` (inside
 * the deletion's transaction) locks the admins' rows, so two admins leaving at once take turns.
 */
async function refuseLastAdmin(db: Db, user: { id: string; role: string }, lock = false) {
  if (user.role !== 'admin') return;
  const admins = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
  const rows = lock ? await admins.for('update') : await admins;
  if (!rows.some((admin) => admin.id !== user.id)) throw conflict(messages.privacy.lastAdmin);
}

/** POST /api/auth/delete-account: mails a code that confirms the deletion, at most once a minute. */
export async function requestAccountDeletion(
  deps: AppDeps,
  caller: Caller,
): Promise<ResendCodeResponse> {
  await refuseLastAdmin(deps.db, caller);
  const key = await codeKey(deps);
  const now = new Date();
  const sent = await deps.db.transaction(async (tx) => {
    // The row lock makes two simultaneous requests take turns, so the cooldown holds.
    const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    const wait = await cooldownLeft(tx, user!.id, 'delete', now);
    if (wait > 0) throw tooManyRequests(messages.auth.resendTooSoon, wait);
    const code = await storeCode(tx, key, user!, 'delete', now);
    await deps.mailer.enqueue(
      tx,
      deleteAccountCodeEmail({
        to: user!.email,
        firstName: user!.firstName,
        code: code.code,
        publicUrl: deps.config.PUBLIC_URL,
      }),
    );
    return { email: user!.email, expiresAt: code.expiresAt };
  });
  deliverMail(deps);
  return {
    email: sent.email,
    expires_at: sent.expiresAt.toISOString(),
    resend_after: RESEND_CODE_COOLDOWN_SECONDS,
  };
}

/**
 * The personal data of a deleted account: names that say so, no CPF or phone, and an address on
 * a reserved domain (RFC 2606) that no mail reaches and no sign-up can take, unique by the id.
 */
export function anonymousAccount(id: string) {
  const email = `conta-excluida-${id}@anonimizado.invalid`;
  const person = { firstName: 'Conta', lastName: 'excluída', email, cpf: '' };
  return { ...person, phone: '', crea: null, searchText: userSearchText(person) };
}

/**
 * POST /api/auth/delete-account/confirm: with the e-mailed code, the account's personal data are
 * replaced by placeholders, its password by one nobody knows, and every session ends. Its
 * properties, requests, certificates and histories stay, as the law allows (LGPD art. 16): a
 * certificate issued goes on verifying.
 */
export async function confirmAccountDeletion(
  deps: AppDeps,
  caller: Caller,
  body: DeleteAccountConfirmBody,
): Promise<void> {
  await refuseLastAdmin(deps.db, caller);
  const attempt = await claimAttempt(deps.db, 'code', `delete:${caller.id}`);
  const now = new Date();
  const consumeCode = await checkCode(
    deps,
    { userId: caller.id, email: caller.email, purpose: 'delete', input: body.code, now },
    async (reason) => {
      if (reason === 'wrong') return badRequest(messages.auth.codeWrong);
      await attempt.release();
      return badRequest(messages.auth.codeExpired);
    },
  );
  const passwordHash = await hashPassword(randomUUID());
  const done = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    // Checked again under the lock: two admins leaving at once must not both go.
    await refuseLastAdmin(tx, user!, true);
    if (!(await consumeCode(tx))) return false;
    await attempt.release(tx);
    await tx
      .update(users)
      .set({
        ...anonymousAccount(caller.id),
        passwordHash,
        disabled: true,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, caller.id));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, caller.id));
    await recordUserEvent(tx, {
      userId: caller.id,
      actorId: caller.id,
      type: 'account_deleted',
      at: now,
    });
    return true;
  });
  if (!done) throw badRequest(messages.auth.codeExpired);
}
