import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages, UploadMetadataSchema } from '@agroselo/contracts';
import type { FileStore } from '@tus/file-store';
import { Metadata, type Upload } from '@tus/utils';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withCommitHook, type CommitHook } from '../../db/commit-hook';
import { finishedUploads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, notFound, StateConflict } from '../../lib/errors';
import { keptUntil } from '../../lib/idempotency';
import { inspectUpload } from '../../lib/files';
import type { Caller } from '../../plugins/auth';
import { stateConflictAnswer } from '../../plugins/errors';
import { resolveTarget, type UploadTarget } from './targets';

const m = messages.uploads;

/** The tus id of an upload (the store's default naming): 32 hex digits. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

function targetOf(metadata: Upload['metadata']): UploadTarget {
  const parsed = UploadMetadataSchema.safeParse(metadata ?? {});
  if (!parsed.success) throw badRequest(m.metadataRequired);
  const target = resolveTarget(parsed.data.target);
  if (!target) throw badRequest(m.targetInvalid);
  return target;
}

/**
 * POST /api/uploads, before tus creates anything: the metadata names a known route, and that
 * route would take a file of `Upload-Length` bytes from the caller (its own 401/403/404/409/413).
 */
export async function beginUpload(
  deps: AppDeps,
  caller: Caller,
  headers: { length: string | undefined; metadata: string | undefined },
): Promise<void> {
  let metadata: Upload['metadata'];
  try {
    metadata = Metadata.parse(headers.metadata);
  } catch {
    throw badRequest(m.metadataRequired);
  }
  const target = targetOf(metadata);
  if (!headers.length || !/^\d+$/.test(headers.length)) throw badRequest(m.lengthRequired);
  await target.check(deps, caller, Number(headers.length));
}

/**
 * HEAD, PATCH or DELETE of an upload: only its creator reaches it; anyone else is told it does
 * not exist, as the routes do for another producer's form.
 */
export async function ownUpload(store: FileStore, caller: Caller, id: string): Promise<void> {
  const upload = UPLOAD_ID.test(id) ? await store.getUpload(id).catch(() => null) : null;
  if (!upload || upload.metadata?.owner !== caller.id) throw notFound(m.notFound);
}

/** An upload's last part was answered: the status and JSON the route gave. */
export interface FinishedAnswer {
  status: number;
  body: string | null;
}

/**
 * Records the upload as finished inside the transaction that attaches its file, with the answer
 * the target's service gives there: the attachment and the record commit together, and a second
 * finish of the same upload (another server, a retried last part) fails on the record's key.
 */
class FinishedUpload implements CommitHook {
  private body: string | null = null;

  constructor(
    private readonly id: string,
    private readonly userId: string,
    private readonly size: number,
  ) {}

  answer(value: unknown): void {
    this.body = JSON.stringify(value);
  }

  async beforeCommit(tx: Db): Promise<void> {
    await tx.insert(finishedUploads).values({
      id: this.id,
      userId: this.userId,
      size: this.size,
      status: 200,
      body: this.body,
    });
  }
}

/** The status and JSON body a refusal of the routes is answered with (`current` included). */
async function refusalAnswer(error: AppError): Promise<FinishedAnswer> {
  if (error instanceof StateConflict) return stateConflictAnswer(error);
  return { status: error.statusCode, body: JSON.stringify({ detail: error.detail }) };
}

/** The finished upload `id` of the caller, or null (someone else's reads as none). */
export async function finishedUpload(
  db: Db,
  caller: Caller,
  id: string,
): Promise<(FinishedAnswer & { size: number }) | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const [row] = await db
    .select({
      status: finishedUploads.status,
      body: finishedUploads.body,
      size: finishedUploads.size,
    })
    .from(finishedUploads)
    .where(and(eq(finishedUploads.id, id), eq(finishedUploads.userId, caller.id)));
  return row ?? null;
}

/**
 * The last byte has arrived: the file is read whole (within the target's limit, checked at
 * creation) and attached as its route would attach it, type by content included, once. The
 * answer, the route's or its refusal's, is kept for a repeated last part (DESIGN §4c). The
 * partial upload is removed whatever the outcome: a refused file is not kept.
 */
export async function finishUpload(
  deps: AppDeps,
  store: FileStore,
  caller: Caller,
  upload: Upload,
): Promise<FinishedAnswer> {
  const size = upload.size ?? upload.offset;
  try {
    const target = targetOf(upload.metadata);
    const data = await readFile(path.join(store.directory, upload.id));
    const file = await inspectUpload({
      filename: upload.metadata?.filename ?? '',
      mimetype: upload.metadata?.filetype ?? '',
      data,
    });
    const hook = new FinishedUpload(upload.id, caller.id, size);
    const answer = await withCommitHook(hook, () => target.attach(deps, caller, file));
    return { status: 200, body: JSON.stringify(answer) };
  } catch (error) {
    // Another server finished the same upload first: its answer is this one's.
    const done = isUniqueViolation(error, 'finished_uploads_pkey')
      ? await finishedUpload(deps.db, caller, upload.id)
      : null;
    if (done) return { status: done.status, body: done.body };
    if (!(error instanceof AppError)) throw error;
    const refusal = await refusalAnswer(error);
    await deps.db
      .insert(finishedUploads)
      .values({ id: upload.id, userId: caller.id, size, ...refusal })
      .onConflictDoNothing();
    return refusal;
  } finally {
    await store.remove(upload.id).catch(() => undefined);
  }
}

/** Forgets the finished uploads recorded more than IDEMPOTENCY_RETENTION_DAYS before `now`. */
export async function forgetFinishedUploads(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(finishedUploads)
    .where(lt(finishedUploads.createdAt, keptUntil(now)))
    .returning({ id: finishedUploads.id });
  return removed.length;
}
