import type { CellInstance, FieldInstance, FormInstance, Proof } from '@agroselo/contracts';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday } from '../certificates/status';
import { fullName } from '../instances/present';
import { activeWriter, mayWriteField, viewerOf, type Writer } from './access';
import type { CellJson, FieldInstanceJson, FormInstanceRow, PersonJson } from './queries';

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

export function presentFormInstance(row: FormInstanceRow, caller: Caller): FormInstance {
  const { form } = row;
  const writer = activeWriter(caller, row.state);
  const { state } = row;
  const context = {
    instanceId: form.processInstanceId,
    formId: form.id,
    writer,
    reopenable:
      viewerOf(caller, state) === 'producer' &&
      state.commited &&
      state.initiated &&
      !state.finished,
    today: saoPauloToday(),
  };
  return {
    id: form.id,
    process_instance_id: form.processInstanceId,
    form: {
      id: form.formId,
      name: form.name,
      obligatory: form.obligatory,
      deadline: form.deadline,
      sign: form.sign,
    },
    commited: form.commited,
    commited_at: form.commitedAt?.toISOString() ?? null,
    commited_by: personOrNull(row.finisher),
    signature:
      form.signedAt && form.signatureHash
        ? {
            signed_by: personOrNull(row.signer),
            signed_at: form.signedAt.toISOString(),
            hash: form.signatureHash,
          }
        : null,
    actions: { edit: writer !== null, finish: writer === 'producer' },
    field_instances: row.fieldInstances.map((field) => presentField(field, context)),
  };
}
