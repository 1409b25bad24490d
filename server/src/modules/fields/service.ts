import {
  checkFieldLogic,
  dependentsOf,
  messages,
  type BuilderField,
  type Field,
  type FieldListQuery,
  type FieldLogic,
  type FieldRegisterBody,
  type FormField,
  type LogicFieldDef,
  type ProcessFieldsSaveBody,
} from '@agroselo/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isEqual, toCamelCaseKeys } from 'es-toolkit';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import {
  fieldChildren,
  fieldInstances,
  fields,
  formFields,
  formInstances,
  processFields,
  processInstances,
  proofs,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { matchesSearch, normalizeSearch } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { findForm, findProcess } from '../seals/queries';
import { logicRules } from '../forms/logic';
import { fieldColumns, presentField, presentFormField, type FieldRow } from './present';

const m = messages.seals;

const bySearch = (query: string | undefined) =>
  query?.trim() ? matchesSearch(fields.searchText, query) : undefined;

/** The library of fields, by name. */
export async function listFields(
  deps: AppDeps,
  _caller: Caller,
  query: FieldListQuery,
): Promise<Page<Field>> {
  const where = bySearch(query.query);
  const rows = await deps.db
    .select({ ...fieldColumns, total: windowTotal() })
    .from(fields)
    .where(where)
    .orderBy(asc(fields.searchText), asc(fields.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, presentField, {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db.select({ total: count() }).from(fields).where(where);
      return counted?.total ?? 0;
    },
  });
}

/** A new field; a Lista names its columns, existing fields that are not Listas themselves. */
export async function registerField(
  deps: AppDeps,
  _caller: Caller,
  body: FieldRegisterBody,
): Promise<Field> {
  return deps.db.transaction(async (tx) => {
    const columns =
      body.child_fields.length > 0
        ? await tx
            .select({
              id: fields.id,
              name: fields.name,
              type: fields.type,
              producer_read_only: fields.producerReadOnly,
              proof: fields.proof,
              unit: fields.unit,
              decimals: fields.decimals,
            })
            .from(fields)
            .where(inArray(fields.id, body.child_fields))
        : [];
    if (columns.length !== body.child_fields.length) throw badRequest(m.columnNotFound);
    if (columns.some((column) => column.type === 'form')) throw badRequest(m.columnIsList);

    const [field] = await tx
      .insert(fields)
      .values({
        id: newId(),
        name: body.name,
        type: body.type,
        producerReadOnly: body.producer_read_only,
        proof: body.proof,
        unit: body.unit,
        decimals: body.decimals,
        searchText: normalizeSearch(body.name),
      })
      .returning();
    if (body.child_fields.length > 0) {
      await tx.insert(fieldChildren).values(
        body.child_fields.map((childFieldId, position) => ({
          parentFieldId: field!.id,
          childFieldId,
          position,
        })),
      );
    }
    const byId = new Map(columns.map((column) => [column.id, column]));
    return presentField({
      ...field!,
      childFields: body.child_fields.map((id) => byId.get(id)!),
    });
  });
}

async function pageOfFields<T>(
  db: Db,
  link: typeof formFields | typeof processFields,
  owner: SQL,
  query: FieldListQuery,
  present: (row: FieldRow & { logic: FieldLogic | null }) => T,
): Promise<Page<T>> {
  const where = and(owner, bySearch(query.query));
  const rows = await db
    .select({
      ...fieldColumns,
      logic: 'logic' in link ? link.logic : sql<null>`null`,
      total: windowTotal(),
    })
    .from(link)
    .innerJoin(fields, eq(fields.id, link.fieldId))
    .where(where)
    .orderBy(asc(link.position), asc(fields.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, present, {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await db
        .select({ total: count() })
        .from(link)
        .innerJoin(fields, eq(fields.id, link.fieldId))
        .where(where);
      return counted?.total ?? 0;
    },
  });
}

/** A form's field with its rules there (the link always holds them). */
const withLogic = (row: FieldRow & { logic: FieldLogic | null }) =>
  presentFormField({ ...row, logic: row.logic! });

export async function listFormFields(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  query: FieldListQuery,
): Promise<Page<FormField>> {
  await findForm(deps.db, processId, formId);
  return pageOfFields(deps.db, formFields, eq(formFields.formId, formId), query, withLogic);
}

/** Adds a field at the end of a form, with no rule; a field appears at most once in a form (409). */
export async function addFormField(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  fieldId: string,
): Promise<FormField> {
  await findForm(deps.db, processId, formId);
  const [field] = await deps.db.select(fieldColumns).from(fields).where(eq(fields.id, fieldId));
  if (!field) throw notFound(m.fieldNotFound);
  const added = await deps.db
    .insert(formFields)
    .values({
      formId,
      fieldId,
      position: sql`(select coalesce(max(${formFields.position}) + 1, 0) from ${formFields} where ${formFields.formId} = ${formId})`,
    })
    .onConflictDoNothing()
    .returning({ logic: formFields.logic });
  if (added.length === 0) throw conflict(m.fieldAlreadyInForm);
  return presentFormField({ ...field, logic: added[0]!.logic });
}

/** The fields of a form in order, with their columns and rules, as the builder's checks read them. */
async function builderFields(tx: Db, formId: string): Promise<BuilderField[]> {
  const rows = await tx
    .select({ ...fieldColumns, logic: formFields.logic })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(eq(formFields.formId, formId))
    .orderBy(asc(formFields.position), asc(fields.id));
  return rows.map((row) => {
    const field = presentField(row);
    return {
      id: field.id,
      name: field.name,
      type: field.type,
      unit: field.unit,
      decimals: field.decimals,
      childFields: toCamelCaseKeys(field.child_fields) as LogicFieldDef[],
      logic: logicRules(row.logic),
    };
  });
}

/**
 * Whether an instance of the form answered the field: content, a Lista's row or a proof. Its rules
 * may change until then (issue 45 item 5, decision 020): an answer is never judged by a rule that
 * was not there when it was given.
 */
async function answeredInForm(tx: Db, formId: string, fieldId: string): Promise<boolean> {
  const [answered] = await tx
    .select({ id: fieldInstances.id })
    .from(fieldInstances)
    .innerJoin(formInstances, eq(formInstances.id, fieldInstances.formInstanceId))
    .where(
      and(
        eq(formInstances.formId, formId),
        eq(fieldInstances.fieldId, fieldId),
        isNull(fieldInstances.parentFieldInstanceId),
        or(
          isNotNull(fieldInstances.content),
          sql`exists (select 1 from ${fieldInstances} c where c.parent_field_instance_id = ${fieldInstances.id})`,
          sql`exists (select 1 from ${proofs} p where p.field_instance_id = ${fieldInstances.id})`,
        ),
      ),
    )
    .limit(1);
  return answered !== undefined;
}

/**
 * PUT …/form/{formId}/field/{fieldId}/logic: the field's rules in this form, checked against the
 * form's other fields (422 at the body's place of each problem) and refused (409) once an instance
 * answered it, unless they stay as they are.
 */
export async function saveFieldLogic(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  fieldId: string,
  logic: FieldLogic,
): Promise<FormField> {
  return deps.db.transaction(async (tx) => {
    await findForm(tx, processId, formId, { lock: true });
    const [link] = await tx
      .select({ ...fieldColumns, logic: formFields.logic })
      .from(formFields)
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(and(eq(formFields.formId, formId), eq(formFields.fieldId, fieldId)));
    if (!link) throw notFound(m.fieldNotInForm);
    if (isEqual(link.logic, logic)) return presentFormField(link);
    const proposed = (await builderFields(tx, formId)).map((field) =>
      field.id === fieldId ? { ...field, logic: logicRules(logic) } : field,
    );
    const problems = checkFieldLogic(proposed, fieldId);
    if (problems.length > 0)
      throw new AppError(
        422,
        problems.map((problem) => ({
          loc: ['body', ...problem.path],
          msg: problem.message,
          type: 'logic',
        })),
      );
    if (await answeredInForm(tx, formId, fieldId)) throw conflict(messages.logic.fieldAnswered);
    await tx
      .update(formFields)
      .set({ logic })
      .where(and(eq(formFields.formId, formId), eq(formFields.fieldId, fieldId)));
    return presentFormField({ ...link, logic });
  });
}

/**
 * Removes a field from a form, unless producers already answered it in this form or another
 * field's condition reads it.
 */
export async function removeFormField(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  fieldId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await findForm(tx, processId, formId, { lock: true });
    const dependents = dependentsOf(await builderFields(tx, formId), fieldId);
    if (dependents.length > 0)
      throw conflict(messages.logic.fieldHasDependents(dependents.map((field) => field.name)));
    const [answered] = await tx
      .select({ id: fieldInstances.id })
      .from(fieldInstances)
      .innerJoin(formInstances, eq(formInstances.id, fieldInstances.formInstanceId))
      .where(and(eq(formInstances.formId, formId), eq(fieldInstances.fieldId, fieldId)))
      .limit(1);
    if (answered) throw conflict(m.fieldHasAnswers);
    const removed = await tx
      .delete(formFields)
      .where(and(eq(formFields.formId, formId), eq(formFields.fieldId, fieldId)))
      .returning({ fieldId: formFields.fieldId });
    if (removed.length === 0) throw notFound(m.fieldNotInForm);
  });
}

export async function listProcessFields(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  query: FieldListQuery,
): Promise<Page<Field>> {
  await findProcess(deps.db, caller, processId);
  return pageOfFields(
    deps.db,
    processFields,
    eq(processFields.processId, processId),
    query,
    presentField,
  );
}

/**
 * Replaces the documents of a process with `ids`, in that order, in one transaction. A document
 * that producers already answered (in the "Documentos" form of an instance) cannot leave.
 */
export async function saveProcessFields(
  deps: AppDeps,
  caller: Caller,
  processId: string,
  ids: ProcessFieldsSaveBody,
): Promise<Field[]> {
  await deps.db.transaction(async (tx) => {
    await findProcess(tx, caller, processId, { lock: true });
    if (ids.length > 0) {
      const [found] = await tx
        .select({ total: count() })
        .from(fields)
        .where(inArray(fields.id, ids));
      if ((found?.total ?? 0) !== ids.length) throw badRequest(m.fieldsNotFound);
    }
    const current = await tx
      .select({ fieldId: processFields.fieldId })
      .from(processFields)
      .where(eq(processFields.processId, processId));
    const kept = new Set(ids);
    const removed = current.map((row) => row.fieldId).filter((id) => !kept.has(id));
    if (removed.length > 0) {
      const [answered] = await tx
        .select({ id: fieldInstances.id })
        .from(fieldInstances)
        .innerJoin(formInstances, eq(formInstances.id, fieldInstances.formInstanceId))
        .innerJoin(processInstances, eq(processInstances.id, formInstances.processInstanceId))
        .where(
          and(
            eq(processInstances.processId, processId),
            isNull(formInstances.formId),
            inArray(fieldInstances.fieldId, removed),
          ),
        )
        .limit(1);
      if (answered) throw conflict(m.documentHasAnswers);
    }
    await tx.delete(processFields).where(eq(processFields.processId, processId));
    if (ids.length > 0) {
      await tx
        .insert(processFields)
        .values(ids.map((fieldId, position) => ({ processId, fieldId, position })));
    }
  });
  const page = await pageOfFields(
    deps.db,
    processFields,
    eq(processFields.processId, processId),
    { limit: ids.length || 1, offset: 0, query: undefined },
    presentField,
  );
  return page.items;
}
