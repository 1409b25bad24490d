import { FIELD_TYPE_LABELS, type FieldType } from '../constants';
import { messages } from '../messages';
import type {
  LogicCondition,
  LogicFieldDef,
  LogicFieldRules,
  LogicRules,
  LogicShowIf,
} from './form-logic';

/**
 * The builder's checks of a form's logic ('Gerenciar Campos'): a condition reads an earlier field
 * of the same form (an earlier column of the same row, in a Lista) with a comparison its type
 * allows, no conditions run in a cycle, and each rule fits its field's type. The server refuses
 * what fails (422, each problem at its place in the body); the builder shows the same messages.
 */

const m = messages.logic;

/** A field of the form as the builder holds it, in the form's order. */
export interface BuilderField extends LogicFieldDef {
  childFields: readonly LogicFieldDef[];
  logic: LogicFieldRules;
}

/** A problem of one field's logic, at its path in the wire's body (snake_case). */
export interface LogicProblem {
  path: (string | number)[];
  message: string;
}

const label = (type: FieldType) => FIELD_TYPE_LABELS[type];

/** Whether `condition` compares a field of `type` as that type allows; the problem if not. */
function comparisonProblem(condition: LogicCondition, type: FieldType): string | null {
  if (type === 'form') return m.conditionOnList;
  if (condition.op === 'filled' || condition.op === 'empty') return null;
  if (type === 'bool')
    return (condition.op === 'eq' || condition.op === 'ne') && typeof condition.value === 'boolean'
      ? null
      : m.conditionBool;
  if (type === 'number') return typeof condition.value === 'number' ? null : m.conditionNumber;
  return m.conditionFilledOnly(label(type));
}

/**
 * The path of conditions from `start` back to itself, if its conditions (followed through the
 * other fields' conditions) lead there: the names of the fields on the way.
 */
function cycleFrom(start: string, fields: readonly BuilderField[]): string[] | null {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const seen = new Set<string>();
  const walk = (id: string, path: string[]): string[] | null => {
    for (const condition of byId.get(id)?.logic.showIf?.conditions ?? []) {
      const next = byId.get(condition.fieldId);
      if (!next) continue;
      if (next.id === start) return [...path, next.name];
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      const found = walk(next.id, [...path, next.name]);
      if (found) return found;
    }
    return null;
  };
  const first = byId.get(start);
  return first ? walk(start, [first.name]) : null;
}

/** Conditions of a field at `index` among `siblings` (the form's fields, or a Lista's columns). */
function conditionProblems(
  showIf: LogicShowIf | null,
  index: number,
  siblings: readonly LogicFieldDef[],
  later: string,
  missing: string,
): LogicProblem[] {
  return (showIf?.conditions ?? []).flatMap((condition, at) => {
    const target = siblings.findIndex((field) => field.id === condition.fieldId);
    const path = ['show_if', 'conditions', at];
    if (target === -1) return [{ path: [...path, 'field_id'], message: missing }];
    if (target >= index) return [{ path: [...path, 'field_id'], message: later }];
    const problem = comparisonProblem(condition, siblings[target]!.type);
    return problem ? [{ path: [...path, 'value'], message: problem }] : [];
  });
}

/** The rules that do not fit a field of `type`, and limits given the wrong way round. */
function ruleProblems(rules: LogicRules, type: FieldType): LogicProblem[] {
  const problems: LogicProblem[] = [];
  const only = (key: string, given: boolean, types: readonly FieldType[], rule: string) => {
    if (given && !types.includes(type))
      problems.push({ path: [key], message: m.ruleType(rule, label(type)) });
  };
  only('min', rules.min !== null, ['number'], 'O mínimo');
  only('max', rules.max !== null, ['number'], 'O máximo');
  only('not_future', rules.notFuture, ['date', 'datetime'], '"Não pode ser futura"');
  only('after', rules.after !== null, ['date', 'datetime'], '"Depois de"');
  only('min_length', rules.minLength !== null, ['text'], 'O mínimo de caracteres');
  only('max_length', rules.maxLength !== null, ['text'], 'O máximo de caracteres');
  only('pattern', rules.pattern !== null, ['text'], 'O formato');
  if (rules.min !== null && rules.max !== null && rules.min > rules.max)
    problems.push({ path: ['min'], message: m.minAboveMax });
  if (rules.minLength !== null && rules.maxLength !== null && rules.minLength > rules.maxLength)
    problems.push({ path: ['min_length'], message: m.minAboveMax });
  return problems;
}

/** The problems of the logic of field `fieldId` in the form `fields` (none: it may be saved). */
export function checkFieldLogic(fields: readonly BuilderField[], fieldId: string): LogicProblem[] {
  const index = fields.findIndex((field) => field.id === fieldId);
  const field = fields[index];
  if (!field) return [];
  const { logic } = field;
  const cycle = cycleFrom(fieldId, fields);
  const problems: LogicProblem[] = cycle
    ? [{ path: ['show_if'], message: m.conditionCycle(cycle) }]
    : conditionProblems(logic.showIf, index, fields, m.conditionLater, m.conditionNotInForm);
  problems.push(...ruleProblems(logic, field.type));

  if (field.type !== 'form') {
    if (logic.columns.length > 0) problems.push({ path: ['columns'], message: m.onlyListColumns });
    if (logic.total) problems.push({ path: ['total'], message: m.onlyListTotal });
    return problems;
  }
  const columns = field.childFields;
  const seen = new Set<string>();
  logic.columns.forEach((rules, at) => {
    const path = ['columns', at];
    const column = columns.findIndex((item) => item.id === rules.fieldId);
    if (column === -1) {
      problems.push({ path: [...path, 'field_id'], message: m.columnNotInList });
      return;
    }
    if (seen.has(rules.fieldId))
      problems.push({ path: [...path, 'field_id'], message: m.repeatedColumn });
    seen.add(rules.fieldId);
    const inRow = conditionProblems(
      rules.showIf,
      column,
      columns,
      m.columnConditionLater,
      m.columnNotInList,
    );
    for (const problem of [...inRow, ...ruleProblems(rules, columns[column]!.type)])
      problems.push({ ...problem, path: [...path, ...problem.path] });
  });
  if (logic.total) {
    const column = columns.find((item) => item.id === logic.total?.fieldId);
    if (!column || column.type !== 'number')
      problems.push({ path: ['total', 'field_id'], message: m.totalNeedsNumber });
  }
  return problems;
}

/** Every field's problems, keyed by field id (a form whose map is empty is consistent). */
export function checkFormLogic(fields: readonly BuilderField[]): Map<string, LogicProblem[]> {
  const found = new Map<string, LogicProblem[]>();
  for (const field of fields) {
    const problems = checkFieldLogic(fields, field.id);
    if (problems.length > 0) found.set(field.id, problems);
  }
  return found;
}

/** The fields of the form whose conditions read `fieldId` (it cannot leave the form before them). */
export const dependentsOf = (fields: readonly BuilderField[], fieldId: string): BuilderField[] =>
  fields.filter((field) =>
    field.logic.showIf?.conditions.some((condition) => condition.fieldId === fieldId),
  );
