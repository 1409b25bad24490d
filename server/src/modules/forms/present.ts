import type { CellInstance, FieldInstance, FormInstance, Proof } from '@agroselo/contracts';
import { columnsAt } from '../../lib/raw-statement';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday } from '../certificates/status';
import { fullName } from '../../lib/people';
import { activeWriter, mayWriteField, viewerOf, type FormState, type Writer } from './access';
import type { CellJson, FieldInstanceJson, PersonJson } from './queries';

const personOf = (json: PersonJson | null) =>
  json
    ? { id: json.id, name: fullName({ firstName: json.first_name, lastName: json.last_name }) }
    : null;

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

export const proofPath = (instanceId: string, formId: string, fieldInstanceId: string) =>
  `/api/process-instance/${instanceId}/form/${formId}/field/${fieldInstanceId}/proof`;

interface Context {
  instanceId: string;
  formId: string;
  writer: Writer | null;
  /** A finished form whose producer may still change the fields under an open pendência. */
  reopenable: boolean;
  today: string;
}

function presentCell(cell: CellJson, context: Context, staffField: boolean): CellInstance {
  const proof: Proof | null = cell.proof
    ? {
        filename: cell.proof.filename,
        mime: cell.proof.mime as Proof['mime'],
        size: cell.proof.size,
        sha256: cell.proof.sha256,
        uploaded_at: cell.proof.created_at,
        uploaded_by: personOf(cell.proof.uploaded_by),
        url: proofPath(context.instanceId, context.formId, cell.id),
      }
    : null;
  return {
    id: cell.id,
    content: cell.content,
    version: cell.version,
    created_at: cell.created_at,
    updated_at: cell.updated_at,
    updated_by: personOf(cell.updated_by),
    field: { ...cell.field, child_fields: [] },
    parent_field_instance_id: cell.parent_field_instance_id,
    row_id: cell.row_id,
    read_only: !mayWriteField(context.writer, staffField),
    proof,
  };
}

function presentField(json: FieldInstanceJson, context: Context): FieldInstance {
  const tableStaff = json.field.producer_read_only;
  const { pendency } = json;
  const editable = context.reopenable && pendency?.status === 'open';
  const fieldContext = editable ? { ...context, writer: 'producer' as const } : context;
  return {
    ...presentCell(json, fieldContext, tableStaff),
    field: { ...json.field, child_fields: json.columns },
    child_field_instances: json.cells.map((cell) =>
      presentCell(cell, fieldContext, tableStaff || cell.field.producer_read_only),
    ),
    pendency: pendency
      ? {
          ...pendency,
          late: pendency.status !== 'resolved' && pendency.due_date < context.today,
        }
      : null,
    editable,
    carried_over: json.carried_over,
    last_season: json.last_season
      ? { ...json.last_season, rows: Number(json.last_season.rows) }
      : null,
  };
}

/**
 * The columns of the form instance statement (queries.ts), in the order formInstanceRow reads
 * them: first what decides who may see and write it (FormState), times already in the wire's ISO
 * form (isoUtc), the field instances as json last.
 */
export const FORM_INSTANCE_FIELDS = [
  'ownerId',
  'technicianId',
  'initiated',
  'finished',
  'commited',
  'id',
  'processInstanceId',
  'formId',
  'name',
  'obligatory',
  'deadline',
  'sign',
  'commitedAt',
  'finisherId',
  'finisherFirstName',
  'finisherLastName',
  'signedAt',
  'signatureHash',
  'signerId',
  'signerFirstName',
  'signerLastName',
  'fieldInstances',
] as const;
export type FormInstanceField = (typeof FORM_INSTANCE_FIELDS)[number];
const FORM_AT = columnsAt(FORM_INSTANCE_FIELDS);

/** A form instance's statement row, read as an array, with its FormState for the access checks. */
export interface FormInstanceRow {
  state: FormState;
  columns: unknown[];
}

export const formInstanceRow = (columns: unknown[]): FormInstanceRow => ({
  state: {
    ownerId: columns[FORM_AT.ownerId] as string,
    technicianId: columns[FORM_AT.technicianId] as string | null,
    initiated: columns[FORM_AT.initiated] as boolean,
    finished: columns[FORM_AT.finished] as boolean,
    commited: columns[FORM_AT.commited] as boolean,
  },
  columns,
});

export function formInstanceFromRow(
  { state, columns }: FormInstanceRow,
  caller: Caller,
): FormInstance {
  const get = <T>(field: FormInstanceField) => columns[FORM_AT[field]] as T;
  const writer = activeWriter(caller, state);
  const id = get<string>('id');
  const instanceId = get<string>('processInstanceId');
  const signedAt = get<string | null>('signedAt');
  const signatureHash = get<string | null>('signatureHash');
  const context = {
    instanceId,
    formId: id,
    writer,
    reopenable:
      viewerOf(caller, state) === 'producer' &&
      state.commited &&
      state.initiated &&
      !state.finished,
    today: saoPauloToday(),
  };
  return {
    id,
    process_instance_id: instanceId,
    form: {
      id: get('formId'),
      name: get('name'),
      obligatory: get('obligatory'),
      deadline: get('deadline'),
      sign: get('sign'),
    },
    commited: state.commited,
    commited_at: get('commitedAt'),
    commited_by: personOrNull({
      id: get('finisherId'),
      firstName: get('finisherFirstName'),
      lastName: get('finisherLastName'),
    }),
    signature:
      signedAt && signatureHash
        ? {
            signed_by: personOrNull({
              id: get('signerId'),
              firstName: get('signerFirstName'),
              lastName: get('signerLastName'),
            }),
            signed_at: signedAt,
            hash: signatureHash,
          }
        : null,
    actions: { edit: writer !== null, finish: writer === 'producer' },
    field_instances: get<FieldInstanceJson[]>('fieldInstances').map((field) =>
      presentField(field, context),
    ),
  };
}
