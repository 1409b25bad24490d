import type { Readable } from 'node:stream';
import {
  messages,
  type Process,
  type ProcessListQuery,
  type ProcessRegisterBody,
  type ReleaseBody,
  type ReviewSettings,
  safraOf,
} from '@agroselo/contracts';
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import { processes, stamps } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { matchesSearch, normalizeSearch } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday } from '../certificates/status';
import { imageVersion, presentProcess, presentStamp } from './present';
import { formsCount, seesDrafts, visibleTo } from './queries';
import { checkNoticeFile, checkSealImage } from './uploads';

const m = messages.seals;

/** The landing's seals: released processes whose request window holds today. */
export async function listReleasedStamps(deps: AppDeps, safra?: string) {
  const day = saoPauloToday();
  const rows = await deps.db
    .select({ stamp: stamps, safra: processes.safra })
    .from(stamps)
    .innerJoin(processes, eq(processes.id, stamps.processId))
    .where(
      and(
        eq(processes.released, true),
        lte(processes.startDate, day),
        gte(processes.endDate, day),
        safra ? eq(processes.safra, safra) : undefined,
      ),
    )
    .orderBy(asc(stamps.name), asc(processes.safra));
  return rows.map(({ stamp, safra: season }) => presentStamp(stamp, season));
}

export interface StampImage {
  mime: string;
  stream: Readable;
  /** Asked for by its current versioned URL: it can be cached for good. */
  versioned: boolean;
  released: boolean;
}

/**
 * The image of a released seal. A draft's image is served only under its versioned URL, which
 * only admins are given (an <img> sends no token).
 */
export async function stampImage(
  deps: AppDeps,
  stampId: string,
  version: string | undefined,
): Promise<StampImage> {
  const [row] = await deps.db
    .select({ key: stamps.imageKey, mime: stamps.imageMime, released: processes.released })
    .from(stamps)
    .innerJoin(processes, eq(processes.id, stamps.processId))
    .where(eq(stamps.id, stampId));
  const versioned = Boolean(row?.key && version === imageVersion(row.key));
  if (!row?.key || (!row.released && !versioned)) throw notFound(m.imageNotFound);
  const stream = await deps.storage.open(row.key);
  if (!stream) throw notFound(m.imageNotFound);
  return {
    mime: row.mime ?? 'application/octet-stream',
    stream,
    versioned,
    released: row.released,
  };
}

/** The next season's process, visible to the caller (a draft only to admins). */
const nextProcess = alias(processes, 'next_process');
const processColumns = {
  process: processes,
  stamp: stamps,
  formsCount,
  next: { id: nextProcess.id, safra: nextProcess.safra, released: nextProcess.released },
};
const nextJoin = (caller: Caller | null) =>
  and(
    eq(nextProcess.previousProcessId, processes.id),
    seesDrafts(caller) ? undefined : eq(nextProcess.released, true),
  );

export async function listProcesses(
  deps: AppDeps,
  caller: Caller | null,
  query: ProcessListQuery,
): Promise<Page<Process>> {
  const where = and(
    visibleTo(caller),
    query.query ? matchesSearch(stamps.searchText, query.query) : undefined,
    query.safra ? eq(processes.safra, query.safra) : undefined,
  );
  const rows = await deps.db
    .select({ ...processColumns, total: windowTotal() })
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .leftJoin(nextProcess, nextJoin(caller))
    .where(where)
    .orderBy(desc(processes.createdAt), desc(processes.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, presentProcess, {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db
        .select({ total: count() })
        .from(processes)
        .innerJoin(stamps, eq(stamps.processId, processes.id))
        .where(where);
      return counted?.total ?? 0;
    },
  });
}

export async function getProcess(
  deps: AppDeps,
  caller: Caller | null,
  processId: string,
): Promise<Process> {
  const [row] = await deps.db
    .select(processColumns)
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .leftJoin(nextProcess, nextJoin(caller))
    .where(and(eq(processes.id, processId), visibleTo(caller)));
  if (!row) throw notFound(m.processNotFound);
  return presentProcess(row);
}

/**
 * A new process (Rascunho) and its seal. The files are checked by their bytes and stored first,
 * under keys the server makes; if the rows cannot be written they are removed again.
 */
export async function registerProcess(
  deps: AppDeps,
  caller: Caller,
  body: ProcessRegisterBody,
): Promise<Process> {
  const image = checkSealImage(body.file);
  const notice = body.notice_file ? checkNoticeFile(body.notice_file) : null;
  const processId = newId();
  const stampId = newId();
  const imageKey = `stamps/${stampId}/${newId()}.${image.ext}`;
  const noticeKey = notice ? `notices/${processId}/${newId()}.pdf` : null;

  await deps.storage.put(imageKey, image.data);
  if (notice && noticeKey) await deps.storage.put(noticeKey, notice.data);
  try {
    const rows = await deps.db.transaction(async (tx) => {
      const [process] = await tx
        .insert(processes)
        .values({
          id: processId,
          description: body.description,
          notice: body.notice,
          startDate: body.start_date,
          endDate: body.end_date,
          validityStart: body.validity_start,
          validityEnd: body.validity_end,
          safra: body.safra ?? safraOf(body.start_date),
          released: false,
          noticeFileKey: noticeKey,
          levels: body.levels,
          committee: body.committee,
          createdBy: caller.id,
        })
        .returning();
      const [stamp] = await tx
        .insert(stamps)
        .values({
          id: stampId,
          processId,
          name: body.stamp_name,
          description: body.stamp_description,
          features: body.features,
          imageKey,
          imageMime: image.mime,
          searchText: normalizeSearch(body.stamp_name),
        })
        .returning();
      return { process: process!, stamp: stamp! };
    });
    return presentProcess({ ...rows, formsCount: 0, next: null });
  } catch (error) {
    await deps.storage.remove(imageKey);
    if (noticeKey) await deps.storage.remove(noticeKey);
    throw error;
  }
}

export async function releaseProcess(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: ReleaseBody,
): Promise<Process> {
  const updated = await deps.db
    .update(processes)
    .set({ released: body.released, updatedAt: new Date() })
    .where(eq(processes.id, processId))
    .returning({ id: processes.id });
  if (updated.length === 0) throw notFound(m.processNotFound);
  return getProcess(deps, caller, processId);
}

/**
 * PUT /api/process/{processId}/review-settings: the levels offered and whether a committee
 * concludes. Instances concluded already keep what they were granted.
 */
export async function updateReviewSettings(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: ReviewSettings,
): Promise<Process> {
  const updated = await deps.db
    .update(processes)
    .set({ levels: body.levels, committee: body.committee, updatedAt: new Date() })
    .where(eq(processes.id, processId))
    .returning({ id: processes.id });
  if (updated.length === 0) throw notFound(m.processNotFound);
  return getProcess(deps, caller, processId);
}

const fileName = (name: string) =>
  normalizeSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'processo';

/** The edital PDF of a process the caller may see. */
export async function processNotice(deps: AppDeps, caller: Caller | null, processId: string) {
  const [row] = await deps.db
    .select({ key: processes.noticeFileKey, stampName: stamps.name })
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .where(and(eq(processes.id, processId), visibleTo(caller)));
  if (!row) throw notFound(m.processNotFound);
  const stream = row.key ? await deps.storage.open(row.key) : null;
  if (!stream) throw notFound(m.noticeNotFound);
  return { stream, filename: `edital-${fileName(row.stampName)}.pdf` };
}
