import {
  messages,
  type Field,
  type FieldListQuery,
  type FieldRegisterBody,
  type ProcessFieldsSaveBody,
} from '@agroselo/contracts';
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { matchesSearch, normalizeSearch } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { findForm, findProcess } from '../seals/queries';
import { fieldColumns, presentField } from './present';

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

async function pageOfFields(
  db: Db,
  link: typeof formFields | typeof processFields,
  owner: SQL,
  query: FieldListQuery,
): Promise<Page<Field>> {
  const where = and(owner, bySearch(query.query));
  const rows = await db
    .select({ ...fieldColumns, total: windowTotal() })
    .from(link)
    .innerJoin(fields, eq(fields.id, link.fieldId))
    .where(where)
    .orderBy(asc(link.position), asc(fields.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, presentField, {
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

export async function listFormFields(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  query: FieldListQuery,
): Promise<Page<Field>> {
  await findForm(deps.db, processId, formId);
  return pageOfFields(deps.db, formFields, eq(formFields.formId, formId), query);
}

/** Adds a field at the end of a form; a field appears at most once in a form (409). */
export async function addFormField(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  fieldId: string,
): Promise<Field> {
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
    .returning({ fieldId: formFields.fieldId });
  if (added.length === 0) throw conflict(m.fieldAlreadyInForm);
  return presentField(field);
}

/** Removes a field from a form, unless producers already answered it in this form. */
export async function removeFormField(
  deps: AppDeps,
  _caller: Caller,
  processId: string,
  formId: string,
  fieldId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await findForm(tx, processId, formId);
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
  return pageOfFields(deps.db, processFields, eq(processFields.processId, processId), query);
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
  const page = await pageOfFields(deps.db, processFields, eq(processFields.processId, processId), {
    limit: ids.length || 1,
    offset: 0,
    query: undefined,
  });
  return page.items;
}
