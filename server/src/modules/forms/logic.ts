import {
  evaluateForm,
  type EvaluateOptions,
  type FieldLogic,
  type FormEvaluation,
  type LogicCell,
  type LogicFieldInstance,
  type LogicFieldRules,
  type LogicForm,
  type LogicIssue,
  type ValidationIssue,
} from '@agroselo/contracts';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { toCamelCaseKeys } from 'es-toolkit';
import type { Db } from '../../db/client';
import { fieldInstances as fi, proofs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { saoPauloToday } from '../certificates/status';
import { readLogicJson } from './queries';

/**
 * The form's logic on the server (issue 45): the evaluator of contracts/ over the form instance
 * as the page holds it (the wire's keys camelCased, as the web client does), so both decide alike.
 */

/** The wire's rules (snake_case) as the evaluator and the builder's checks read them. */
export const logicRules = (logic: FieldLogic) => toCamelCaseKeys(logic) as LogicFieldRules;

/** An answer as the server holds it: whether a proof is attached to it too. */
type StoredCell = LogicCell & { proof: boolean };
type StoredField = Omit<LogicFieldInstance, 'childFieldInstances'> & {
  proof: boolean;
  carriedOver: boolean;
  childFieldInstances: StoredCell[];
};
/** A form instance as the evaluator reads it, with what its answers hold besides their content. */
export interface StoredForm extends LogicForm {
  fieldInstances: StoredField[];
}

/** The form instance `formInstanceId` as the evaluator reads it; empty when there is none. */
async function readLogicForm(db: Db, formInstanceId: string): Promise<StoredForm> {
  const json = await readLogicJson(db, formInstanceId);
  if (json === undefined || json === null) return { fieldInstances: [] };
  return toCamelCaseKeys(typeof json === 'string' ? JSON.parse(json) : json) as StoredForm;
}

/** The form instance's evaluation now, in São Paulo's day. */
export async function evaluateFormInstance(
  db: Db,
  formInstanceId: string,
  options: Omit<EvaluateOptions, 'today'> = {},
): Promise<{ form: StoredForm; evaluation: FormEvaluation }> {
  const form = await readLogicForm(db, formInstanceId);
  return { form, evaluation: evaluateForm(form, { ...options, today: saoPauloToday() }) };
}

/** Where a broken rule is told: at the change that broke it, else at the field instance. */
export type IssueLoc = (issue: LogicIssue) => (string | number)[];

/** Where a finish tells a broken rule: the field instance, and what of it (content, rows, sum). */
export const atFieldInstance: IssueLoc = (issue) => [
  'field_instances',
  issue.id,
  issue.type === 'total' ? 'total' : 'content',
];

export const logicIssues = (issues: readonly LogicIssue[], loc: IssueLoc): ValidationIssue[] =>
  issues.map((issue) => ({ loc: loc(issue), msg: issue.message, type: issue.type }));

/**
 * Answers that do not apply are not kept (issue 45): in the caller's transaction, a hidden field's
 * content is cleared (its version moves on, as any change) and it loses the mark of last season's
 * answer, a hidden Lista loses its rows, and hidden fields and cells lose their proofs; a statement
 * only for what there is to drop. Answers the storage keys of the proofs' files, to remove once the
 * transaction is done.
 */
export async function dropHidden(
  tx: Db,
  form: StoredForm,
  evaluation: FormEvaluation,
): Promise<string[]> {
  const hidden = (answer: { id: string }) => evaluation.hidden.has(answer.id);
  const fields = form.fieldInstances.filter(hidden);
  const answers = [
    ...fields,
    ...form.fieldInstances.flatMap((field) => field.childFieldInstances.filter(hidden)),
  ];
  const ids = (list: readonly { id: string }[]) => list.map((answer) => answer.id);
  const withProof = ids(answers.filter((answer) => answer.proof));
  const withRows = ids(fields.filter((field) => field.childFieldInstances.length > 0));
  const withContent = ids(answers.filter((answer) => answer.content !== null));
  const carried = ids(fields.filter((field) => field.carriedOver));
  const removed =
    withProof.length > 0
      ? await tx
          .delete(proofs)
          .where(inArray(proofs.fieldInstanceId, withProof))
          .returning({ key: proofs.storageKey })
      : [];
  if (withRows.length > 0) await tx.delete(fi).where(inArray(fi.parentFieldInstanceId, withRows));
  if (withContent.length > 0)
    await tx
      .update(fi)
      .set({ content: null, version: sql`${fi.version} + 1`, updatedAt: new Date() })
      .where(and(inArray(fi.id, withContent), isNotNull(fi.content)));
  if (carried.length > 0)
    await tx.update(fi).set({ carriedOver: false }).where(inArray(fi.id, carried));
  return removed.map((row) => row.key);
}

/** What a save sends as the text the evaluator reads (a JSON Sim/Não or number as written). */
const asText = (content: string | boolean | number | null) =>
  content === null ? null : String(content);

/**
 * A save's logic, in the caller's transaction before its writes: the evaluator reads the form
 * with the changes over it, as the page does with its edits. The rules the changes break answer
 * 422 (`loc` tells where each goes), nothing written; otherwise the evaluation tells what does not
 * apply, to write as nothing and drop once written.
 */
export async function checkChanges(
  tx: Db,
  formInstanceId: string,
  changes: readonly { id: string; content: string | boolean | number | null }[],
  loc: IssueLoc,
): Promise<{ form: StoredForm; evaluation: FormEvaluation }> {
  const proposed = new Map(changes.map((change) => [change.id, asText(change.content)]));
  const result = await evaluateFormInstance(tx, formInstanceId, {
    mode: 'save',
    only: new Set(proposed.keys()),
    answerOf: (id, stored) => (proposed.has(id) ? proposed.get(id)! : stored),
  });
  const { issues } = result.evaluation;
  if (issues.length === 0) return result;
  // As the save's other refusals: one entry per change in the order sent, a value not of its
  // field's type named by that type.
  const order = new Map([...proposed.keys()].map((id, at) => [id, at]));
  const rank = (issue: LogicIssue) => order.get(issue.id) ?? order.size;
  const types = new Map(
    result.form.fieldInstances.flatMap((instance) => [
      [instance.id, instance.field.type] as const,
      ...instance.childFieldInstances.map((cell) => [cell.id, cell.field.type] as const),
    ]),
  );
  throw new AppError(
    422,
    [...issues]
      .sort((a, b) => rank(a) - rank(b))
      .map((issue) => ({
        loc: loc(issue),
        msg: issue.message,
        type: issue.type === 'content' ? (types.get(issue.id) ?? issue.type) : issue.type,
      })),
  );
}
