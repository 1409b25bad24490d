import { createHash, randomUUID, type Hash } from 'node:crypto';
import { IDEMPOTENCY_RETENTION_DAYS, messages } from '@agroselo/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { CommitHook } from '../db/commit-hook';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import type { DailyJob } from './jobs';

const k = idempotencyKeys;

/**
 * A request under a key that has run this long without an answer and without a committed write
 * died with its process: a retry may run it again. Its own late commit, if it was only slow, is
 * refused by the lock token (`KeyedRequest.beforeCommit`), so the two never both write.
 */
export const LOCK_SECONDS = 60;

const retained = sql`now() - make_interval(days => ${IDEMPOTENCY_RETENTION_DAYS})`;
/** No request runs under the key: the one that did ended (`locked_at` null) or died. */
const notRunning = sql`(${k.lockedAt} is null or ${k.lockedAt} <= now() - make_interval(secs => ${LOCK_SECONDS}))`;

/** An answer as kept under a key and given again: status, the headers that matter, the body. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** What the request under a key met when it tried to claim it. */
export type Claim =
  | { outcome: 'claimed'; token: string }
  | { outcome: 'replay'; answer: KeptAnswer }
  | { outcome: 'reused' | 'running' | 'answer-lost' };

/**
 * A stable digest of a parsed request body: objects by sorted keys, files by their bytes (a
 * multipart body holds them whole, within the multipart limits), each item tagged and sized so no
 * two bodies read alike. Walked without recursion: a JSON body may nest as deep as it likes.
 */
function feedBody(hash: Hash, body: unknown): void {
  const stack: unknown[] = [body];
  const scalar = (tag: string, text: string) =>
    hash.update(`${tag}${Buffer.byteLength(text)}:${text}`);
  while (stack.length > 0) {
    const value = stack.pop();
    if (value instanceof Uint8Array) {
      hash.update(`b${value.length}:`);
      hash.update(value);
    } else if (Array.isArray(value)) {
      hash.update(`[${value.length}:`);
      for (let at = value.length - 1; at >= 0; at -= 1) stack.push(value[at]);
    } else if (value instanceof Date) {
      scalar('d', value.toISOString());
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      hash.update(`{${entries.length}:`);
      for (let at = entries.length - 1; at >= 0; at -= 1) {
        const [name, item] = entries[at]!;
        stack.push(item);
        stack.push(name);
      }
    } else if (typeof value === 'string') {
      scalar('s', value);
    } else {
      scalar('v', String(value));
    }
  }
}

/** SHA-256 of what makes two requests the same: method, URL, the headers named, the body. */
export function requestHash(request: {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: unknown;
  headerNames: readonly string[];
}): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  for (const name of request.headerNames)
    hash.update(`${name}:${String(request.headers[name] ?? '')}\n`);
  feedBody(hash, request.body);
  return hash.digest('hex');
}

/**
 * Claims `key` for the caller's request, in one statement committed at once, so a second server
 * sees it: a new key, one whose retention has passed, or one whose request died before writing
 * anything (LOCK_SECONDS, same request) is taken with a new lock token. Otherwise the row says
 * why not: another request (422), an answer to give again, a request still running (409).
 */
export async function claimKey(db: Db, userId: string, key: string, hash: string): Promise<Claim> {
  const token = randomUUID();
  // A key swept between the two statements is claimed on the second try.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [claimed] = await db
      .insert(k)
      .values({ userId, key, requestHash: hash, lockToken: token, lockedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [k.userId, k.key],
        set: {
          requestHash: hash,
          lockToken: token,
          lockedAt: sql`now()`,
          writtenAt: null,
          status: null,
          headers: null,
          body: null,
          createdAt: sql`case when ${k.createdAt} <= ${retained} then now() else ${k.createdAt} end`,
        },
        setWhere: sql`${k.createdAt} <= ${retained} or (${k.status} is null and ${k.writtenAt} is null
          and ${k.requestHash} = ${hash} and ${notRunning})`,
      })
      .returning({ token: k.lockToken });
    if (claimed) return { outcome: 'claimed', token: claimed.token };
    const [row] = await db
      .select({
        requestHash: k.requestHash,
        status: k.status,
        headers: k.headers,
        body: k.body,
        writtenAt: k.writtenAt,
        running: sql<boolean>`not ${notRunning}`,
      })
      .from(k)
      .where(and(eq(k.userId, userId), eq(k.key, key)));
    if (!row) continue;
    if (row.requestHash !== hash) return { outcome: 'reused' };
    if (row.status !== null)
      return {
        outcome: 'replay',
        answer: { status: row.status, headers: row.headers ?? {}, body: row.body },
      };
    return { outcome: row.writtenAt && !row.running ? 'answer-lost' : 'running' };
  }
  return { outcome: 'running' };
}

const held = (userId: string, key: string, token: string) =>
  and(eq(k.userId, userId), eq(k.key, key), eq(k.lockToken, token));

/**
 * The request that holds a key: a commit hook (db/commit-hook.ts) that marks the key written in
 * every transaction the route commits, with the answer when the route's service gave it there.
 */
export class KeyedRequest implements CommitHook {
  /** The answer is kept: nothing is left to do when the route answers. */
  settled = false;
  /** The route has answered: later transactions (work it left running) are not the route's. */
  done = false;
  private given: KeptAnswer | null = null;

  constructor(
    private readonly db: Db,
    readonly userId: string,
    readonly key: string,
    readonly token: string,
    /** The answer as the route would send `value`: its status now, its serializer. */
    private readonly asSent: (value: unknown) => KeptAnswer,
  ) {}

  answer(value: unknown): void {
    this.given = this.asSent(value);
  }

  async beforeCommit(tx: Db): Promise<void> {
    if (this.done) return;
    const given = this.given;
    this.given = null;
    const updated = await tx
      .update(k)
      .set({ writtenAt: sql`coalesce(${k.writtenAt}, now())`, ...given })
      .where(held(this.userId, this.key, this.token))
      .returning({ key: k.key });
    // Taken over after LOCK_SECONDS: the request that took it runs instead; this one writes nothing.
    if (updated.length === 0) throw keyInFlight();
    if (given) this.settled = true;
  }

  /**
   * The route answered: keep the answer, unless it is a 5xx (a retry may run the request again)
   * or one that cannot be kept (a stream). Then the key is let go if nothing was written, else
   * left written without an answer: a retry learns the answer was lost, and nothing runs twice.
   */
  async finish(answer: KeptAnswer | null): Promise<void> {
    this.done = true;
    if (this.settled) return;
    const unanswered = and(held(this.userId, this.key, this.token), isNull(k.status));
    if (answer !== null && answer.status < 500) {
      await this.db.update(k).set(answer).where(unanswered);
      return;
    }
    const released = await this.db
      .delete(k)
      .where(and(unanswered, isNull(k.writtenAt)))
      .returning({ key: k.key });
    if (released.length === 0) await this.db.update(k).set({ lockedAt: null }).where(unanswered);
  }
}

/** 409: another request under the key is running; the client tries again in a moment. */
export const keyInFlight = () =>
  new AppError(409, messages.offline.keyInFlight, { 'Retry-After': '1' });

/** What was kept before this moment is past IDEMPOTENCY_RETENTION_DAYS at `now`. */
export const keptUntil = (now: Date) =>
  new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 24 * 60 * 60 * 1000);

/** Removes the keys first used more than IDEMPOTENCY_RETENTION_DAYS before `now`. */
export async function removeExpiredKeys(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(k)
    .where(lt(k.createdAt, keptUntil(now)))
    .returning({ key: k.key });
  return removed.length;
}

/** The daily sweep of expired keys (one server runs it: the job runner's advisory lock). */
export const expiredKeysJob: DailyJob = {
  name: 'idempotency-keys-sweep',
  hour: 4,
  run: async ({ db, now }) =>
    `${await removeExpiredKeys(db, now)} chaves de idempotência expiradas`,
};
