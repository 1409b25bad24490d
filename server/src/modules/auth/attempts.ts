import { messages } from '@agroselo/contracts';
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** DESIGN §7: the brute-force budget of one account, whatever address the guesses come from. */
export const ATTEMPT_WINDOW_MS = 15 * 60_000;
export const ATTEMPT_LIMITS = { password: 10, code: 10 } as const;
export type AttemptKind = keyof typeof ATTEMPT_LIMITS;

/**
 * Seconds until the account is below `limit` failures in the window again; 0 when it is already.
 * `failures` are the newest first.
 */
export function lockedForSeconds(
  failures: readonly Date[],
  limit: number,
  windowMs: number,
  now: Date,
): number {
  const recent = failures.filter((at) => at.getTime() > now.getTime() - windowMs);
  if (recent.length < limit) return 0;
  const freedAt = recent[limit - 1]!.getTime() + windowMs;
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
}

export interface Attempt {
  /** The attempt succeeded or was no guess at all: it leaves the budget. */
  release(db?: Db): Promise<void>;
}

/**
 * Takes one attempt from the account's budget before the secret is checked, or throws 429.
 * The row is written first and counted as a failure until released, so parallel guesses see each
 * other: checking after the fact would let a burst of requests all pass the same check.
 */
export async function claimAttempt(
  db: Db,
  kind: AttemptKind,
  accountKey: string,
  now = new Date(),
): Promise<Attempt> {
  const limit = ATTEMPT_LIMITS[kind];
  const windowStart = new Date(now.getTime() - ATTEMPT_WINDOW_MS);
  const id = newId();
  const sameAccount = and(eq(authFailures.kind, kind), eq(authFailures.accountKey, accountKey));
  await db.delete(authFailures).where(and(sameAccount, lt(authFailures.createdAt, windowStart)));
  await db.insert(authFailures).values({ id, kind, accountKey, createdAt: now });
  const release = async (handle: Db = db) => {
    await handle.delete(authFailures).where(eq(authFailures.id, id));
  };

  const others = await db
    .select({ createdAt: authFailures.createdAt })
    .from(authFailures)
    .where(and(sameAccount, gt(authFailures.createdAt, windowStart), ne(authFailures.id, id)))
    .orderBy(desc(authFailures.createdAt))
    .limit(limit);
  const wait = lockedForSeconds(
    others.map((row) => row.createdAt),
    limit,
    ATTEMPT_WINDOW_MS,
    now,
  );
  if (wait > 0) {
    await release();
    throw tooManyRequests(messages.auth.tooManyAttempts, wait);
  }
  return { release };
}

/**
 * Removes failures that no longer count for any account. Each key's old rows also go on its next
 * attempt; this daily sweep takes those of keys never tried again (decision 004).
 */
export async function sweepExpiredFailures(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(authFailures)
    .where(lt(authFailures.createdAt, new Date(now.getTime() - ATTEMPT_WINDOW_MS)))
    .returning({ id: authFailures.id });
  return removed.length;
}
