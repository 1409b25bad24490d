import {
  evaluateForm,
  type EvaluateOptions,
  type FieldLogic,
  type FormEvaluation,
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

/** The form instance `formInstanceId` as the evaluator reads it; null when there is none. */
export async function readLogicForm(db: Db, formInstanceId: string): Promise<LogicForm | null> {
  const json = await readLogicJson(db, formInstanceId);
  if (json === undefined || json === null) return null;
  return toCamelCaseKeys(typeof json === 'string' ? JSON.parse(json) : json) as LogicForm;
}

/** The form instance's evaluation now, in São Paulo's day. */
export async function evaluateFormInstance(
  db: Db,
  formInstanceId: string,
  options: Omit<EvaluateOptions, 'today'> = {},
): Promise<{ form: LogicForm; evaluation: FormEvaluation }> {
  const form = (await readLogicForm(db, formInstanceId)) ?? { fieldInstances: [] };
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
 * answer, a hidden Lista loses its rows, and hidden fields and cells lose their proofs. Answers
 * the storage keys of the proofs' files, to remove once the transaction is done.
 */
export async function dropHidden(
  tx: Db,
  form: LogicForm,
  evaluation: FormEvaluation,
): Promise<string[]> {
  const hidden = [...evaluation.hidden];
  if (hidden.length === 0) return [];
  const removed = await tx
    .delete(proofs)
    .where(inArray(proofs.fieldInstanceId, hidden))
    .returning({ key: proofs.storageKey });
  const lists = form.fieldInstances
    .filter(
      (instance) => evaluation.hidden.has(instance.id) && instance.childFieldInstances.length > 0,
    )
    .map((instance) => instance.id);
  if (lists.length > 0) await tx.delete(fi).where(inArray(fi.parentFieldInstanceId, lists));
  await tx
    .update(fi)
    .set({ content: null, version: sql`${fi.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(fi.id, hidden), isNotNull(fi.content)));
  await tx
    .update(fi)
    .set({ carriedOver: false })
    .where(and(inArray(fi.id, hidden), sql`${fi.carriedOver}`));
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
): Promise<{ form: LogicForm; evaluation: FormEvaluation }> {
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
  const order = [...proposed.keys()];
  const rank = (issue: LogicIssue) => {
    const at = order.indexOf(issue.id);
    return at === -1 ? order.length : at;
  };
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
