import { toSaoPauloDay, type FieldType } from '../constants';
import { messages } from '../messages';
import { checkFieldContent } from './field-content';
import { parseNumber, withUnit } from './numbers';

/**
 * The one evaluator of a form's logic (issue 45): which fields apply given the answers, and what
 * the answers break. The form page runs it as the producer types, the server on every save and
 * finish, the exports and the PDF to tell "não se aplica" from unanswered. Pure and without zod,
 * so the form page loads it with no validation library.
 *
 * It reads the form as the web client holds it (the wire's FormInstance with camelCase keys); the
 * server converts its own answer the same way before calling it.
 */

const m = messages.logic;

export const CONDITION_OPS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'filled', 'empty'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = {
  eq: '=',
  ne: '≠',
  lt: '<',
  le: '≤',
  gt: '>',
  ge: '≥',
  filled: 'preenchido',
  empty: 'vazio',
};

export interface LogicCondition {
  fieldId: string;
  op: ConditionOp;
  /** Sim/Não: true or false; Número: a number; null for 'preenchido' and 'vazio'. */
  value: number | boolean | null;
}
/** 'Mostrar somente se': every condition ('and', e) or any of them ('or', ou). */
export interface LogicShowIf {
  join: 'and' | 'or';
  conditions: LogicCondition[];
}

/** The rules of a field (or of a Lista's column) in a form; null or false: no such rule. */
export interface LogicRules {
  required: boolean;
  requiredMessage: string | null;
  showIf: LogicShowIf | null;
  /** Número: the smallest and largest value, both allowed. */
  min: number | null;
  max: number | null;
  /** Data, Data/Hora: not after today (São Paulo). */
  notFuture: boolean;
  /** Data, Data/Hora: strictly after this day (YYYY-MM-DD). */
  after: string | null;
  /** Texto: its length, and a mask (9 a digit, A a letter, * either; the rest as written). */
  minLength: number | null;
  maxLength: number | null;
  pattern: string | null;
  patternMessage: string | null;
  /** What every broken rule but the pattern and the requirement says; a default when null. */
  message: string | null;
}
export interface LogicColumnRules extends LogicRules {
  fieldId: string;
}
/** A Lista's sum of a Número column, with its limit: a number, the rice area enrolled, or both. */
export interface LogicTotal {
  fieldId: string;
  max: number | null;
  maxRiceArea: boolean;
  message: string | null;
}
export interface LogicFieldRules extends LogicRules {
  /** A Lista's columns' rules (conditions on earlier columns of the same row). */
  columns: LogicColumnRules[];
  total: LogicTotal | null;
}

export const DEFAULT_RULES: LogicRules = {
  required: false,
  requiredMessage: null,
  showIf: null,
  min: null,
  max: null,
  notFuture: false,
  after: null,
  minLength: null,
  maxLength: null,
  pattern: null,
  patternMessage: null,
  message: null,
};

/** What the evaluator reads of a field's definition. */
export interface LogicFieldDef {
  id: string;
  name: string;
  type: FieldType;
  unit?: string | null;
  decimals?: number | null;
}
export interface LogicCell {
  id: string;
  content: string | null;
  rowId: string | null;
  field: LogicFieldDef;
}
export interface LogicFieldInstance {
  id: string;
  content: string | null;
  field: LogicFieldDef & { childFields?: readonly LogicFieldDef[] };
  /** The form's rules of the field; none (a 'Documentos' field) is no rule at all. */
  logic?: LogicFieldRules | null;
  childFieldInstances: readonly LogicCell[];
}
export interface LogicForm {
  /** The hectares of rice the request enrolled, for a Lista's total compared with it. */
  riceAreaHa?: number | null;
  fieldInstances: readonly LogicFieldInstance[];
}

export type LogicIssueType =
  | 'content'
  | 'required'
  | 'min'
  | 'max'
  | 'not_future'
  | 'after'
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'total';

/** A broken rule: of a field instance (a field or a cell), or of a Lista ('required', 'total'). */
export interface LogicIssue {
  id: string;
  message: string;
  type: LogicIssueType;
}

export interface EvaluateOptions {
  /** What is checked: a save checks the rules of the answers given; a finish also what is required. */
  mode?: 'save' | 'finish';
  /** São Paulo's day (YYYY-MM-DD), for 'não pode ser futura'. */
  today?: string;
  /**
   * The answer of a field instance now, given its stored content: the page's edits, the changes
   * a save brings. The stored content when left out.
   */
  answerOf?: (id: string, stored: string | null) => string | null;
  /** Only these field instances are checked (a save's changes); a Lista's total with its cells. */
  only?: ReadonlySet<string>;
}

export interface FormEvaluation {
  /** Field instances that do not apply: hidden fields, every cell of a hidden Lista, hidden cells. */
  hidden: Set<string>;
  /** Each Lista's total (by its field instance), when its rules sum a column. */
  totals: Map<string, number>;
  issues: LogicIssue[];
}

/** A mask: 9 a digit, A a letter, * a letter or digit; any other character stands for itself. */
export function matchesMask(mask: string, value: string): boolean {
  const chars = [...value];
  const slots = [...mask];
  if (chars.length !== slots.length) return false;
  return slots.every((slot, index) => {
    const char = chars[index]!;
    if (slot === '9') return /^\d$/.test(char);
    if (slot === 'A') return /^\p{L}$/u.test(char);
    if (slot === '*') return /^[\p{L}\d]$/u.test(char);
    return char === slot;
  });
}

const filled = (value: string | null): value is string => value !== null && value.trim() !== '';

/** Whether a condition holds for the answer `value` of a field of `type` (null when not applicable). */
function holds(condition: LogicCondition, type: FieldType, value: string | null): boolean {
  if (condition.op === 'filled') return filled(value);
  if (condition.op === 'empty') return !filled(value);
  if (!filled(value)) return false;
  if (type === 'bool') {
    if (typeof condition.value !== 'boolean') return false;
    const same = value.trim() === String(condition.value);
    return condition.op === 'eq' ? same : condition.op === 'ne' ? !same : false;
  }
  if (type !== 'number' || typeof condition.value !== 'number') return false;
  const number = parseNumber(value);
  if (number === null) return false;
  switch (condition.op) {
    case 'eq':
      return number === condition.value;
    case 'ne':
      return number !== condition.value;
    case 'lt':
      return number < condition.value;
    case 'le':
      return number <= condition.value;
    case 'gt':
      return number > condition.value;
    case 'ge':
      return number >= condition.value;
  }
}

/**
 * An answer the conditions of later fields may read: its type and its value as stored ('true', a
 * plain decimal), null when hidden or not a value of its type.
 */
interface Known {
  type: FieldType;
  value: string | null;
}

const knownAs = (field: LogicFieldDef, visible: boolean, value: string | null): Known => {
  const stored = visible ? checkFieldContent(field.type, value, field) : null;
  return { type: field.type, value: stored?.ok ? stored.value : null };
};

/** Whether 'Mostrar somente se' lets a field show, given what the earlier fields hold. */
function shows(showIf: LogicShowIf | null, known: ReadonlyMap<string, Known>): boolean {
  if (!showIf || showIf.conditions.length === 0) return true;
  const results = showIf.conditions.map((condition) => {
    const answer = known.get(condition.fieldId);
    return answer ? holds(condition, answer.type, answer.value) : holds(condition, 'text', null);
  });
  return showIf.join === 'or' ? results.some(Boolean) : results.every(Boolean);
}

const dayOf = (type: FieldType, value: string) =>
  type === 'datetime' ? toSaoPauloDay(value.trim()) : value.trim();
const brazilianDay = (day: string) => day.split('-').reverse().join('/');

/** The first rule the answer `value` of a visible field breaks, if any. */
function brokenRule(
  field: LogicFieldDef,
  rules: LogicRules,
  value: string | null,
  mode: 'save' | 'finish',
  today: string | undefined,
): Omit<LogicIssue, 'id'> | null {
  if (!filled(value)) {
    return mode === 'finish' && rules.required && field.type !== 'form'
      ? { type: 'required', message: rules.requiredMessage ?? m.required }
      : null;
  }
  const content = checkFieldContent(field.type, value, field);
  if (!content.ok) return { type: 'content', message: content.message };
  const stored = content.value ?? '';
  const own = (type: LogicIssueType, fallback: string) => ({
    type,
    message: rules.message ?? fallback,
  });
  switch (field.type) {
    case 'number': {
      const number = parseNumber(stored)!;
      const shown = (limit: number) => withUnit(limit, field.unit, field.decimals ?? undefined);
      if (rules.min !== null && number < rules.min) return own('min', m.min(shown(rules.min)));
      if (rules.max !== null && number > rules.max) return own('max', m.max(shown(rules.max)));
      return null;
    }
    case 'date':
    case 'datetime': {
      const day = dayOf(field.type, stored);
      if (!day) return null;
      if (rules.notFuture && today && day > today) return own('not_future', m.future);
      if (rules.after && day <= rules.after)
        return own('after', m.after(brazilianDay(rules.after)));
      return null;
    }
    case 'text': {
      const length = stored.length;
      if (rules.minLength !== null && length < rules.minLength)
        return own('min_length', m.minLength(rules.minLength));
      if (rules.maxLength !== null && length > rules.maxLength)
        return own('max_length', m.maxLength(rules.maxLength));
      if (rules.pattern && !matchesMask(rules.pattern, stored.trim()))
        return { type: 'pattern', message: rules.patternMessage ?? m.pattern(rules.pattern) };
      return null;
    }
    default:
      return null;
  }
}

/** A Lista's cells row by row (rows in the order given, cells keyed by their column). */
function rowsOf(cells: readonly LogicCell[]): Map<string, LogicCell>[] {
  const rows = new Map<string, Map<string, LogicCell>>();
  for (const cell of cells) {
    const key = cell.rowId ?? cell.id;
    const row = rows.get(key) ?? new Map<string, LogicCell>();
    row.set(cell.field.id, cell);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Sums in ten-thousandths, the finest a 'Número' holds, so 0,1 + 0,2 is 0,3 exactly. */
const SCALE = 10_000;

/** What evaluating one form gathers, and how it reads and checks each answer. */
interface Evaluation extends FormEvaluation {
  options: EvaluateOptions;
  riceAreaHa: number | null;
  valueOf(id: string, stored: string | null): string | null;
  /** Whether the answer `id` is checked now: a mode is given, and `only` (if any) names it. */
  checked(id: string): boolean;
  check(id: string, field: LogicFieldDef, rules: LogicRules, value: string | null): void;
}

/** A visible Lista: its cells row by row (a cell reads the earlier cells of its row), its total. */
function evaluateList(list: LogicFieldInstance, rules: LogicFieldRules | null, run: Evaluation) {
  const { mode, only } = run.options;
  const own = run.valueOf(list.id, list.content);
  if (filled(own) && run.checked(list.id))
    run.issues.push({ id: list.id, type: 'content', message: messages.forms.listHasNoContent });
  const columnRules = new Map((rules?.columns ?? []).map((column) => [column.fieldId, column]));
  const order = (list.field.childFields ?? []).map((column) => column.id);
  const rows = rowsOf(list.childFieldInstances);
  const total = rules?.total ?? null;
  let sum = 0;
  let touched = false;
  for (const row of rows) {
    const inRow = new Map<string, Known>();
    const cells = [...row.values()].sort(
      (a, b) => order.indexOf(a.field.id) - order.indexOf(b.field.id),
    );
    for (const cell of cells) {
      const cellRules = columnRules.get(cell.field.id) ?? DEFAULT_RULES;
      const value = run.valueOf(cell.id, cell.content);
      const visible = shows(cellRules.showIf, inRow);
      inRow.set(cell.field.id, knownAs(cell.field, visible, value));
      if (!visible) {
        run.hidden.add(cell.id);
        continue;
      }
      run.check(cell.id, cell.field, cellRules, value);
      if (only?.has(cell.id)) touched = true;
      if (total && cell.field.id === total.fieldId && filled(value)) {
        const number = parseNumber(value);
        if (number !== null) sum += Math.round(number * SCALE);
      }
    }
  }
  if (mode === 'finish' && rules?.required && rows.length === 0 && run.checked(list.id))
    run.issues.push({
      id: list.id,
      type: 'required',
      message: rules.requiredMessage ?? m.requiredList,
    });
  if (!total) return;
  const value = sum / SCALE;
  run.totals.set(list.id, value);
  // A save checks the total when it changes a cell of the Lista.
  if (!mode || (only && !touched && !only.has(list.id))) return;
  const area = total.maxRiceArea ? run.riceAreaHa : null;
  const limits = [total.max, area].filter((limit): limit is number => limit !== null);
  if (limits.length === 0 || value <= Math.min(...limits)) return;
  const limit = Math.min(...limits);
  const column = list.field.childFields?.find((item) => item.id === total.fieldId);
  const sumText = withUnit(value, column?.unit);
  const name = column?.name ?? '';
  run.issues.push({
    id: list.id,
    type: 'total',
    message:
      total.message ??
      (area !== null && limit === area
        ? m.totalRiceArea(name, sumText, withUnit(area, 'ha'))
        : m.total(name, sumText, withUnit(limit, column?.unit))),
  });
}

/**
 * Evaluates the form: which field instances do not apply, each Lista's total and, with a `mode`,
 * the broken rules. Fields are read in their order and a condition reads only what came before
 * (a hidden field reads as empty), so the result never depends on a later field.
 */
export function evaluateForm(form: LogicForm, options: EvaluateOptions = {}): FormEvaluation {
  const { mode, today, only, answerOf } = options;
  const run: Evaluation = {
    options,
    riceAreaHa: form.riceAreaHa ?? null,
    hidden: new Set(),
    totals: new Map(),
    issues: [],
    valueOf: (id, stored) => (answerOf ? answerOf(id, stored) : stored),
    checked: (id) => mode !== undefined && (!only || only.has(id)),
    check(id, field, rules, value) {
      if (!mode || !run.checked(id)) return;
      const broken = brokenRule(field, rules, value, mode, today);
      if (broken) run.issues.push({ id, ...broken });
    },
  };
  const known = new Map<string, Known>();
  for (const instance of form.fieldInstances) {
    const rules = instance.logic ?? null;
    const visible = shows(rules?.showIf ?? null, known);
    if (instance.field.type === 'form' && visible) {
      evaluateList(instance, rules, run);
      continue;
    }
    if (instance.field.type === 'form') {
      run.hidden.add(instance.id);
      for (const cell of instance.childFieldInstances) run.hidden.add(cell.id);
      continue;
    }
    const value = run.valueOf(instance.id, instance.content);
    known.set(instance.field.id, knownAs(instance.field, visible, value));
    if (visible) run.check(instance.id, instance.field, rules ?? DEFAULT_RULES, value);
    else run.hidden.add(instance.id);
  }
  return { hidden: run.hidden, totals: run.totals, issues: run.issues };
}
