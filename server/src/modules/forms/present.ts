import { columnsAt } from '../../lib/raw-statement';
import { fullName } from '../../lib/people';
import type { FormState } from './access';

/** A left-joined person: drizzle gives null, or an object of nulls, when there is none. */
export const personOrNull = (
  row: { id: string | null; firstName: string | null; lastName: string | null } | null,
) =>
  row?.id
    ? {
        id: row.id,
        name: fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
      }
    : null;

/**
 * The columns of the form instance statement (queries.ts), in the order formInstanceRow reads
 * them: what decides who may see it (FormState), then the whole answer as json text, which the
 * database builds for the caller (read-only fields, actions) so that a read sends it as it comes.
 */
export const FORM_INSTANCE_FIELDS = [
  'ownerId',
  'technicianId',
  'initiated',
  'finished',
  'commited',
  'json',
] as const;
export type FormInstanceField = (typeof FORM_INSTANCE_FIELDS)[number];
const FORM_AT = columnsAt(FORM_INSTANCE_FIELDS);

/** A form instance's statement row, read as an array: its FormState and its answer's json. */
export interface FormInstanceRow {
  state: FormState;
  json: string;
}

export const formInstanceRow = (columns: unknown[]): FormInstanceRow => ({
  state: {
    ownerId: columns[FORM_AT.ownerId] as string,
    technicianId: columns[FORM_AT.technicianId] as string | null,
    initiated: columns[FORM_AT.initiated] as boolean,
    finished: columns[FORM_AT.finished] as boolean,
    commited: columns[FORM_AT.commited] as boolean,
  },
  json: columns[FORM_AT.json] as string,
});
