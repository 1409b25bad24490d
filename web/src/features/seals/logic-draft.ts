import {
  DEFAULT_RULES,
  parseNumber,
  type ConditionOp,
  type FieldType,
  type LogicColumnRules,
  type LogicFieldRules,
  type LogicRules,
  type LogicTotal,
} from '@agroselo/contracts';

/**
 * The rules of a field as the builder's modal edits them: texts as typed (numbers with a decimal
 * comma), turned back into the wire's rules on saving. Errors are keyed by the wire's path
 * ('show_if.conditions.0.value'), as the server's 422 and the contracts' checks name them.
 */

export interface ConditionDraft {
  fieldId: string | null;
  op: ConditionOp | null;
  /** 'true'/'false' for a Sim/Não, a number as typed, '' otherwise. */
  value: string;
}

export interface RulesDraft {
  required: boolean;
  requiredMessage: string;
  showIf: { join: 'and' | 'or'; conditions: ConditionDraft[] } | null;
  min: string;
  max: string;
  notFuture: boolean;
  after: string | null;
  minLength: string;
  maxLength: string;
  pattern: string;
  patternMessage: string;
  message: string;
}

export interface TotalDraft {
  fieldId: string | null;
  max: string;
  maxRiceArea: boolean;
  message: string;
}

export interface LogicDraft extends RulesDraft {
  columns: (RulesDraft & { fieldId: string })[];
  total: TotalDraft | null;
}

const numberText = (value: number | null) =>
  value === null ? '' : String(value).replace('.', ',');

function rulesDraft(rules: LogicRules): RulesDraft {
  return {
    required: rules.required,
    requiredMessage: rules.requiredMessage ?? '',
    showIf: rules.showIf && {
      join: rules.showIf.join,
      conditions: rules.showIf.conditions.map((condition) => ({
        fieldId: condition.fieldId,
        op: condition.op,
        value:
          typeof condition.value === 'boolean'
            ? String(condition.value)
            : numberText(condition.value),
      })),
    },
    min: numberText(rules.min),
    max: numberText(rules.max),
    notFuture: rules.notFuture,
    after: rules.after,
    minLength: rules.minLength === null ? '' : String(rules.minLength),
    maxLength: rules.maxLength === null ? '' : String(rules.maxLength),
    pattern: rules.pattern ?? '',
    patternMessage: rules.patternMessage ?? '',
    message: rules.message ?? '',
  };
}

/** The modal's draft of a field's rules in the form, each column of a Lista with its own. */
export function logicDraft(logic: LogicFieldRules, columns: readonly string[]): LogicDraft {
  const byColumn = new Map(logic.columns.map((rules) => [rules.fieldId, rules]));
  return {
    ...rulesDraft(logic),
    columns: columns.map((fieldId) => ({
      fieldId,
      ...rulesDraft(byColumn.get(fieldId) ?? DEFAULT_RULES),
    })),
    total: logic.total && {
      fieldId: logic.total.fieldId,
      max: numberText(logic.total.max),
      maxRiceArea: logic.total.maxRiceArea,
      message: logic.total.message ?? '',
    },
  };
}

export const NUMBER_REQUIRED = 'Informe um número, como 12,5';
export const WHOLE_REQUIRED = 'Informe um número inteiro';
const CHOOSE_FIELD = 'Escolha o campo';
const CHOOSE_OP = 'Escolha a comparação';

/** The rules a draft says, and what of it cannot be read (by the wire's path). */
export function rulesOf(
  draft: LogicDraft,
  typeOf: (fieldId: string) => FieldType | undefined,
): {
  logic: LogicFieldRules;
  errors: Record<string, string>;
  draftPath: (path: string) => string;
} {
  const errors: Record<string, string> = {};
  const text = (value: string) => (value.trim() ? value.trim() : null);
  const number = (value: string, path: string, whole = false): number | null => {
    if (!value.trim()) return null;
    const parsed = parseNumber(value);
    if (parsed === null || (whole && !Number.isInteger(parsed)))
      errors[path] = whole ? WHOLE_REQUIRED : NUMBER_REQUIRED;
    return parsed;
  };
  const rules = (rule: RulesDraft, prefix: string): LogicRules => ({
    required: rule.required,
    requiredMessage: text(rule.requiredMessage),
    showIf: rule.showIf && {
      join: rule.showIf.join,
      conditions: rule.showIf.conditions.map((condition, index) => {
        const path = `${prefix}show_if.conditions.${index}`;
        if (!condition.fieldId) errors[`${path}.field_id`] = CHOOSE_FIELD;
        else if (!condition.op) errors[`${path}.op`] = CHOOSE_OP;
        const compared = condition.op !== 'filled' && condition.op !== 'empty';
        const type = condition.fieldId ? typeOf(condition.fieldId) : undefined;
        const value = !compared
          ? null
          : type === 'bool'
            ? condition.value === 'true'
              ? true
              : condition.value === 'false'
                ? false
                : null
            : number(condition.value, `${path}.value`);
        return { fieldId: condition.fieldId ?? '', op: condition.op ?? 'filled', value };
      }),
    },
    min: number(rule.min, `${prefix}min`),
    max: number(rule.max, `${prefix}max`),
    notFuture: rule.notFuture,
    after: rule.after,
    minLength: number(rule.minLength, `${prefix}min_length`, true),
    maxLength: number(rule.maxLength, `${prefix}max_length`, true),
    pattern: text(rule.pattern),
    patternMessage: text(rule.patternMessage),
    message: text(rule.message),
  });
  const columns: LogicColumnRules[] = draft.columns.map((column, index) => ({
    ...rules(column, `columns.${index}.`),
    fieldId: column.fieldId,
  }));
  const total: LogicTotal | null = draft.total && {
    fieldId: draft.total.fieldId ?? '',
    max: number(draft.total.max, 'total.max'),
    maxRiceArea: draft.total.maxRiceArea,
    message: text(draft.total.message),
  };
  if (draft.total && !draft.total.fieldId) errors['total.field_id'] = CHOOSE_FIELD;
  // Only the columns with a rule are sent: a field's rules read back as they were stored.
  const sent = columns.flatMap((column, index) => (hasRule(column) ? [index] : []));
  return {
    logic: { ...rules(draft, ''), columns: sent.map((index) => columns[index]!), total },
    errors,
    /** For a path of the rules sent (the server's, the checks'), the draft's. */
    draftPath: (path: string) =>
      path.replace(/^columns\.(\d+)/, (_, index: string) => `columns.${sent[Number(index)]}`),
  };
}

const hasRule = (rules: LogicRules) =>
  (Object.keys(DEFAULT_RULES) as (keyof LogicRules)[]).some(
    (key) => rules[key] !== DEFAULT_RULES[key],
  );
