import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages, UploadMetadataSchema } from '@agroselo/contracts';
import type { FileStore } from '@tus/file-store';
import { Metadata, type Upload } from '@tus/utils';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { inspectUpload } from '../../lib/files';
import type { Caller } from '../../plugins/auth';
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

/**
 * The last byte has arrived: the file is read whole (within the target's limit, checked at
 * creation) and attached as its route would attach it, type by content included. The partial
 * upload is removed whatever the outcome: a refused file is not kept.
 */
export async function finishUpload(
  deps: AppDeps,
  store: FileStore,
  caller: Caller,
  upload: Upload,
): Promise<unknown> {
  try {
    const target = targetOf(upload.metadata);
    const data = await readFile(path.join(store.directory, upload.id));
    const file = await inspectUpload({
      filename: upload.metadata?.filename ?? '',
      mimetype: upload.metadata?.filetype ?? '',
      data,
    });
    return await target.attach(deps, caller, file);
  } finally {
    await store.remove(upload.id).catch(() => undefined);
  }
}

/** What a refusal thrown inside a tus hook becomes: the status and the JSON the routes answer. */
export function tusRefusal(error: unknown): { status_code: number; body: string } {
  if (error instanceof AppError)
    return { status_code: error.statusCode, body: JSON.stringify({ detail: error.detail }) };
  throw error;
}
