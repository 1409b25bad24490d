import { createHmac, randomUUID } from 'node:crypto';
import {
  messages,
  normalizeEmail,
  RESEND_CODE_COOLDOWN_SECONDS,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  type ActivateBody,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type ForgotPasswordResponse,
  type LoginBody,
  type RegisterBody,
  type ResendCodeResponse,
  type ResetPasswordBody,
  type TokenResponse,
  type UpdateSelfBody,
  type UpdateSelfResponse,
  type User,
} from '@agroselo/contracts';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { users, verificationCodes } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../lib/errors';
import { checkPasswordPolicy } from '../../lib/password-policy';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { userSearchText } from '../../lib/search';
import { resolveJwtSecret } from '../../lib/tokens';
import type { Caller } from '../../plugins/auth';
import { recordUserEvent } from '../users/events';
import { claimAttempt } from './attempts';
import {
  codeExpiry,
  codeMatches,
  generateCode,
  hashCode,
  isCodeUsable,
  normalizeCodeInput,
  resendWaitSeconds,
} from './codes';
import {
  emailChangedNotice,
  passwordChangedNotice,
  passwordResetCodeEmail,
  verificationCodeEmail,
  type VerificationCodeEmail,
} from './emails';
import { presentUser } from './present';

type UserRow = typeof users.$inferSelect;
export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];

// A real hash to compare against when the e-mail is unknown, so both answers take as long.
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUser = () => (unknownUserHash ??= hashPassword(randomUUID()));

/** Exchanges e-mail and password for a token; wrong pairs and disabled accounts are refused. */
export async function login(deps: AppDeps, body: LoginBody): Promise<TokenResponse> {
  const email = normalizeEmail(body.username);
  // Keyed on the address, known or not, so the limit does not reveal which accounts exist.
  const attempt = await claimAttempt(deps.db, 'password', email);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const valid = await verifyPassword(
    user?.passwordHash ?? (await hashForUnknownUser()),
    body.password,
  );
  if (!user || !valid) throw new AppError(401, messages.auth.wrongCredentials);
  // A right password does not erase earlier failures: the budget is a rate, not a lock to reset.
  await attempt.release();
  if (user.disabled) throw new AppError(403, messages.auth.accountDisabled);
  const token = await deps.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { access_token: token, token_type: 'bearer' };
}

/** Creates a pending `user` account and mails it a verification code. */
export async function register(deps: AppDeps, body: RegisterBody): Promise<User> {
  await ensureEmailFree(deps.db, body.email);
  checkPasswordPolicy(body.password, body);
  // Hashing and key lookup happen before the transaction: PGlite has one connection to share.
  const passwordHash = await hashPassword(body.password);
  const key = await codeKey(deps);
  const now = new Date();
  const user = await mapEmailTaken(
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: newId(),
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          cpf: body.cpf,
          phone: body.phone,
          role: 'user',
          pending: true,
          passwordHash,
          searchText: userSearchText({
            firstName: body.first_name,
            lastName: body.last_name,
            email: body.email,
            cpf: body.cpf,
          }),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordUserEvent(tx, {
        userId: row!.id,
        actorId: row!.id,
        type: 'account_created',
        at: now,
      });
      await issueCode(deps, tx, key, row!, 'signup', now);
      return row!;
    }),
  );
  deliverMail(deps);
  return presentUser(user);
}

/** Verifies the caller's e-mail with the code sent to it. */
export async function activate(deps: AppDeps, caller: Caller, body: ActivateBody): Promise<User> {
  if (!caller.pending) throw conflict(messages.auth.alreadyVerified);
  const attempt = await claimAttempt(deps.db, 'code', caller.id);
  const now = new Date();
  const consumeCode = await checkCode(
    deps,
    { userId: caller.id, email: caller.email, purpose: 'verify', input: body.code, now },
    async (reason) => {
      // Only a wrong guess spends the budget: nothing is guessed against a missing or spent code.
      if (reason === 'wrong') return badRequest(messages.auth.codeWrong);
      await attempt.release();
      return badRequest(messages.auth.codeExpired);
    },
  );

  const user = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx))) return null;
    await attempt.release(tx);
    const [row] = await tx
      .update(users)
      .set({ pending: false, updatedAt: now })
      .where(eq(users.id, caller.id))
      .returning();
    if (row) {
      const data = { email: row.email };
      await recordUserEvent(tx, {
        userId: row.id,
        actorId: row.id,
        type: 'email_verified',
        data,
        at: now,
      });
    }
    return row ?? null;
  });
  if (!user) throw badRequest(messages.auth.codeExpired);
  return presentUser(user);
}

/** Replaces the caller's code by a new one, at most once per cooldown. */
export async function resendCode(deps: AppDeps, caller: Caller): Promise<ResendCodeResponse> {
  if (!caller.pending) throw conflict(messages.auth.alreadyVerified);
  const key = await codeKey(deps);
  const now = new Date();
  const sent = await deps.db.transaction(async (tx) => {
    // The row lock makes two simultaneous resends take turns, so the cooldown holds.
    const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    if (!user?.pending) throw conflict(messages.auth.alreadyVerified);
    const wait = await cooldownLeft(tx, user.id, 'verify', now);
    if (wait > 0) throw tooManyRequests(messages.auth.resendTooSoon, wait);
    const expiresAt = await issueCode(deps, tx, key, user, 'resend', now);
    return { email: user.email, expiresAt };
  });
  deliverMail(deps);
  return {
    email: sent.email,
    expires_at: sent.expiresAt.toISOString(),
    resend_after: RESEND_CODE_COOLDOWN_SECONDS,
  };
}

/** Changes one field of the caller's own account. */
export async function updateSelf(
  deps: AppDeps,
  caller: Caller,
  body: UpdateSelfBody,
): Promise<UpdateSelfResponse> {
  // DESIGN §5: a pending account may correct a mistyped e-mail, and change nothing else.
  if (caller.pending && body.email === undefined) throw forbidden(messages.auth.accountNotVerified);
  if (body.crea !== undefined && caller.role !== 'technician') {
    throw forbidden(messages.profile.creaOnlyTechnicians);
  }
  if (body.email !== undefined && body.email !== caller.email) {
    return changeEmail(deps, caller, body.email);
  }
  const field = (Object.keys(body) as (keyof UpdateSelfBody)[]).find(
    (key) => body[key] !== undefined,
  );
  if (!field || field === 'email') return presentUser(caller);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.cpf !== undefined) changes.cpf = body.cpf;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.crea !== undefined) changes.crea = body.crea;

  const user = await deps.db.transaction(async (tx) => {
    // Locked so two edits at once (first and last name) both reach search_text.
    const [current] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
    const next = { ...current!, ...changes };
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({ ...changes, searchText: userSearchText(next), updatedAt: now })
      .where(eq(users.id, caller.id))
      .returning();
    const data = { field };
    await recordUserEvent(tx, {
      userId: caller.id,
      actorId: caller.id,
      type: 'profile_updated',
      data,
      at: now,
    });
    return row!;
  });
  return presentUser(user);
}

/**
 * A new address must be proven again: the account turns pending, the code goes to the new
 * address, and every older token ends; the caller gets a fresh one to keep its session.
 */
async function changeEmail(
  deps: AppDeps,
  caller: Caller,
  email: string,
): Promise<UpdateSelfResponse> {
  await ensureEmailFree(deps.db, email, caller.id);
  const key = await codeKey(deps);
  const now = new Date();
  const user = await mapEmailTaken(
    deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, caller.id)).for('update');
      const [row] = await tx
        .update(users)
        .set({
          email,
          pending: true,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          searchText: userSearchText({ ...current!, email }),
          updatedAt: now,
        })
        .where(eq(users.id, caller.id))
        .returning();
      await issueCode(deps, tx, key, row!, 'email-change', now);
      // A pending account never proved its old address: it may well be a stranger's.
      if (!current!.pending) {
        await deps.mailer.enqueue(
          tx,
          emailChangedNotice({
            to: current!.email,
            firstName: current!.firstName,
            newEmail: email,
          }),
        );
      }
      await recordUserEvent(tx, {
        userId: caller.id,
        actorId: caller.id,
        type: 'email_changed',
        data: { from: current!.email, to: email },
        at: now,
      });
      return row!;
    }),
  );
  deliverMail(deps);
  const accessToken = await deps.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { ...presentUser(user), access_token: accessToken };
}

/**
 * Mails a reset code to the address when an enabled account has it, at most once per cooldown.
 * The answer is the same in every case, so it tells nobody which addresses have accounts.
 */
export async function forgotPassword(
  deps: AppDeps,
  body: ForgotPasswordBody,
): Promise<ForgotPasswordResponse> {
  const answer = { email: body.email, resend_after: RESEND_CODE_COOLDOWN_SECONDS };
  const [user] = await deps.db.select().from(users).where(eq(users.email, body.email));
  if (!user || user.disabled) return answer;
  const key = await codeKey(deps);
  const now = new Date();
  const sent = await deps.db.transaction(async (tx) => {
    // The row lock makes two simultaneous requests take turns, so the cooldown holds.
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked || locked.disabled) return false;
    if ((await cooldownLeft(tx, locked.id, 'reset', now)) > 0) return false;
    const code = await storeCode(tx, key, locked, 'reset', now);
    await deps.mailer.enqueue(
      tx,
      passwordResetCodeEmail({
        to: locked.email,
        firstName: locked.firstName,
        code: code.code,
        publicUrl: deps.config.PUBLIC_URL,
      }),
    );
    return true;
  });
  if (sent) deliverMail(deps);
  return answer;
}

/**
 * Sets a new password with the code of a reset e-mail; every older token ends. One message for
 * every failure (unknown address, wrong, expired or used code), so none reveals an account.
 */
export async function resetPassword(deps: AppDeps, body: ResetPasswordBody): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, body.email));
  checkPasswordPolicy(body.password, { email: body.email, cpf: user?.cpf });
  // Keyed on the address, known or not, and never given back on a failure: the 429 comes alike.
  const attempt = await claimAttempt(deps.db, 'code', `reset:${body.email}`);
  const invalid = () => badRequest(messages.password.resetCodeInvalid);
  if (!user || user.disabled) throw invalid();
  const now = new Date();
  const consumeCode = await checkCode(
    deps,
    { userId: user.id, email: user.email, purpose: 'reset', input: body.code, now },
    invalid,
  );

  const passwordHash = await hashPassword(body.password);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx))) return false;
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, user.id));
    await recordUserEvent(tx, {
      userId: user.id,
      actorId: user.id,
      type: 'password_reset',
      at: now,
    });
    await attempt.release(tx);
    return true;
  });
  if (!done) throw invalid();
}

/**
 * Changes the caller's password once the current one is confirmed. Every other session ends;
 * this one goes on with the fresh token of the answer.
 */
export async function changePassword(
  deps: AppDeps,
  caller: Caller,
  body: ChangePasswordBody,
): Promise<TokenResponse> {
  checkPasswordPolicy(body.new_password, caller, 'new_password');
  // The same budget as the login: the current password is a guess like any other.
  const attempt = await claimAttempt(deps.db, 'password', caller.email);
  if (!(await verifyPassword(caller.passwordHash, body.current_password))) {
    throw badRequest(messages.password.currentWrong);
  }
  await attempt.release();
  const passwordHash = await hashPassword(body.new_password);
  const now = new Date();
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, caller.id))
      .returning();
    await recordUserEvent(tx, {
      userId: caller.id,
      actorId: caller.id,
      type: 'password_changed',
      at: now,
    });
    await deps.mailer.enqueue(
      tx,
      passwordChangedNotice({ to: row!.email, firstName: row!.firstName }),
    );
    return row!;
  });
  deliverMail(deps);
  const token = await deps.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { access_token: token, token_type: 'bearer' };
}

async function ensureEmailFree(db: Db, email: string, exceptUserId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(eq(users.email, email), ne(users.id, exceptUserId))
        : eq(users.email, email),
    );
  if (taken) throw conflict(messages.auth.emailTaken);
}

/** The check above can lose a race with a simultaneous sign-up; the unique index settles it. */
async function mapEmailTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(messages.auth.emailTaken);
    throw error;
  }
}

/** Replaces the user's verification code by a new one and queues its e-mail in `tx`. */
async function issueCode(
  deps: AppDeps,
  tx: Db,
  key: Buffer,
  user: UserRow,
  purpose: VerificationCodeEmail['purpose'],
  now: Date,
): Promise<Date> {
  const code = await storeCode(tx, key, user, 'verify', now);
  await deps.mailer.enqueue(
    tx,
    verificationCodeEmail({
      to: user.email,
      firstName: user.firstName,
      code: code.code,
      publicUrl: deps.config.PUBLIC_URL,
      purpose,
    }),
  );
  return code.expiresAt;
}

/** Replaces the user's earlier codes of the same purpose by a new one; returns it in clear. */
export async function storeCode(
  tx: Db,
  key: Buffer,
  user: UserRow,
  purpose: CodePurpose,
  now: Date,
): Promise<{ code: string; expiresAt: Date }> {
  await tx
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, purpose)));
  const id = newId();
  const code = generateCode();
  const expiresAt = codeExpiry(now);
  await tx.insert(verificationCodes).values({
    id,
    userId: user.id,
    email: user.email,
    purpose,
    codeHash: hashCode(key, id, code),
    expiresAt,
    createdAt: now,
  });
  return { code, expiresAt };
}

/** Seconds before another code of `purpose` may be sent to the user; 0 when one may be now. */
export async function cooldownLeft(tx: Db, userId: string, purpose: CodePurpose, now: Date) {
  const [last] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return resendWaitSeconds(last?.createdAt, now);
}

/** Why a code was refused: none to try (missing, expired, used, out of tries), or a wrong one. */
export type CodeRefusal = 'unusable' | 'wrong';

/**
 * Checks `input` against the user's latest code of `purpose` sent to `email`, counting the try,
 * or throws what `refusal` gives. Resolves with what marks the code used, inside the caller's
 * transaction: false when a parallel request used it first.
 */
export async function checkCode(
  deps: AppDeps,
  code: { userId: string; email: string; purpose: CodePurpose; input: string; now: Date },
  refusal: (reason: CodeRefusal) => AppError | Promise<AppError>,
): Promise<(tx: Db) => Promise<boolean>> {
  const [row] = await deps.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, code.userId),
        eq(verificationCodes.purpose, code.purpose),
        eq(verificationCodes.email, code.email),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row || !isCodeUsable(row, code.now)) throw await refusal('unusable');
  // The try is counted before comparing, atomically, so parallel tries share the code's budget.
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!counted) throw await refusal('unusable');
  const key = await codeKey(deps);
  if (!codeMatches(key, row.id, row.codeHash, normalizeCodeInput(code.input))) {
    throw await refusal('wrong');
  }
  return async (tx) => {
    const [consumed] = await tx
      .update(verificationCodes)
      .set({ consumedAt: code.now })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return consumed !== undefined;
  };
}

const codeKeys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key of codes, derived from the token secret: from JWT_SECRET it never sits in the
 * database; otherwise from the generated secret main.ts also uses.
 */
export function codeKey(deps: AppDeps): Promise<Buffer> {
  let key = codeKeys.get(deps.db);
  if (!key) {
    key = resolveJwtSecret(deps.db, deps.config.JWT_SECRET).then((secret) =>
      createHmac('sha256', secret).update('agroselo:verification-code').digest(),
    );
    key.catch(() => codeKeys.delete(deps.db));
    codeKeys.set(deps.db, key);
  }
  return key;
}

/** Delivery happens after the response: the outbox row is committed and retried on failure. */
export function deliverMail(deps: AppDeps): void {
  void deps.mailer.flush().catch(() => undefined);
}
