import { createHash } from 'node:crypto';
import type { Form, Process, Stamp } from '@agroselo/contracts';
import type { forms, processes, stamps } from '../../db/schema';

type StampRow = typeof stamps.$inferSelect;
type ProcessRow = typeof processes.$inferSelect;
type FormRow = typeof forms.$inferSelect;

/** A short fingerprint of the storage key: a new image gets a new key, hence a new URL. */
export const imageVersion = (key: string) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 16);

export const stampImageUrl = (stampId: string, key: string) =>
  `/api/stamp/${stampId}/image?v=${imageVersion(key)}`;

export const noticeUrl = (processId: string) => `/api/process/${processId}/notice`;

/** A seal with the season of its process. */
export function presentStamp(row: StampRow, safra: string): Stamp {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features.map((feature) => ({ feature })),
    process_id: row.processId,
    safra,
    image_url: row.imageKey ? stampImageUrl(row.id, row.imageKey) : null,
  };
}

export function presentProcess(row: {
  process: ProcessRow;
  stamp: StampRow;
  formsCount: number;
  next: { id: string; safra: string; released: boolean } | null;
}): Process {
  const { process, stamp } = row;
  const { process_id: _processId, ...stampFields } = presentStamp(stamp, process.safra);
  return {
    id: process.id,
    description: process.description,
    notice: process.notice,
    start_date: process.startDate,
    end_date: process.endDate,
    validity_start: process.validityStart,
    validity_end: process.validityEnd,
    released: process.released,
    notice_url: process.noticeFileKey ? noticeUrl(process.id) : null,
    stamp: stampFields,
    forms_count: row.formsCount,
    levels: process.levels,
    committee: process.committee,
    safra: process.safra,
    previous_process_id: process.previousProcessId,
    next_process: row.next,
  };
}

export function presentForm(row: { form: FormRow; fieldsCount: number }): Form {
  const { form } = row;
  return {
    id: form.id,
    process_id: form.processId,
    name: form.name,
    deadline: form.deadline,
    obligatory: form.obligatory,
    sign: form.sign,
    fields_count: row.fieldsCount,
  };
}
