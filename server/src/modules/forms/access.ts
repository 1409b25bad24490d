import { PRODUCER_ROLES, STAFF_ROLES, messages } from '@agroselo/contracts';
import { conflict, forbidden, notFound, type AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';

const m = messages.forms;

/** What decides who may read and write a form instance (DESIGN §5). */
export interface FormState {
  ownerId: string;
  technicianId: string | null;
  initiated: boolean;
  finished: boolean;
  commited: boolean;
}

/**
 * As whom a caller writes: the producer owns the property and fills the form; staff (the
 * instance's technician or an admin) fill only the fields marked producer-read-only.
 */
export type Writer = 'producer' | 'staff';

/** Who may see the form: staff see every one, producers those of their own properties. */
export function viewerOf(caller: Pick<Caller, 'id' | 'role'>, state: FormState): Writer | null {
  if (STAFF_ROLES.includes(caller.role)) return 'staff';
  if (PRODUCER_ROLES.includes(caller.role) && state.ownerId === caller.id) return 'producer';
  return null;
}

/**
 * Why the caller may not write the form now, in the order a reader should learn it: not theirs
 * (404, as for reading), not their instance (403), not started, concluded or finished (409).
 */
export function writeRefusal(
  caller: Pick<Caller, 'id' | 'role'>,
  state: FormState,
): { writer: Writer; refusal: null } | { writer: Writer | null; refusal: AppError } {
  const viewer = viewerOf(caller, state);
  if (!viewer) return { writer: null, refusal: notFound(m.notFound) };
  if (viewer === 'staff' && caller.role !== 'admin' && state.technicianId !== caller.id)
    return { writer: null, refusal: forbidden(m.notAssigned) };
  if (!state.initiated) return { writer: viewer, refusal: conflict(m.notStarted) };
  if (state.finished) return { writer: viewer, refusal: conflict(m.instanceFinished) };
  if (state.commited) return { writer: viewer, refusal: conflict(m.commited) };
  return { writer: viewer, refusal: null };
}

/** As whom the caller writes the form now; throws the refusal otherwise. */
export function writerOf(caller: Pick<Caller, 'id' | 'role'>, state: FormState): Writer {
  const { writer, refusal } = writeRefusal(caller, state);
  if (refusal) throw refusal;
  return writer;
}

/** The writer of the form who may write now, or null: what `read_only` is computed from. */
export function activeWriter(caller: Pick<Caller, 'id' | 'role'>, state: FormState) {
  const { writer, refusal } = writeRefusal(caller, state);
  return refusal ? null : writer;
}

/** A field filled by staff (producer-read-only): a cell is when its column or its Lista is. */
export const mayWriteField = (writer: Writer | null, staffField: boolean): boolean =>
  writer !== null && (writer === 'staff') === staffField;

export function checkFieldWriter(writer: Writer, staffField: boolean): void {
  if (!mayWriteField(writer, staffField))
    throw forbidden(writer === 'producer' ? m.staffField : m.producerField);
}
