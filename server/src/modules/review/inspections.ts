import {
  INSPECTION_PHOTO_MAX_BYTES,
  INSPECTION_PHOTO_TYPES,
  INSPECTION_PHOTOS_MAX,
  messages,
  STAFF_ROLES,
  type Inspection,
  type InspectionCreateInput,
  type InspectionListQuery,
  type UploadedFileValue,
} from '@agroselo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { recordAnswer } from '../../db/commit-hook';
import { inspectionPhotos, inspections } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { acceptFile, type UploadedFile } from '../../lib/files';
import { newId } from '../../lib/ids';
import { pageFrom, type Page } from '../../lib/pagination';
import type { Caller } from '../../plugins/auth';
import { brazilianDay, saoPauloToday } from '../certificates/status';
import { instanceNow } from '../instances/detail';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import { readableBy, refuseUnlessUnderReview, reviewableBy, reviewTarget } from './access';
import { presentInspection } from './present';
import { selectInspections } from './queries';

const m = messages.review;

const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Photos checked by their bytes (JPEG, PNG or WebP) and size before anything is stored. */
const checkPhotos = (photos: readonly UploadedFileValue[]) =>
  photos.map((photo) =>
    acceptFile(photo as UploadedFile, {
      types: INSPECTION_PHOTO_TYPES,
      maxBytes: INSPECTION_PHOTO_MAX_BYTES,
      tooLarge: m.photoTooLarge,
      wrongType: m.photoType,
    }),
  );

async function readInspection(db: Db, inspectionId: string): Promise<Inspection> {
  const [row] = await selectInspections(db, eq(inspections.id, inspectionId));
  if (!row) throw notFound(m.inspectionNotFound);
  return presentInspection(row);
}

/**
 * Stores the photos and records them from index `first` on, inside the caller's transaction; the
 * files are removed again if the transaction fails (the caller passes `stored` to its finally).
 */
async function storePhotos(
  deps: AppDeps,
  tx: Db,
  inspectionId: string,
  photos: ReturnType<typeof checkPhotos>,
  first: number,
  stored: string[],
): Promise<void> {
  if (photos.length === 0) return;
  const rows = [];
  for (const [offset, photo] of photos.entries()) {
    const key = `inspections/${inspectionId}/${newId()}.${PHOTO_EXTENSIONS[photo.mime] ?? 'bin'}`;
    await deps.storage.put(key, photo.data);
    stored.push(key);
    rows.push({
      inspectionId,
      index: first + offset,
      storageKey: key,
      mime: photo.mime,
      size: photo.data.length,
    });
  }
  await tx.insert(inspectionPhotos).values(rows);
}

/** Runs `work`; the files it stored are removed if it fails. */
async function keepingFilesOnlyOnSuccess<T>(
  deps: AppDeps,
  work: (stored: string[]) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * POST /api/process-instance/{id}/inspections: the assigned technician or an admin records a
 * vistoria of a started instance (a day not in the future, a position in Rio Grande do Sul, a
 * summary and up to 10 photos).
 */
export async function recordInspection(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  body: InspectionCreateInput,
): Promise<Inspection> {
  const id = newId();
  return keepingFilesOnlyOnSuccess(deps, (stored) =>
    deps.db.transaction(async (tx) => {
      const target = reviewableBy(caller, await reviewTarget(tx, instanceId, { lock: true }));
      refuseUnlessUnderReview(
        target,
        m.inspectionNotAllowed,
        instanceNow(deps.db, caller, instanceId),
      );
      if (body.visited_on > saoPauloToday()) throw invalidField('visited_on', m.visitedOnFuture);
      const photos = checkPhotos(body.photos);
      await tx.insert(inspections).values({
        id,
        processInstanceId: instanceId,
        visitedOn: body.visited_on,
        latitude: body.latitude,
        longitude: body.longitude,
        summary: body.summary,
        createdBy: caller.id,
      });
      await storePhotos(deps, tx, id, photos, 0, stored);
      await recordEvent(tx, {
        instanceId,
        actorId: caller.id,
        type: 'inspection_recorded',
        message: m.eventInspection(fullName(caller), brazilianDay(body.visited_on), photos.length),
        data: { inspection: id },
      });
      return recordAnswer(await readInspection(tx, id));
    }),
  );
}

/**
 * The vistoria `inspectionId` of the instance, locked with it in the caller's transaction (or
 * looked at before an upload starts), if the caller may add `adding` photos to it now (10 in all
 * at most): where the next photo's index starts.
 */
async function photoSlots(
  deps: AppDeps,
  tx: Db,
  caller: Caller,
  instanceId: string,
  inspectionId: string,
  adding: number,
): Promise<number> {
  const target = reviewableBy(caller, await reviewTarget(tx, instanceId, { lock: true }));
  refuseUnlessUnderReview(target, m.inspectionNotAllowed, instanceNow(deps.db, caller, instanceId));
  const [inspection] = await tx
    .select({
      next: sql<number>`(select coalesce(max(ph.index) + 1, 0) from ${inspectionPhotos} ph where ph.inspection_id = ${inspections.id})`.mapWith(
        Number,
      ),
      count:
        sql<number>`(select count(*) from ${inspectionPhotos} ph where ph.inspection_id = ${inspections.id})`.mapWith(
          Number,
        ),
    })
    .from(inspections)
    .where(and(eq(inspections.id, inspectionId), eq(inspections.processInstanceId, instanceId)));
  if (!inspection) throw notFound(m.inspectionNotFound);
  if (inspection.count + adding > INSPECTION_PHOTOS_MAX)
    throw conflict(m.tooManyPhotos(INSPECTION_PHOTOS_MAX));
  return inspection.next;
}

/**
 * What the photos route checks before it reads a file, for a resumable upload of one photo of
 * `size` bytes: the caller, the vistoria, room for one more photo, the size.
 */
export async function checkInspectionPhotoUpload(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  inspectionId: string,
  size: number,
): Promise<void> {
  if (!STAFF_ROLES.includes(caller.role)) throw forbidden();
  // A look, not a write: the photo is counted again, under the lock, when it is attached.
  await photoSlots(deps, deps.db, caller, instanceId, inspectionId, 1);
  if (size > INSPECTION_PHOTO_MAX_BYTES) throw new AppError(413, m.photoTooLarge);
}

/** POST …/inspections/{inspectionId}/photos: more photos for a vistoria, 10 in all at most. */
export async function addInspectionPhotos(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  inspectionId: string,
  photos: readonly UploadedFileValue[],
): Promise<Inspection> {
  return keepingFilesOnlyOnSuccess(deps, (stored) =>
    deps.db.transaction(async (tx) => {
      const next = await photoSlots(deps, tx, caller, instanceId, inspectionId, photos.length);
      await storePhotos(deps, tx, inspectionId, checkPhotos(photos), next, stored);
      return recordAnswer(await readInspection(tx, inspectionId));
    }),
  );
}

/** GET /api/process-instance/{id}/inspections: the vistorias, by day of visit. */
export async function listInspections(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  query: InspectionListQuery,
): Promise<Page<Inspection>> {
  readableBy(caller, await reviewTarget(deps.db, instanceId, { lock: false }));
  const where = eq(inspections.processInstanceId, instanceId);
  const rows = await selectInspections(deps.db, where, query);
  return pageFrom(rows, presentInspection, {
    offset: query.offset,
    countPastEnd: async () => deps.db.$count(inspections, where),
  });
}

/** GET /api/inspection/{id}/photo/{index}: to whoever may read the instance's review. */
export async function inspectionPhoto(
  deps: AppDeps,
  caller: Caller,
  inspectionId: string,
  index: number,
): Promise<{ body: Readable; mime: string; filename: string }> {
  const [row] = await deps.db
    .select({
      instanceId: inspections.processInstanceId,
      key: inspectionPhotos.storageKey,
      mime: inspectionPhotos.mime,
    })
    .from(inspections)
    .leftJoin(
      inspectionPhotos,
      and(eq(inspectionPhotos.inspectionId, inspections.id), eq(inspectionPhotos.index, index)),
    )
    .where(eq(inspections.id, inspectionId));
  if (!row) throw notFound(m.inspectionNotFound);
  readableBy(caller, await reviewTarget(deps.db, row.instanceId, { lock: false }));
  if (!row.key || !row.mime) throw notFound(m.photoNotFound);
  const body = await deps.storage.open(row.key);
  if (!body) throw notFound(m.photoNotFound);
  const filename = `vistoria-${index + 1}.${PHOTO_EXTENSIONS[row.mime] ?? 'bin'}`;
  return { body, mime: row.mime, filename };
}
