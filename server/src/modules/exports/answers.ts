import {
  DEFAULT_FIELD_LOGIC,
  evaluateForm,
  formatCnpj,
  instanceStatus,
  messages,
  parseNumber,
  type FieldType,
  type LogicCell,
  type LogicFieldRules,
} from '@agroselo/contracts';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  fieldChildren,
  fieldInstances as fi,
  fields,
  formFields,
  formInstances,
  forms,
  processFields,
  processInstances as i,
  processes,
  proofs,
  properties,
  stamps,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { logicRules } from '../forms/logic';
import { keysetBatches } from './batches';
import { INSTANCE_STATUS_LABELS } from './lists';
import type { Cell, Column, ColumnKind, Sheet } from './table';

const parent = alias(fi, 'parent');

interface FieldDef {
  id: string;
  name: string;
  type: FieldType;
  proof: boolean;
  unit: string | null;
  decimals: number | null;
}

/** A form of the process, or its 'Documentos' (formId null) built from the process's own fields. */
interface FormDef {
  formId: string | null;
  name: string;
  fields: (FieldDef & { logic: LogicFieldRules })[];
  /** The columns of each Lista field, by its id. */
  columns: Map<string, FieldDef[]>;
}

const KINDS: Record<FieldType, ColumnKind> = {
  text: 'text',
  date: 'date',
  datetime: 'datetime',
  bool: 'text',
  number: 'number',
  form: 'number',
};

/** What a cell of a field that does not apply to the request (issue 45) says. */
const NOT_APPLICABLE = messages.logic.notApplicable;

/** A stored answer as a cell: Sim/Não, a number, a day, an instant or the text. */
function answerCell(type: FieldType, content: string | null): Cell {
  if (content === null || content === '') return null;
  if (type === 'bool') return content === 'true';
  if (type === 'number') return parseNumber(content) ?? content;
  if (type === 'datetime') {
    const at = new Date(content);
    return Number.isNaN(at.getTime()) ? content : at;
  }
  return content;
}

/** The columns a field takes: its answer (a number's with its unit), and the proof's file name. */
function fieldColumns(field: FieldDef): Column[] {
  const answer: Column = {
    header:
      field.type === 'form'
        ? `${field.name} (linhas)`
        : field.unit
          ? `${field.name} (${field.unit})`
          : field.name,
    kind: KINDS[field.type],
    width: 18,
  };
  return field.proof ? [answer, { header: `Comprovante: ${field.name}`, width: 24 }] : [answer];
}

/** Whether a form's rules hide anything at all: only then are its answers evaluated. */
const hasConditions = (form: FormDef) =>
  form.fields.some(
    (field) =>
      field.logic.showIf !== null || field.logic.columns.some((column) => column.showIf !== null),
  );

/**
 * What does not apply in one form instance (issue 45): the evaluator over its answers (fields by
 * their definition's id) and, when given, one Lista's cells.
 */
function hiddenIn(
  form: FormDef,
  answers: ReadonlyMap<string, string | null>,
  cells: { listId: string; cells: LogicCell[] } | null = null,
): Set<string> {
  return evaluateForm({
    fieldInstances: form.fields.map((field) => ({
      id: field.id,
      content: answers.get(field.id) ?? null,
      field: { ...field, childFields: form.columns.get(field.id) ?? [] },
      logic: field.logic,
      childFieldInstances: cells?.listId === field.id ? cells.cells : [],
    })),
  }).hidden;
}

const KEY_COLUMNS: Column[] = [
  { header: 'Pedido', width: 38 },
  { header: 'Propriedade', width: 30 },
  { header: 'CNPJ', width: 20 },
];

/** The forms of the process and their fields, in the builder's order: a few small queries. */
async function formDefs(db: Db, processId: string): Promise<FormDef[]> {
  const fieldColumnsOf = {
    id: fields.id,
    name: fields.name,
    type: fields.type,
    proof: fields.proof,
    unit: fields.unit,
    decimals: fields.decimals,
  };
  const [formRows, formFieldRows, documentRows] = await Promise.all([
    db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(eq(forms.processId, processId))
      .orderBy(asc(forms.position), asc(forms.createdAt)),
    db
      .select({ formId: formFields.formId, logic: formFields.logic, ...fieldColumnsOf })
      .from(formFields)
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .where(eq(forms.processId, processId))
      .orderBy(asc(formFields.position)),
    db
      .select(fieldColumnsOf)
      .from(processFields)
      .innerJoin(fields, eq(fields.id, processFields.fieldId))
      .where(eq(processFields.processId, processId))
      .orderBy(asc(processFields.position)),
  ]);
  const listIds = [...formFieldRows, ...documentRows]
    .filter((field) => field.type === 'form')
    .map((field) => field.id);
  const childRows = listIds.length
    ? await db
        .select({ parentId: fieldChildren.parentFieldId, ...fieldColumnsOf })
        .from(fieldChildren)
        .innerJoin(fields, eq(fields.id, fieldChildren.childFieldId))
        .where(inArray(fieldChildren.parentFieldId, listIds))
        .orderBy(asc(fieldChildren.position))
    : [];
  const columns = new Map<string, FieldDef[]>();
  for (const { parentId, ...child } of childRows)
    columns.set(parentId, [...(columns.get(parentId) ?? []), child]);
  const defs: FormDef[] = formRows.map((form) => ({
    formId: form.id,
    name: form.name,
    fields: formFieldRows
      .filter((row) => row.formId === form.id)
      .map(({ logic, ...field }) => ({ ...field, logic: logicRules(logic) })),
    columns,
  }));
  const noRules = logicRules(DEFAULT_FIELD_LOGIC);
  if (documentRows.length > 0)
    defs.unshift({
      formId: null,
      name: 'Documentos',
      fields: documentRows.map((field) => ({ ...field, logic: noRules })),
      columns,
    });
  return defs;
}

/** A batch of the form instances of one form of the process, with their request and farm. */
const readFormInstances = (
  db: Db,
  processId: string,
  formId: string | null,
  after: string | null,
  limit: number,
) =>
  db
    .select({
      id: formInstances.id,
      commited: formInstances.commited,
      instance: {
        id: i.id,
        finished: i.finished,
        rejected: i.rejected,
        initiated: i.initiated,
        technicianId: i.technicianId,
      },
      property: { businessName: properties.businessName, cnpj: properties.cnpj },
    })
    .from(formInstances)
    .innerJoin(i, eq(i.id, formInstances.processInstanceId))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .where(
      and(
        eq(i.processId, processId),
        formId === null ? isNull(formInstances.formId) : eq(formInstances.formId, formId),
        after ? gt(formInstances.id, after) : undefined,
      ),
    )
    .orderBy(asc(formInstances.id))
    .limit(limit);
type FormInstanceRow = Awaited<ReturnType<typeof readFormInstances>>[number];

const formInstanceBatches = (db: Db, processId: string, formId: string | null) =>
  keysetBatches(
    (after: string | null, limit) => readFormInstances(db, processId, formId, after, limit),
    (row) => row.id,
  );

/**
 * The answers of a batch of form instances that `scope` picks (the plain fields, or one Lista's
 * cells), with the proof's file name and, for a Lista field, its number of rows; one query a batch.
 */
const answersOf = (db: Db, formInstanceIds: string[], scope: SQL) =>
  db
    .select({
      formInstanceId: fi.formInstanceId,
      rowId: fi.rowId,
      fieldId: fi.fieldId,
      content: fi.content,
      filename: proofs.filename,
      // Counted only for a Lista: a correlated count on each of the hundreds of thousands of
      // plain answers would read the index once per cell for a zero.
      rows: sql<number>`case when ${fields.type} = 'form' then (select count(distinct c.row_id) from ${fi} c where c.parent_field_instance_id = ${fi.id}) else 0 end`.mapWith(
        Number,
      ),
    })
    .from(fi)
    .innerJoin(fields, eq(fields.id, fi.fieldId))
    .leftJoin(proofs, eq(proofs.fieldInstanceId, fi.id))
    .leftJoin(parent, eq(parent.id, fi.parentFieldInstanceId))
    .where(and(inArray(fi.formInstanceId, formInstanceIds), scope))
    // Row ids are UUIDv7: a Lista's rows come in the order they were added.
    .orderBy(asc(fi.formInstanceId), asc(fi.rowId));

/** A batch's top-level answers by form instance, then by their field's id. */
function contentsByInstance(
  answers: readonly { formInstanceId: string; fieldId: string; content: string | null }[],
): Map<string, Map<string, string | null>> {
  const byInstance = new Map<string, Map<string, string | null>>();
  for (const answer of answers) {
    const contents = byInstance.get(answer.formInstanceId) ?? new Map<string, string | null>();
    contents.set(answer.fieldId, answer.content);
    byInstance.set(answer.formInstanceId, contents);
  }
  return byInstance;
}

const keyCells = (row: FormInstanceRow): Cell[] => [
  row.instance.id,
  row.property.businessName,
  formatCnpj(row.property.cnpj),
];

/** One row per form instance: the request, its state, then each field's answer. */
function formSheet(db: Db, processId: string, form: FormDef): Sheet {
  return {
    name: form.name,
    columns: [
      ...KEY_COLUMNS,
      { header: 'Situação do pedido', width: 20 },
      { header: 'Formulário finalizado' },
      ...form.fields.flatMap(fieldColumns),
    ],
    async *rows() {
      for await (const batch of formInstanceBatches(db, processId, form.formId)) {
        const answers = await answersOf(
          db,
          batch.map((row) => row.id),
          isNull(fi.parentFieldInstanceId),
        );
        const byKey = new Map(answers.map((a) => [`${a.formInstanceId}:${a.fieldId}`, a]));
        const contents = hasConditions(form) ? contentsByInstance(answers) : null;
        yield batch.map((row) => {
          const hidden = contents
            ? hiddenIn(form, contents.get(row.id) ?? new Map())
            : new Set<string>();
          return [
            ...keyCells(row),
            INSTANCE_STATUS_LABELS[
              instanceStatus({ ...row.instance, hasTechnician: row.instance.technicianId !== null })
            ],
            row.commited,
            ...form.fields.flatMap((field) => {
              if (hidden.has(field.id))
                return field.proof ? [NOT_APPLICABLE, NOT_APPLICABLE] : [NOT_APPLICABLE];
              const answer = byKey.get(`${row.id}:${field.id}`);
              const value =
                field.type === 'form'
                  ? (answer?.rows ?? 0)
                  : answerCell(field.type, answer?.content ?? null);
              return field.proof ? [value, answer?.filename ?? null] : [value];
            }),
          ];
        });
      }
    },
  };
}

/** One row per row of a Lista, keyed to its form's row by the request (Pedido) and numbered. */
function listSheet(db: Db, processId: string, form: FormDef, list: FieldDef): Sheet {
  const columns = form.columns.get(list.id) ?? [];
  return {
    name: `${form.name} - ${list.name}`,
    columns: [
      ...KEY_COLUMNS,
      { header: 'Linha', kind: 'number' },
      ...columns.flatMap(fieldColumns),
    ],
    async *rows() {
      for await (const batch of formInstanceBatches(db, processId, form.formId)) {
        const ids = batch.map((row) => row.id);
        const cells = await answersOf(db, ids, eq(parent.fieldId, list.id));
        const contents = hasConditions(form)
          ? contentsByInstance(await answersOf(db, ids, isNull(fi.parentFieldInstanceId)))
          : null;
        // Ordered by form instance and row: grouped as they come, in that order.
        const grouped = new Map<string, Map<string, Map<string, (typeof cells)[number]>>>();
        for (const cell of cells) {
          const form = grouped.get(cell.formInstanceId) ?? new Map();
          grouped.set(cell.formInstanceId, form);
          const row = form.get(cell.rowId ?? '') ?? new Map();
          form.set(cell.rowId ?? '', row);
          row.set(cell.fieldId, cell);
        }
        const rows: Cell[][] = [];
        for (const row of batch) {
          const listRows = [...(grouped.get(row.id)?.entries() ?? [])];
          // A Lista that does not apply lists no rows; a cell that does not apply says so.
          const hidden = contents
            ? hiddenIn(form, contents.get(row.id) ?? new Map(), {
                listId: list.id,
                cells: listRows.flatMap(([rowId, byField]) =>
                  [...byField.values()].map((cell) => ({
                    id: `${rowId}:${cell.fieldId}`,
                    content: cell.content,
                    rowId,
                    field: columns.find((column) => column.id === cell.fieldId)!,
                  })),
                ),
              })
            : new Set<string>();
          if (hidden.has(list.id)) continue;
          let number = 0;
          for (const [rowId, byField] of listRows) {
            number += 1;
            rows.push([
              ...keyCells(row),
              number,
              ...columns.flatMap((column) => {
                if (hidden.has(`${rowId}:${column.id}`))
                  return column.proof ? [NOT_APPLICABLE, NOT_APPLICABLE] : [NOT_APPLICABLE];
                const cell = byField.get(column.id);
                const value = answerCell(column.type, cell?.content ?? null);
                return column.proof ? [value, cell?.filename ?? null] : [value];
              }),
            ]);
          }
        }
        yield rows;
      }
    },
  };
}

/** GET /api/export/process/{processId}/answers.xlsx: a sheet per form, then one per Lista. */
export async function answerSheets(
  db: Db,
  processId: string,
): Promise<{ sheets: Sheet[]; filename: string }> {
  const [process] = await db
    .select({ id: processes.id, seal: stamps.name })
    .from(processes)
    .innerJoin(stamps, eq(stamps.processId, processes.id))
    .where(eq(processes.id, processId));
  if (!process) throw notFound(messages.seals.processNotFound);
  const defs = await formDefs(db, processId);
  const sheets = defs.flatMap((form) => [
    formSheet(db, processId, form),
    ...form.fields
      .filter((field) => field.type === 'form')
      .map((list) => listSheet(db, processId, form, list)),
  ]);
  // A workbook needs a sheet: a process without forms gets an empty one.
  const empty: Sheet = { name: 'Respostas', columns: KEY_COLUMNS, rows: async function* () {} };
  return {
    sheets: sheets.length > 0 ? sheets : [empty],
    filename: `respostas-${process.seal}.xlsx`,
  };
}
