import fc from 'fast-check';
import type { FieldType } from '../constants';
import type { BuilderField } from './form-logic-checks';
import type {
  LogicCondition,
  LogicFieldDef,
  LogicFieldInstance,
  LogicFieldRules,
  LogicForm,
  LogicRules,
} from './form-logic';

/**
 * Random forms, rules and answers for the property tests of the evaluator (form-logic.test.ts):
 * test code only, never exported by the index.
 */

const PLAIN_TYPES = ['text', 'number', 'bool', 'date', 'datetime'] as const;
type PlainType = (typeof PLAIN_TYPES)[number];

const id = (prefix: string, index: number) =>
  `0190${prefix}-0000-7000-8000-${String(index).padStart(12, '0')}`;

/** A definition of `type`; a Número with a unit and 0–2 decimals. */
const definition = (prefix: string, index: number, type: FieldType): LogicFieldDef => ({
  id: id(prefix, index),
  name: `Campo ${prefix}${index}`,
  type,
  ...(type === 'number' ? { unit: 'ha', decimals: index % 3 } : {}),
});

/** A condition that fits a field of `type` (the builder's checks accept it). */
const conditionOn = (target: LogicFieldDef): fc.Arbitrary<LogicCondition> => {
  const filledOrEmpty = fc.constantFrom('filled' as const, 'empty' as const).map((op) => ({
    fieldId: target.id,
    op,
    value: null,
  }));
  if (target.type === 'bool')
    return fc.oneof(
      filledOrEmpty,
      fc.record({
        fieldId: fc.constant(target.id),
        op: fc.constantFrom('eq' as const, 'ne' as const),
        value: fc.boolean(),
      }),
    );
  if (target.type === 'number')
    return fc.oneof(
      filledOrEmpty,
      fc.record({
        fieldId: fc.constant(target.id),
        op: fc.constantFrom(
          'eq' as const,
          'ne' as const,
          'lt' as const,
          'le' as const,
          'gt' as const,
          'ge' as const,
        ),
        value: fc.integer({ min: -2, max: 12 }),
      }),
    );
  return filledOrEmpty;
};

/** Rules that fit a field of `type`, conditions reading only `earlier` (plain fields). */
const rulesFor = (type: FieldType, earlier: readonly LogicFieldDef[]): fc.Arbitrary<LogicRules> => {
  const showIf =
    earlier.length === 0
      ? fc.constant(null)
      : fc.option(
          fc.record({
            join: fc.constantFrom('and' as const, 'or' as const),
            conditions: fc.array(
              fc.constantFrom(...earlier).chain((target) => conditionOn(target)),
              { minLength: 1, maxLength: 3 },
            ),
          }),
          { freq: 2 },
        );
  const limit = fc.option(fc.integer({ min: 0, max: 10 }), { freq: 2 });
  return fc
    .record({
      required: fc.boolean(),
      requiredMessage: fc.option(fc.constant('Responda, por favor')),
      showIf,
      min: type === 'number' ? limit : fc.constant(null),
      max: type === 'number' ? limit : fc.constant(null),
      notFuture: type === 'date' || type === 'datetime' ? fc.boolean() : fc.constant(false),
      after:
        type === 'date' || type === 'datetime'
          ? fc.option(fc.constantFrom('2026-01-01', '2026-06-30'))
          : fc.constant(null),
      minLength: type === 'text' ? fc.option(fc.integer({ min: 0, max: 4 })) : fc.constant(null),
      maxLength: type === 'text' ? fc.option(fc.integer({ min: 4, max: 8 })) : fc.constant(null),
      pattern:
        type === 'text' ? fc.option(fc.constantFrom('9999/9999', 'AA-99')) : fc.constant(null),
      patternMessage: fc.option(fc.constant('Informe no formato 0000/2026')),
      message: fc.option(fc.constant('Valor fora da regra')),
    })
    .map((rules) => ({
      ...rules,
      min: rules.min !== null && rules.max !== null ? Math.min(rules.min, rules.max) : rules.min,
      max: rules.min !== null && rules.max !== null ? Math.max(rules.min, rules.max) : rules.max,
    }));
};

/** A form of 1–8 fields in order, Listas of 1–3 columns among them, with rules the builder accepts. */
const builderForm: fc.Arbitrary<BuilderField[]> = fc
  .array(fc.constantFrom<FieldType>(...PLAIN_TYPES, 'form'), { minLength: 1, maxLength: 8 })
  .chain((types) => {
    const defs = types.map((type, index) => definition('a', index, type));
    const columnsOf = types.map((type, index) =>
      type === 'form'
        ? [0, 1, 2].map((column) =>
            definition(`c${index}`, column, PLAIN_TYPES[(index + column) % PLAIN_TYPES.length]!),
          )
        : [],
    );
    return fc.tuple(
      ...defs.map((def, index) => {
        const earlier = defs.slice(0, index).filter((item) => item.type !== 'form');
        const columns = columnsOf[index]!;
        const columnRules = fc.tuple(
          ...columns.map((column, at) =>
            rulesFor(column.type, columns.slice(0, at)).map((rules) => ({
              ...rules,
              fieldId: column.id,
            })),
          ),
        );
        const numbers = columns.filter((column) => column.type === 'number');
        const total =
          numbers.length === 0
            ? fc.constant(null)
            : fc.option(
                fc.record({
                  fieldId: fc.constant(numbers[0]!.id),
                  max: fc.option(fc.integer({ min: 0, max: 20 })),
                  maxRiceArea: fc.boolean(),
                  message: fc.option(fc.constant('Soma acima do limite')),
                }),
              );
        return fc
          .tuple(rulesFor(def.type, earlier), columnRules, total)
          .map(([rules, columns_, total_]): BuilderField => ({
            ...def,
            childFields: columns,
            logic: { ...rules, columns: columns_, total: total_ } satisfies LogicFieldRules,
          }));
      }),
    );
  });

/** An answer a field of `type` may hold as stored (null: unanswered). */
const answerOf = (type: PlainType): fc.Arbitrary<string | null> => {
  const value: Record<PlainType, fc.Arbitrary<string>> = {
    text: fc.constantFrom('', 'IRGA 424', '2026/0147', 'RA-12', 'x'.repeat(9)),
    number: fc.integer({ min: -3, max: 14 }).map(String),
    bool: fc.constantFrom('true', 'false'),
    date: fc.constantFrom('2025-12-31', '2026-03-15', '2026-08-01', '2099-01-01'),
    datetime: fc.constantFrom('2026-03-15T12:00:00.000Z', '2099-01-01T03:00:00.000Z'),
  };
  return fc.option(value[type], { freq: 4 });
};

/** The form `fields` answered at random, as the page and the server read it. */
export const answeredForm = (fields: readonly BuilderField[]): fc.Arbitrary<LogicForm> =>
  fc
    .record({
      riceAreaHa: fc.option(fc.integer({ min: 1, max: 20 })),
      fieldInstances: fc.tuple(
        ...fields.map((field, index) =>
          field.type === 'form'
            ? fc
                .array(
                  fc.tuple(
                    ...field.childFields.map((column) => answerOf(column.type as PlainType)),
                  ),
                  {
                    maxLength: 3,
                  },
                )
                .map((rows): LogicFieldInstance => ({
                  id: id('f', index),
                  content: null,
                  field,
                  logic: field.logic,
                  childFieldInstances: rows.flatMap((row, at) =>
                    row.map((content, column) => ({
                      id: id(`r${index}`, at * 10 + column),
                      content,
                      rowId: id(`w${index}`, at),
                      field: field.childFields[column]!,
                    })),
                  ),
                }))
            : answerOf(field.type as PlainType).map((content): LogicFieldInstance => ({
                id: id('f', index),
                content,
                field,
                logic: field.logic,
                childFieldInstances: [],
              })),
        ),
      ),
    })
    .map((form) => ({ ...form, fieldInstances: [...form.fieldInstances] }));

/** A form and its answers. */
export const formWithAnswers = builderForm.chain((fields) =>
  answeredForm(fields).map((form) => ({ fields, form })),
);
