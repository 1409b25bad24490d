import { createHmac, randomUUID } from 'node:crypto';
import {
  messages,
  normalizeEmail,
  RESEND_CODE_COOLDOWN_SECONDS,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  type ActivateBody,
  type LoginBody,
  type RegisterBody,
  type ResendCodeResponse,
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
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { normalizeSearch } from '../../lib/search';
import { resolveJwtSecret } from '../../lib/tokens';
import type { Caller } from '../../plugins/auth';
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
import { emailChangedNotice, verificationCodeEmail, type VerificationCodeEmail } from './emails';
import { presentUser } from './present';

type UserRow = typeof users.$inferSelect;

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
          searchText: normalizeSearch(body.first_name, body.last_name, body.email),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
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
  const [code] = await deps.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, caller.id), eq(verificationCodes.email, caller.email)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!code || !isCodeUsable(code, now)) {
    await attempt.release();
    throw badRequest(messages.auth.codeExpired);
  }
  // The try is counted before comparing, atomically, so parallel tries share the code's budget.
  const [counted] = await deps.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, code.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (!counted) {
    await attempt.release();
    throw badRequest(messages.auth.codeExpired);
  }
  const key = await codeKey(deps);
  if (!codeMatches(key, code.id, code.codeHash, normalizeCodeInput(body.code))) {
    throw badRequest(messages.auth.codeWrong);
  }

  const user = await deps.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, code.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (!consumed) return null;
    await attempt.release(tx);
    const [row] = await tx
      .update(users)
      .set({ pending: false, updatedAt: now })
      .where(eq(users.id, caller.id))
      .returning();
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
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, user.id))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const wait = resendWaitSeconds(last?.createdAt, now);
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
  if (body.crea !== undefined && caller.role !== 'technician') {
    throw forbidden(messages.profile.creaOnlyTechnicians);
  }
  if (body.email !== undefined && body.email !== caller.email) {
    return changeEmail(deps, caller, body.email);
  }
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
    const [row] = await tx
      .update(users)
      .set({
        ...changes,
        searchText: normalizeSearch(next.firstName, next.lastName, next.email),
        updatedAt: new Date(),
      })
      .where(eq(users.id, caller.id))
      .returning();
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
          searchText: normalizeSearch(current!.firstName, current!.lastName, email),
          updatedAt: now,
        })
        .where(eq(users.id, caller.id))
        .returning();
      await issueCode(deps, tx, key, row!, 'email-change', now);
      await deps.mailer.enqueue(
        tx,
        emailChangedNotice({ to: current!.email, firstName: current!.firstName, newEmail: email }),
      );
      return row!;
    }),
  );
  deliverMail(deps);
  const accessToken = await deps.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { ...presentUser(user), access_token: accessToken };
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

/** Replaces every earlier code of the user by a new one and queues its e-mail in `tx`. */
async function issueCode(
  deps: AppDeps,
  tx: Db,
  key: Buffer,
  user: UserRow,
  purpose: VerificationCodeEmail['purpose'],
  now: Date,
): Promise<Date> {
  await tx.delete(verificationCodes).where(eq(verificationCodes.userId, user.id));
  const id = newId();
  const code = generateCode();
  const expiresAt = codeExpiry(now);
  await tx.insert(verificationCodes).values({
    id,
    userId: user.id,
    email: user.email,
    codeHash: hashCode(key, id, code),
    expiresAt,
    createdAt: now,
  });
  await deps.mailer.enqueue(
    tx,
    verificationCodeEmail({
      to: user.email,
      firstName: user.firstName,
      code,
      publicUrl: deps.config.PUBLIC_URL,
      purpose,
    }),
  );
  return expiresAt;
}

const codeKeys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key of codes, derived from the token secret: from JWT_SECRET it never sits in the
 * database; otherwise from the generated secret main.ts also uses.
 */
function codeKey(deps: AppDeps): Promise<Buffer> {
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
function deliverMail(deps: AppDeps): void {
  void deps.mailer.flush().catch(() => undefined);
}
