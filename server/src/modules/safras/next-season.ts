import { messages, type NextSeasonBody, type Process } from '@agroselo/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { formFields, forms, processes, processFields, stamps } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Caller } from '../../plugins/auth';
import { getProcess } from '../seals/service';
import { copyFiles, copyKey, removeCopies, type CopiedFile } from './files';

const m = messages.safras;

/**
 * POST /api/process/{processId}/next-season: a draft copy of the process for the next safra, with
 * the same seal (its image copied to a new key), edital, review settings and forms, linking the
 * same fields (the library is shared) and documents; the source stays as it was. The files are
 * copied first; if the rows cannot be written, the copies are removed again.
 */
export async function createNextSeason(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  body: NextSeasonBody,
): Promise<Process> {
  const [source] = await deps.db
    .select({ process: processes, stamp: stamps })
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .where(eq(processes.id, processId));
  if (!source) throw notFound(messages.seals.processNotFound);
  // AAAA/AA sorts as the seasons do.
  if (body.safra <= source.process.safra)
    throw badRequest(m.nextSafraNotLater(source.process.safra));
  const [taken] = await deps.db
    .select({ id: processes.id })
    .from(processes)
    .where(eq(processes.previousProcessId, processId));
  if (taken) throw conflict(m.nextSeasonExists);

  const id = newId();
  const stampId = newId();
  const wanted: CopiedFile[] = [];
  const imageKey = source.stamp.imageKey
    ? copyKey(`stamps/${stampId}`, source.stamp.imageKey)
    : null;
  if (source.stamp.imageKey && imageKey) wanted.push({ from: source.stamp.imageKey, to: imageKey });
  const noticeKey = source.process.noticeFileKey
    ? copyKey(`notices/${id}`, source.process.noticeFileKey)
    : null;
  if (source.process.noticeFileKey && noticeKey)
    wanted.push({ from: source.process.noticeFileKey, to: noticeKey });
  const copied = await copyFiles(deps.storage, wanted);
  const kept = new Set(copied.map((file) => file.to));

  try {
    await deps.db.transaction((tx) =>
      copySeason(tx, {
        source,
        id,
        stampId,
        dates: body,
        safra: body.safra,
        imageKey: imageKey && kept.has(imageKey) ? imageKey : null,
        noticeKey: noticeKey && kept.has(noticeKey) ? noticeKey : null,
        createdBy: caller.id,
      }),
    );
  } catch (error) {
    await removeCopies(deps.storage, copied);
    if (isUniqueViolation(error, 'processes_previous_key')) throw conflict(m.nextSeasonExists);
    throw error;
  }
  return getProcess(deps, caller, id);
}

export interface SeasonCopy {
  source: { process: typeof processes.$inferSelect; stamp: typeof stamps.$inferSelect };
  id: string;
  stampId: string;
  safra: string;
  dates: Pick<NextSeasonBody, 'start_date' | 'end_date' | 'validity_start' | 'validity_end'>;
  /** The copies of the source's files, already stored. */
  imageKey: string | null;
  imageMime?: string | null;
  noticeKey: string | null;
  createdBy: string;
  released?: boolean;
}

/**
 * The rows of a next season, in the caller's transaction: the process and its seal, the forms in
 * order linking the same fields with the same rules, and the documents. The demo seed makes its second safra with it.
 */
export async function copySeason(tx: Db, input: SeasonCopy): Promise<void> {
  const { process, stamp } = input.source;
  await tx.insert(processes).values({
    id: input.id,
    description: process.description,
    notice: process.notice,
    startDate: input.dates.start_date,
    endDate: input.dates.end_date,
    validityStart: input.dates.validity_start,
    validityEnd: input.dates.validity_end,
    released: input.released ?? false,
    noticeFileKey: input.noticeKey,
    levels: process.levels,
    committee: process.committee,
    safra: input.safra,
    previousProcessId: process.id,
    createdBy: input.createdBy,
  });
  await tx.insert(stamps).values({
    id: input.stampId,
    processId: input.id,
    name: stamp.name,
    description: stamp.description,
    features: stamp.features,
    imageKey: input.imageKey,
    imageMime: input.imageKey ? (input.imageMime ?? stamp.imageMime) : null,
    searchText: stamp.searchText,
  });
  const sourceForms = await tx
    .select()
    .from(forms)
    .where(eq(forms.processId, process.id))
    .orderBy(asc(forms.position), asc(forms.createdAt), asc(forms.id));
  const formIds = new Map(sourceForms.map((form) => [form.id, newId()]));
  if (sourceForms.length > 0) {
    await tx.insert(forms).values(
      sourceForms.map((form) => ({
        id: formIds.get(form.id)!,
        processId: input.id,
        name: form.name,
        deadline: form.deadline,
        obligatory: form.obligatory,
        sign: form.sign,
        position: form.position,
      })),
    );
    const links = await tx
      .select()
      .from(formFields)
      .where(inArray(formFields.formId, [...formIds.keys()]));
    if (links.length > 0)
      await tx.insert(formFields).values(
        links.map((link) => ({
          formId: formIds.get(link.formId)!,
          fieldId: link.fieldId,
          position: link.position,
          logic: link.logic,
        })),
      );
  }
  const documents = await tx
    .select()
    .from(processFields)
    .where(eq(processFields.processId, process.id));
  if (documents.length > 0)
    await tx.insert(processFields).values(
      documents.map((document) => ({
        processId: input.id,
        fieldId: document.fieldId,
        position: document.position,
      })),
    );
}
