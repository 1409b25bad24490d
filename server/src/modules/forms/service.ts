import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  checkFieldContent,
  DEFAULT_FIELD_LOGIC,
  messages,
  PROOF_MAX_BYTES,
  PROOF_TYPES,
  TABLE_ROWS_MAX,
  type FieldConflict,
  type FieldEditBody,
  type FieldInstance,
  type FieldLogic,
  type FormFinishBody,
  type FormInstance,
  type FormSaveBody,
  type ProofUploadBody,
  type ValidationIssue,
} from '@agroselo/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { recordAnswer } from '../../db/commit-hook';
import {
  fieldChildren,
  fieldInstances,
  fields,
  formInstances,
  proofs,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  invalidField,
  notFound,
  StateConflict,
} from '../../lib/errors';
import { acceptFile, type UploadedFile } from '../../lib/files';
import { newId } from '../../lib/ids';
import { verifyPassword } from '../../lib/passwords';
import type { Caller } from '../../plugins/auth';
import { claimAttempt } from '../auth/attempts';
import { instanceNow } from '../instances/detail';
import { recordEvent } from '../instances/events';
import { fullName } from '../../lib/people';
import {
  checkFieldWriter,
  viewerOf,
  writeRefusal,
  writerOf,
  type FormState,
  type Writer,
} from './access';
import { saoPauloToday } from '../certificates/status';
import { personOrNull } from './present';
import {
  atFieldInstance,
  checkChanges,
  dropHidden,
  evaluateFormInstance,
  logicIssues,
} from './logic';
import { lockFormInstance, readFormInstance, readFormState, underOpenPendencies } from './queries';
import { signatureHash } from './signature';

const m = messages.forms;
const fi = fieldInstances;
const table = alias(fieldInstances, 'table_instance');
const tableField = alias(fields, 'table_field');
const writerUser = alias(users, 'writer');
/** Only staff write a field instance whose field, or whose Lista, is read-only to producers. */
const staffOnly = sql<boolean>`${fields.producerReadOnly} or coalesce(${tableField.producerReadOnly}, false)`;

/** A save met fields changed meanwhile (another device): nothing was written. */
export class SaveConflict extends AppError {
  constructor(readonly conflicts: FieldConflict[]) {
    super(409, m.conflict);
  }
}

/**
 * GET /api/process-instance/{id}/form/{formId} as its answer's json text, which the database
 * builds for the caller: staff see every form, producers their own.
 */
export async function getFormInstanceJson(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  tx?: Db,
): Promise<string> {
  const row = await readFormInstance(deps.db, caller, instanceId, formId, saoPauloToday(), tx);
  if (!row || !viewerOf(caller, row.state)) throw notFound(m.notFound);
  return row.json;
}

/** The same form instance as a value, for the writes that answer with it and the PDF. */
export async function getFormInstance(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  tx?: Db,
): Promise<FormInstance> {
  return JSON.parse(
    await getFormInstanceJson(deps, caller, instanceId, formId, tx),
  ) as FormInstance;
}

/**
 * Locks the form for this transaction and tells as whom the caller writes it, or refuses. A
 * finished form stays open to its producer for `fieldIds` when each is a field (or a cell of a
 * Lista) under an open pendência (DESIGN §4b); every other field keeps the 409, which carries the
 * form as it is now when it was finished, else the instance (not started, concluded: DESIGN §4c).
 */
async function openForWrite(
  deps: AppDeps,
  tx: Db,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldIds: readonly string[] = [],
) {
  const form = await lockFormInstance(tx, instanceId, formId);
  if (!form) throw notFound(m.notFound);
  const { writer, refusal } = writeRefusal(caller, form);
  if (!refusal) return { form, writer };
  const reopened =
    writer === 'producer' &&
    form.commited &&
    form.initiated &&
    !form.finished &&
    (await underOpenPendencies(tx, formId, fieldIds));
  if (reopened) return { form, writer };
  if (refusal.statusCode !== 409 || typeof refusal.detail !== 'string') throw refusal;
  throw form.initiated && !form.finished
    ? new StateConflict(refusal.detail, 'form_instance', () =>
        getFormInstanceJson(deps, caller, instanceId, formId),
      )
    : new StateConflict(
        refusal.detail,
        'process_instance',
        instanceNow(deps.db, caller, instanceId),
      );
}

/** Field instances of the form by id, with what decides who writes them and their last writer. */
function fieldsById(tx: Db, formId: string, ids: string[]) {
  return tx
    .select({
      id: fi.id,
      content: fi.content,
      version: fi.version,
      updatedAt: fi.updatedAt,
      parentId: fi.parentFieldInstanceId,
      name: fields.name,
      type: fields.type,
      decimals: fields.decimals,
      staffField: staffOnly,
      writer: { id: writerUser.id, firstName: writerUser.firstName, lastName: writerUser.lastName },
    })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .leftJoin(table, eq(table.id, fi.parentFieldInstanceId))
    .leftJoin(tableField, eq(tableField.id, table.fieldId))
    .leftJoin(writerUser, eq(writerUser.id, fi.updatedBy))
    .where(and(eq(fi.formInstanceId, formId), inArray(fi.id, ids)));
}

interface Change {
  id: string;
  content: string | boolean | number | null;
  version?: number | undefined;
}

/**
 * Writes many fields of one form in the caller's transaction, all or nothing: unknown fields and
 * invalid content answer the 422 list (one entry per field), a field of someone else 403, and a
 * field changed since the version the change was made on 409 with the server's values. A change
 * that leaves the content as it is costs nothing, so a save repeated after a lost answer is no
 * conflict. A field in `hidden` does not apply: it is written empty.
 */
async function writeFields(
  tx: Db,
  caller: Caller,
  writer: Writer,
  formId: string,
  changes: readonly Change[],
  loc: (index: number) => (string | number)[],
  hidden: ReadonlySet<string>,
): Promise<void> {
  if (changes.length === 0) return;
  const current = new Map(
    (await fieldsById(tx, formId, [...new Set(changes.map((change) => change.id))])).map((row) => [
      row.id,
      row,
    ]),
  );
  const missing: ValidationIssue[] = changes.flatMap((change, index) =>
    current.has(change.id)
      ? []
      : [{ loc: [...loc(index), 'id'], msg: m.fieldNotFound, type: 'not_found' }],
  );
  if (missing.length > 0) throw new AppError(422, missing);

  const issues: ValidationIssue[] = [];
  const writes: { id: string; value: string | null }[] = [];
  const conflicts: FieldConflict[] = [];
  changes.forEach((change, index) => {
    const field = current.get(change.id)!;
    checkFieldWriter(writer, field.staffField);
    // What does not apply is written as nothing, whatever was sent (issue 45).
    const checked = hidden.has(change.id)
      ? ({ ok: true, value: null } as const)
      : checkFieldContent(field.type, change.content, field);
    if (!checked.ok) {
      issues.push({ loc: [...loc(index), 'content'], msg: checked.message, type: field.type });
      return;
    }
    if (checked.value === field.content) return;
    if (change.version !== undefined && change.version !== field.version) {
      conflicts.push({
        id: field.id,
        content: field.content,
        version: field.version,
        updated_at: field.updatedAt.toISOString(),
        updated_by: personOrNull(field.writer),
      });
      return;
    }
    writes.push({ id: field.id, value: checked.value });
  });
  if (issues.length > 0) throw new AppError(422, issues);
  if (conflicts.length > 0) throw new SaveConflict(conflicts);
  if (writes.length === 0) return;

  const values = sql.join(
    writes.map((write) => sql`(${write.id}::uuid, ${write.value}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${fi} as f
    set content = v.content, version = f.version + 1, updated_by = ${caller.id}::uuid, updated_at = now()
    from (values ${values}) as v(id, content)
    where f.id = v.id`);
  await clearCarried(
    tx,
    writes.map((write) => write.id),
  );
}

/**
 * A pre-filled answer the producer changed is theirs now: the fields `ids` (and the Listas whose
 * cells they are) lose their 'Resposta da safra anterior' mark.
 */
async function clearCarried(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${fi} set carried_over = false
    where carried_over and (id in (${list}) or id in (
      select parent_field_instance_id from ${fi} where id in (${list})))`);
}

/** PUT …/form/{formId}/save: every changed field in one transaction (DESIGN §4a). */
export async function saveForm(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  body: FormSaveBody,
): Promise<FormInstance> {
  const ids = body.fields.map((field) => field.id);
  const { form, removedKeys } = await deps.db.transaction(async (tx) => {
    const { writer } = await openForWrite(deps, tx, caller, instanceId, formId, ids);
    const logic = await checkChanges(tx, formId, body.fields, (issue) => {
      const index = ids.indexOf(issue.id);
      return index === -1 ? atFieldInstance(issue) : ['body', 'fields', index, 'content'];
    });
    await writeFields(
      tx,
      caller,
      writer,
      formId,
      body.fields,
      (index) => ['body', 'fields', index],
      logic.evaluation.hidden,
    );
    const removedKeys = await dropHidden(tx, logic.form, logic.evaluation);
    return {
      form: recordAnswer(await getFormInstance(deps, caller, instanceId, formId, tx)),
      removedKeys,
    };
  });
  await removeFiles(deps, removedKeys);
  return form;
}

/** PUT …/field/{fieldId}/edit: one field, as the spec's client saves (multipart `content`). */
export async function editField(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
  body: FieldEditBody,
): Promise<FieldInstance> {
  const { written, removedKeys } = await deps.db.transaction(async (tx) => {
    const { writer } = await openForWrite(deps, tx, caller, instanceId, formId, [fieldId]);
    const [field] = await fieldsById(tx, formId, [fieldId]);
    if (!field) throw notFound(m.fieldNotFound);
    const change = { id: fieldId, ...body };
    const logic = await checkChanges(tx, formId, [change], (issue) =>
      issue.id === fieldId ? ['body', 'content'] : atFieldInstance(issue),
    );
    await writeFields(
      tx,
      caller,
      writer,
      formId,
      [change],
      () => ['body'],
      logic.evaluation.hidden,
    );
    const removedKeys = await dropHidden(tx, logic.form, logic.evaluation);
    const form = await getFormInstance(deps, caller, instanceId, formId, tx);
    const written = form.field_instances
      .flatMap((item) => [
        item,
        ...item.child_field_instances.map((cell) => ({
          ...cell,
          child_field_instances: [],
          pendency: item.pendency,
          editable: item.editable,
          carried_over: item.carried_over,
          last_season: null,
          logic: columnLogic(item.logic, cell.field.id),
        })),
      ])
      .find((item) => item.id === fieldId);
    return { written: recordAnswer(written!), removedKeys };
  });
  await removeFiles(deps, removedKeys);
  return written;
}

/** A Lista's rules of one column, as a field's own. */
function columnLogic(logic: FieldLogic, columnId: string): FieldLogic {
  const column = logic.columns.find((item) => item.field_id === columnId);
  if (!column) return DEFAULT_FIELD_LOGIC;
  const { field_id: _column, ...rules } = column;
  return { ...rules, columns: [], total: null };
}

/** The Lista `fieldId` of the form, its columns and how many rows it has. */
async function findTable(tx: Db, formId: string, fieldId: string) {
  const [found] = await tx
    .select({
      id: fi.id,
      type: fields.type,
      fieldId: fields.id,
      staffField: fields.producerReadOnly,
      rows: sql<number>`(select count(distinct c.row_id) from ${fi} c where c.parent_field_instance_id = ${fi.id})`.mapWith(
        Number,
      ),
    })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .where(
      and(eq(fi.id, fieldId), eq(fi.formInstanceId, formId), isNull(fi.parentFieldInstanceId)),
    );
  return found;
}

/** POST …/field/{fieldId}/add-row: a new row of a Lista, one empty cell per column. */
export async function addRow(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
): Promise<FormInstance> {
  return deps.db.transaction(async (tx) => {
    const { writer } = await openForWrite(deps, tx, caller, instanceId, formId);
    const found = await findTable(tx, formId, fieldId);
    if (!found) throw notFound(m.fieldNotFound);
    if (found.type !== 'form') throw badRequest(m.notAList);
    checkFieldWriter(writer, found.staffField);
    if (found.rows >= TABLE_ROWS_MAX) throw conflict(m.tooManyRows(TABLE_ROWS_MAX));
    const columns = await tx
      .select({ id: fieldChildren.childFieldId })
      .from(fieldChildren)
      .where(eq(fieldChildren.parentFieldId, found.fieldId))
      .orderBy(asc(fieldChildren.position), asc(fieldChildren.childFieldId));
    const rowId = newId();
    await clearCarried(tx, [found.id]);
    if (columns.length > 0) {
      await tx.insert(fi).values(
        columns.map((column, position) => ({
          id: newId(),
          formInstanceId: formId,
          fieldId: column.id,
          parentFieldInstanceId: found.id,
          rowId,
          position,
          updatedBy: caller.id,
        })),
      );
    }
    return getFormInstance(deps, caller, instanceId, formId, tx);
  });
}

/**
 * DELETE …/field/{fieldId}/delete: `fieldId` is a row of a Lista (its `row_id`: the row and its
 * cells go) or one cell (it goes, and a row left with no cells is gone with it). Other fields of
 * the form are not deleted: they belong to its definition.
 */
export async function deleteRowOrCell(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
): Promise<FormInstance> {
  const { form, removedKeys } = await deps.db.transaction(async (tx) => {
    const { writer } = await openForWrite(deps, tx, caller, instanceId, formId);
    const targets = await tx
      .select({
        id: fi.id,
        parentId: fi.parentFieldInstanceId,
        staffField: sql<boolean>`coalesce(${tableField.producerReadOnly}, false)`,
        proofKey: proofs.storageKey,
      })
      .from(fi)
      .leftJoin(table, eq(table.id, fi.parentFieldInstanceId))
      .leftJoin(tableField, eq(tableField.id, table.fieldId))
      .leftJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
      .where(
        and(
          eq(fi.formInstanceId, formId),
          sql`(${fi.id} = ${fieldId}::uuid or (${fi.rowId} = ${fieldId}::uuid and ${fi.parentFieldInstanceId} is not null))`,
        ),
      );
    if (targets.length === 0) throw notFound(m.fieldNotFound);
    if (targets.some((target) => target.parentId === null)) throw badRequest(m.onlyRowsDeleted);
    checkFieldWriter(writer, targets[0]!.staffField);
    await clearCarried(tx, [targets[0]!.parentId!]);
    await tx.delete(fi).where(
      inArray(
        fi.id,
        targets.map((target) => target.id),
      ),
    );
    return {
      form: await getFormInstance(deps, caller, instanceId, formId, tx),
      removedKeys: targets.flatMap((target) => (target.proofKey ? [target.proofKey] : [])),
    };
  });
  await removeFiles(deps, removedKeys);
  return form;
}

/** Files whose rows are gone; a file left behind costs disk, never correctness. */
async function removeFiles(deps: AppDeps, keys: readonly string[]) {
  await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
}

const PROOF_EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The name the producer gave the file, without folders or control characters, kept short. */
function cleanFilename(filename: string, mime: string): string {
  const ext = PROOF_EXTENSIONS[mime] ?? 'bin';
  // eslint-disable-next-line no-control-regex -- the point is to strip control characters
  const base = path.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  const trimmed = base.trim().slice(-120);
  return trimmed && trimmed !== '.' ? trimmed : `comprovante.${ext}`;
}

/**
 * The field a proof goes to, in the caller's transaction (the form locked), or looked at before
 * an upload starts: it must exist in the form, be the caller's to write and ask for a proof.
 */
async function proofField(
  deps: AppDeps,
  tx: Db,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
) {
  const { writer } = await openForWrite(deps, tx, caller, instanceId, formId, [fieldId]);
  const [field] = await tx
    .select({
      id: fi.id,
      proof: fields.proof,
      staffField: staffOnly,
      oldKey: proofs.storageKey,
    })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .leftJoin(table, eq(table.id, fi.parentFieldInstanceId))
    .leftJoin(tableField, eq(tableField.id, table.fieldId))
    .leftJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
    .where(and(eq(fi.id, fieldId), eq(fi.formInstanceId, formId)));
  if (!field) throw notFound(m.fieldNotFound);
  checkFieldWriter(writer, field.staffField);
  if (!field.proof) throw badRequest(m.noProof);
  return field;
}

/**
 * Whether the caller may send a proof of `size` bytes to the field, with the answers the
 * multipart route would give: what a resumable upload checks before its first byte.
 */
export async function checkProofUpload(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
  size: number,
): Promise<void> {
  // A look, not a write: the field is checked again, under the lock, when the file is attached.
  await proofField(deps, deps.db, caller, instanceId, formId, fieldId);
  if (size > PROOF_MAX_BYTES) throw new AppError(413, m.proofTooLarge);
}

/**
 * POST …/field/{fieldId}/proof: the file of a 'Requer comprovante' field (PDF, JPEG, PNG or WebP
 * by its bytes, at most 10 MB). A new file replaces the old one, which is removed once the new
 * one is recorded.
 */
export async function uploadProof(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
  body: ProofUploadBody,
): Promise<FormInstance> {
  let storedKey: string | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const field = await proofField(deps, tx, caller, instanceId, formId, fieldId);
      const file = acceptFile(body.file as UploadedFile, {
        types: PROOF_TYPES,
        maxBytes: PROOF_MAX_BYTES,
        tooLarge: m.proofTooLarge,
        wrongType: m.proofType,
      });
      const key = `proofs/${formId}/${fieldId}/${newId()}.${PROOF_EXTENSIONS[file.mime] ?? 'bin'}`;
      await deps.storage.put(key, file.data);
      storedKey = key;
      const values = {
        storageKey: key,
        filename: cleanFilename(file.filename, file.mime),
        mime: file.mime,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        uploadedBy: caller.id,
        createdAt: new Date(),
      };
      await tx
        .insert(proofs)
        .values({ id: newId(), fieldInstanceId: fieldId, ...values })
        .onConflictDoUpdate({ target: proofs.fieldInstanceId, set: values });
      await clearCarried(tx, [fieldId]);
      return {
        form: recordAnswer(await getFormInstance(deps, caller, instanceId, formId, tx)),
        oldKey: field.oldKey,
      };
    });
    storedKey = null;
    if (result.oldKey) await removeFiles(deps, [result.oldKey]);
    return result.form;
  } finally {
    if (storedKey) await removeFiles(deps, [storedKey]);
  }
}

/** GET …/field/{fieldId}/proof: the file, to whoever may see the form. */
export async function proofFile(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  fieldId: string,
): Promise<{ body: Readable; mime: string; filename: string }> {
  const state = await readFormState(deps.db, instanceId, formId);
  if (!state || !viewerOf(caller, state)) throw notFound(m.notFound);
  const [proof] = await deps.db
    .select({ key: proofs.storageKey, mime: proofs.mime, filename: proofs.filename })
    .from(proofs)
    .innerJoin(fi, eq(fi.id, proofs.fieldInstanceId))
    .where(and(eq(proofs.fieldInstanceId, fieldId), eq(fi.formInstanceId, formId)));
  if (!proof) throw notFound(m.proofMissing);
  const body = await deps.storage.open(proof.key);
  if (!body) throw notFound(m.proofMissing);
  return { body, mime: proof.mime, filename: proof.filename };
}

/**
 * PUT …/form/{formId}/confirm: the producer keeps last season's answers as they are (`field_ids`,
 * or every carried field of the form): they lose the 'Resposta da safra anterior' mark.
 */
export async function confirmCarried(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  body: { field_ids?: string[] | undefined },
): Promise<FormInstance> {
  const ids = body.field_ids ? [...new Set(body.field_ids)] : undefined;
  return deps.db.transaction(async (tx) => {
    const { writer } = await openForWrite(deps, tx, caller, instanceId, formId, ids ?? []);
    if (writer !== 'producer') throw forbidden(m.finishOwnerOnly);
    if (ids && ids.length > 0) {
      const found = await tx
        .select({ id: fi.id })
        .from(fi)
        .where(
          and(eq(fi.formInstanceId, formId), inArray(fi.id, ids), isNull(fi.parentFieldInstanceId)),
        );
      if (found.length !== ids.length) throw notFound(messages.safras.confirmFieldNotInForm);
    }
    if (!ids || ids.length > 0)
      await tx
        .update(fi)
        .set({ carriedOver: false })
        .where(
          and(
            eq(fi.formInstanceId, formId),
            eq(fi.carriedOver, true),
            ids ? inArray(fi.id, ids) : undefined,
          ),
        );
    return getFormInstance(deps, caller, instanceId, formId, tx);
  });
}

/**
 * Fields of the form still carrying last season's answer, unconfirmed: a finish waits for them,
 * unless they do not apply (`hidden`).
 */
async function carriedFields(
  db: Db,
  formId: string,
  hidden: ReadonlySet<string>,
): Promise<string[]> {
  const rows = await db
    .select({ id: fi.id, name: fields.name })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .where(and(eq(fi.formInstanceId, formId), eq(fi.carriedOver, true)))
    .orderBy(asc(fi.position));
  return rows.filter((row) => !hidden.has(row.id)).map((row) => row.name);
}

/** 'Requer comprovante' fields (cells included) of the form that apply and have no file yet. */
async function missingProofs(
  db: Db,
  formId: string,
  hidden: ReadonlySet<string>,
): Promise<ValidationIssue[]> {
  const rows = await db
    .select({ id: fi.id, name: fields.name, tableName: tableField.name })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .leftJoin(table, eq(table.id, fi.parentFieldInstanceId))
    .leftJoin(tableField, eq(tableField.id, table.fieldId))
    .leftJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
    .where(and(eq(fi.formInstanceId, formId), eq(fields.proof, true), isNull(proofs.id)))
    .orderBy(
      sql`coalesce(${table.position}, ${fi.position})`,
      sql`${fi.rowId} nulls first`,
      asc(fi.position),
    );
  return rows
    .filter((row) => !hidden.has(row.id))
    .map((row) => ({
      loc: ['field_instances', row.id, 'proof'],
      msg: m.proofRequired(row.tableName ? `${row.tableName}: ${row.name}` : row.name),
      type: 'proof_required',
    }));
}

/**
 * PUT …/form/{formId}/finish: the producer locks the form once every proof is there; a form that
 * requires a signature is signed with the producer's password (checked within the account's
 * attempt budget, before anything is written), recording who, when and the SHA-256 of what was
 * saved. The state is checked again under the lock, so a finish never races a save.
 */
export async function finishForm(
  deps: AppDeps,
  caller: Caller,
  instanceId: string,
  formId: string,
  body: FormFinishBody,
): Promise<FormInstance> {
  // A first look without the lock: refusals come before the password is asked for.
  const form = await readFormState(deps.db, instanceId, formId);
  if (!form) throw notFound(m.notFound);
  const checkCaller = (state: FormState) => {
    const viewer = viewerOf(caller, state);
    if (!viewer) throw notFound(m.notFound);
    if (viewer === 'staff') throw forbidden(m.finishOwnerOnly);
    writerOf(caller, state);
  };
  checkCaller(form);
  /**
   * What stops a finish, in order: last season's answers still unconfirmed (409), then the rules
   * the answers break and the proofs missing, together (422); what does not apply asks nothing.
   */
  const refuseUnfinished = async (db: Db) => {
    const { form: answers, evaluation } = await evaluateFormInstance(db, formId, {
      mode: 'finish',
    });
    const carried = await carriedFields(db, formId, evaluation.hidden);
    if (carried.length > 0) throw conflict(messages.safras.carriedUnconfirmed(carried));
    const problems = [
      ...logicIssues(evaluation.issues, atFieldInstance),
      ...(await missingProofs(db, formId, evaluation.hidden)),
    ];
    if (problems.length > 0) throw new AppError(422, problems);
    return { answers, evaluation };
  };
  await refuseUnfinished(deps.db);
  if (form.sign) {
    const password = body?.password ?? '';
    if (!password) throw invalidField('password', m.passwordRequired, 'missing');
    const attempt = await claimAttempt(deps.db, 'password', caller.email);
    if (!(await verifyPassword(caller.passwordHash, password)))
      throw invalidField('password', m.passwordWrong, 'wrong_password');
    await attempt.release();
  }

  const { finished, removedKeys } = await deps.db.transaction(async (tx) => {
    const locked = await lockFormInstance(tx, instanceId, formId);
    if (!locked) throw notFound(m.notFound);
    checkCaller(locked);
    const { answers, evaluation } = await refuseUnfinished(tx);
    const removedKeys = await dropHidden(tx, answers, evaluation);
    const now = new Date();
    const current = await getFormInstance(deps, caller, instanceId, formId, tx);
    const hash = locked.sign ? signatureHash(locked, current.field_instances) : null;
    await tx
      .update(formInstances)
      .set({
        commited: true,
        commitedAt: now,
        commitedBy: caller.id,
        ...(hash ? { signedBy: caller.id, signedAt: now, signatureHash: hash } : {}),
      })
      .where(eq(formInstances.id, formId));
    const name = fullName(caller);
    await recordEvent(tx, {
      instanceId,
      actorId: caller.id,
      type: 'form_finished',
      message: hash ? m.eventSigned(locked.name, name) : m.eventFinished(locked.name, name),
      data: { form_instance_id: formId, ...(hash ? { signature_hash: hash } : {}) },
      at: now,
    });
    return { finished: await getFormInstance(deps, caller, instanceId, formId, tx), removedKeys };
  });
  await removeFiles(deps, removedKeys);
  return finished;
}
