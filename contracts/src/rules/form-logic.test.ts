import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_LOGIC, FieldLogicSchema } from '../form-logic';
import { messages } from '../messages';
import {
  DEFAULT_RULES,
  evaluateForm,
  matchesMask,
  type LogicFieldInstance,
  type LogicFieldRules,
  type LogicForm,
} from './form-logic';
import { answeredForm, formWithAnswers } from './form-logic-arbitraries';
import { checkFieldLogic, checkFormLogic, type BuilderField } from './form-logic-checks';

const m = messages.logic;
const TODAY = '2026-05-10';
const NONE: LogicFieldRules = { ...DEFAULT_RULES, columns: [], total: null };

/** A top-level field instance of the given type and rules, answered `content`. */
const field = (
  key: string,
  type: LogicFieldInstance['field']['type'],
  content: string | null,
  logic: Partial<LogicFieldRules> = {},
  extra: Partial<LogicFieldInstance['field']> = {},
): LogicFieldInstance => ({
  id: `i-${key}`,
  content,
  field: { id: key, name: key, type, ...extra },
  logic: { ...NONE, ...logic },
  childFieldInstances: [],
});

const showIf = (
  fieldId: string,
  op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'filled' | 'empty',
  value: number | boolean | null = null,
) => ({ showIf: { join: 'and' as const, conditions: [{ fieldId, op, value }] } });

const hiddenOf = (form: LogicForm) => [...evaluateForm(form).hidden].sort();

describe('conditions', () => {
  it('shows the fields of a Sim/Não only for the answer they ask for', () => {
    const form = (answer: string | null): LogicForm => ({
      fieldInstances: [
        field('uses', 'bool', answer),
        field('product', 'text', 'Clomazona', showIf('uses', 'eq', true)),
        field('why-not', 'text', null, showIf('uses', 'eq', false)),
      ],
    });
    expect(hiddenOf(form('true'))).toEqual(['i-why-not']);
    expect(hiddenOf(form('false'))).toEqual(['i-product']);
    expect(hiddenOf(form(null))).toEqual(['i-product', 'i-why-not']);
  });

  it('compares a number with each operator, and no comparison holds for an empty answer', () => {
    const cases = [
      ['eq', 10, true],
      ['ne', 10, false],
      ['lt', 10.5, true],
      ['le', 10, true],
      ['gt', 9.99, true],
      ['ge', 10.01, false],
    ] as const;
    for (const [op, value, shown] of cases) {
      const form: LogicForm = {
        fieldInstances: [
          field('area', 'number', '10'),
          field('detail', 'text', null, showIf('area', op, value)),
        ],
      };
      expect(hiddenOf(form), `${op} ${value}`).toEqual(shown ? [] : ['i-detail']);
      form.fieldInstances[0]!.content = null;
      expect(hiddenOf(form), `${op} ${value} on empty`).toEqual(['i-detail']);
    }
  });

  it('reads a text or a date as filled or empty', () => {
    const form = (content: string | null): LogicForm => ({
      fieldInstances: [
        field('prescription', 'text', content),
        field('when', 'date', null, showIf('prescription', 'filled')),
        field('reason', 'text', null, showIf('prescription', 'empty')),
      ],
    });
    expect(hiddenOf(form('RA 2026/0001'))).toEqual(['i-reason']);
    expect(hiddenOf(form('   '))).toEqual(['i-when']);
  });

  it('joins conditions with e (all) or ou (any)', () => {
    const form = (join: 'and' | 'or'): LogicForm => ({
      fieldInstances: [
        field('a', 'bool', 'true'),
        field('b', 'number', '3'),
        field('c', 'text', null, {
          showIf: {
            join,
            conditions: [
              { fieldId: 'a', op: 'eq', value: true },
              { fieldId: 'b', op: 'gt', value: 5 },
            ],
          },
        }),
      ],
    });
    expect(hiddenOf(form('and'))).toEqual(['i-c']);
    expect(hiddenOf(form('or'))).toEqual([]);
  });

  it('reads a hidden field as empty, so what depends on it hides too', () => {
    const form: LogicForm = {
      fieldInstances: [
        field('a', 'bool', 'false'),
        field('b', 'bool', 'true', showIf('a', 'eq', true)),
        field('c', 'text', 'x', showIf('b', 'eq', true)),
      ],
    };
    expect(hiddenOf(form)).toEqual(['i-b', 'i-c']);
  });

  it('hides every cell of a hidden Lista, and a cell whose earlier cell in the row says so', () => {
    const list: LogicFieldInstance = {
      id: 'i-plots',
      content: null,
      field: {
        id: 'plots',
        name: 'Talhões',
        type: 'form',
        childFields: [
          { id: 'irrigated', name: 'Irrigado', type: 'bool' },
          { id: 'blade', name: 'Lâmina', type: 'number', unit: 'cm', decimals: 1 },
        ],
      },
      logic: {
        ...NONE,
        ...showIf('rice', 'eq', true),
        columns: [{ ...DEFAULT_RULES, fieldId: 'blade', ...showIf('irrigated', 'eq', true) }],
      },
      childFieldInstances: [
        {
          id: 'c1',
          content: 'true',
          rowId: 'r1',
          field: { id: 'irrigated', name: 'Irrigado', type: 'bool' },
        },
        {
          id: 'c2',
          content: '10',
          rowId: 'r1',
          field: { id: 'blade', name: 'Lâmina', type: 'number' },
        },
        {
          id: 'c3',
          content: 'false',
          rowId: 'r2',
          field: { id: 'irrigated', name: 'Irrigado', type: 'bool' },
        },
        {
          id: 'c4',
          content: '12',
          rowId: 'r2',
          field: { id: 'blade', name: 'Lâmina', type: 'number' },
        },
      ],
    };
    const form = (rice: string): LogicForm => ({
      fieldInstances: [field('rice', 'bool', rice), list],
    });
    expect(hiddenOf(form('true'))).toEqual(['c4']);
    expect(hiddenOf(form('false'))).toEqual(['c1', 'c2', 'c3', 'c4', 'i-plots']);
  });
});

describe('rules', () => {
  const issuesOf = (
    instance: LogicFieldInstance,
    mode: 'save' | 'finish' = 'save',
  ): { type: string; message: string }[] =>
    evaluateForm({ fieldInstances: [instance] }, { mode, today: TODAY }).issues.map(
      ({ type, message }) => ({ type, message }),
    );

  it('checks a number against its minimum and maximum, with the unit, or the own message', () => {
    const area = (content: string, message: string | null = null) =>
      field(
        'area',
        'number',
        content,
        { min: 0.5, max: 500, message },
        { unit: 'ha', decimals: 2 },
      );
    expect(issuesOf(area('500'))).toEqual([]);
    expect(issuesOf(area('1050.5'))).toEqual([{ type: 'max', message: m.max('500 ha') }]);
    expect(issuesOf(area('0.25'))).toEqual([{ type: 'min', message: m.min('0,5 ha') }]);
    expect(issuesOf(area('501', 'A área não pode passar de 500 ha'))).toEqual([
      { type: 'max', message: 'A área não pode passar de 500 ha' },
    ]);
    expect(issuesOf(area('1O5'))).toEqual([
      { type: 'content', message: messages.forms.numberInvalid },
    ]);
    expect(issuesOf(area('1.255'))).toEqual([
      { type: 'content', message: messages.forms.numberDecimals(2) },
    ]);
  });

  it('refuses a future day and a day not after the one given', () => {
    const day = (content: string) =>
      field('sowing', 'date', content, { notFuture: true, after: '2025-09-01' });
    expect(issuesOf(day(TODAY))).toEqual([]);
    expect(issuesOf(day('2026-05-11'))).toEqual([{ type: 'not_future', message: m.future }]);
    expect(issuesOf(day('2025-09-01'))).toEqual([
      { type: 'after', message: m.after('01/09/2025') },
    ]);
    // A date-time counts by its day in São Paulo: 02:00 UTC on the 11th is still the 10th there.
    const moment = field('at', 'datetime', '2026-05-11T02:00:00.000Z', { notFuture: true });
    expect(issuesOf(moment)).toEqual([]);
  });

  it('checks a text by its length and format, the format with its own message', () => {
    const prescription = (content: string) =>
      field('rx', 'text', content, {
        minLength: 4,
        maxLength: 12,
        pattern: '9999/9999',
        patternMessage: 'Informe o receituário no formato 0000/2026',
      });
    expect(issuesOf(prescription('0147/2026'))).toEqual([]);
    expect(issuesOf(prescription(' 0147/2026 '))).toEqual([]);
    expect(issuesOf(prescription('147'))).toEqual([
      { type: 'min_length', message: m.minLength(4) },
    ]);
    expect(issuesOf(prescription('RA 0147/2026'))).toEqual([
      { type: 'pattern', message: 'Informe o receituário no formato 0000/2026' },
    ]);
  });

  it('asks for what is required only on finishing, with the own message if any', () => {
    const answer = field('cultivar', 'text', null, { required: true });
    expect(issuesOf(answer, 'save')).toEqual([]);
    expect(issuesOf(answer, 'finish')).toEqual([{ type: 'required', message: m.required }]);
    const own = field('cultivar', 'text', '', {
      required: true,
      requiredMessage: 'Qual cultivar?',
    });
    expect(issuesOf(own, 'finish')).toEqual([{ type: 'required', message: 'Qual cultivar?' }]);
  });

  it('checks only what a save changes, and a Lista total with any of its cells', () => {
    const form: LogicForm = {
      fieldInstances: [
        field('a', 'number', '20', { max: 10 }),
        field('b', 'number', '30', { max: 10 }),
      ],
    };
    const only = evaluateForm(form, { mode: 'save', only: new Set(['i-b']) });
    expect(only.issues.map((issue) => issue.id)).toEqual(['i-b']);
  });
});

describe('a Lista total', () => {
  const plots = (areas: (string | null)[], total: LogicFieldRules['total']): LogicForm => ({
    riceAreaHa: 10,
    fieldInstances: [
      {
        id: 'i-plots',
        content: null,
        field: {
          id: 'plots',
          name: 'Talhões',
          type: 'form',
          childFields: [{ id: 'area', name: 'Área', type: 'number', unit: 'ha', decimals: 2 }],
        },
        logic: { ...NONE, total },
        childFieldInstances: areas.map((content, index) => ({
          id: `c${index}`,
          content,
          rowId: `r${index}`,
          field: { id: 'area', name: 'Área', type: 'number', unit: 'ha', decimals: 2 },
        })),
      },
    ],
  });

  it('sums the visible numbers of its column exactly', () => {
    const total = { fieldId: 'area', max: null, maxRiceArea: false, message: null };
    const evaluation = evaluateForm(plots(['0.1', '0.2', null], total));
    expect(evaluation.totals.get('i-plots')).toBe(0.3);
  });

  it('is refused above the rice area enrolled or its own maximum, on its Lista', () => {
    const total = { fieldId: 'area', max: 12, maxRiceArea: true, message: null };
    const over = evaluateForm(plots(['6', '4.5'], total), { mode: 'save' });
    expect(over.issues).toEqual([
      { id: 'i-plots', type: 'total', message: m.totalRiceArea('Área', '10,5 ha', '10 ha') },
    ]);
    const under = evaluateForm(plots(['6', '4'], total), { mode: 'save' });
    expect(under.issues).toEqual([]);
    const ownMax = evaluateForm(plots(['6', '4'], { ...total, max: 8 }), { mode: 'finish' });
    expect(ownMax.issues[0]?.message).toBe(m.total('Área', '10 ha', '8 ha'));
  });
});

describe('matchesMask', () => {
  it('takes 9 for a digit, A for a letter, * for either, and the rest as written', () => {
    expect(matchesMask('9999/9999', '0147/2026')).toBe(true);
    expect(matchesMask('9999/9999', '147/2026')).toBe(false);
    expect(matchesMask('AA-99', 'R1-12')).toBe(false);
    expect(matchesMask('AA-99', 'Ré-12')).toBe(true);
    expect(matchesMask('**', 'a1')).toBe(true);
    expect(matchesMask('**', 'a-')).toBe(false);
  });
});

describe('the builder checks', () => {
  const def = (
    id: string,
    type: BuilderField['type'],
    logic: Partial<LogicFieldRules> = {},
  ): BuilderField => ({
    id,
    name: id,
    type,
    childFields: [],
    logic: { ...NONE, ...logic },
  });

  it('refuses a condition on a later field, on itself as a cycle, and on another form', () => {
    const fields = [
      def('a', 'bool', showIf('b', 'eq', true)),
      def('b', 'bool', showIf('a', 'eq', true)),
      def('c', 'text', showIf('elsewhere', 'filled')),
      def('d', 'text', showIf('e', 'filled')),
      def('e', 'text'),
    ];
    expect(checkFieldLogic(fields, 'a')).toEqual([
      { path: ['show_if'], message: m.conditionCycle(['a', 'b', 'a']) },
    ]);
    expect(checkFieldLogic(fields, 'c')).toEqual([
      { path: ['show_if', 'conditions', 0, 'field_id'], message: m.conditionNotInForm },
    ]);
    expect(checkFieldLogic(fields, 'd')).toEqual([
      { path: ['show_if', 'conditions', 0, 'field_id'], message: m.conditionLater },
    ]);
  });

  it('refuses a comparison the type cannot make, and rules of another type', () => {
    const fields = [
      def('uses', 'bool'),
      def('area', 'number'),
      def('name', 'text'),
      def('x', 'text', {
        showIf: {
          join: 'and',
          conditions: [
            { fieldId: 'uses', op: 'gt', value: 1 },
            { fieldId: 'area', op: 'eq', value: true },
            { fieldId: 'name', op: 'eq', value: 3 },
          ],
        },
        min: 3,
        notFuture: true,
      }),
    ];
    expect(checkFieldLogic(fields, 'x')).toEqual([
      { path: ['show_if', 'conditions', 0, 'value'], message: m.conditionBool },
      { path: ['show_if', 'conditions', 1, 'value'], message: m.conditionNumber },
      { path: ['show_if', 'conditions', 2, 'value'], message: m.conditionFilledOnly('Texto') },
      { path: ['min'], message: m.ruleType('O mínimo', 'Texto') },
      { path: ['not_future'], message: m.ruleType('"Não pode ser futura"', 'Texto') },
    ]);
  });

  it('keeps a Lista column to earlier columns of its row, and a total to a Número column', () => {
    const list: BuilderField = {
      id: 'plots',
      name: 'Talhões',
      type: 'form',
      childFields: [
        { id: 'name', name: 'Nome', type: 'text' },
        { id: 'area', name: 'Área', type: 'number' },
      ],
      logic: {
        ...NONE,
        columns: [{ ...DEFAULT_RULES, fieldId: 'name', ...showIf('area', 'gt', 1) }],
        total: { fieldId: 'name', max: 3, maxRiceArea: false, message: null },
      },
    };
    expect(checkFieldLogic([list], 'plots')).toEqual([
      {
        path: ['columns', 0, 'show_if', 'conditions', 0, 'field_id'],
        message: m.columnConditionLater,
      },
      { path: ['total', 'field_id'], message: m.totalNeedsNumber },
    ]);
  });
});

describe('the wire defaults', () => {
  it('DEFAULT_FIELD_LOGIC is what an empty body means', () => {
    expect(FieldLogicSchema.parse({})).toEqual(DEFAULT_FIELD_LOGIC);
  });
});

/** The answers of a form with hidden ones dropped, as the server keeps them after a save. */
function dropHidden(form: LogicForm, hidden: ReadonlySet<string>): LogicForm {
  return {
    ...form,
    fieldInstances: form.fieldInstances.map((instance) => ({
      ...instance,
      content: hidden.has(instance.id) ? null : instance.content,
      childFieldInstances: hidden.has(instance.id)
        ? []
        : instance.childFieldInstances.map((cell) => ({
            ...cell,
            content: hidden.has(cell.id) ? null : cell.content,
          })),
    })),
  };
}

const everyAnswer = (form: LogicForm) =>
  form.fieldInstances.flatMap((instance) => [instance, ...instance.childFieldInstances]);

describe('properties over random forms and answers', () => {
  it('the builder accepts every form whose conditions read earlier fields only', () => {
    fc.assert(
      fc.property(formWithAnswers, ({ fields }) => {
        expect(checkFormLogic(fields)).toEqual(new Map());
      }),
    );
  });

  it('a rule that reads a field not before it is always refused', () => {
    fc.assert(
      fc.property(formWithAnswers, fc.nat(), fc.nat(), ({ fields }, from, to) => {
        const source = fields[from % fields.length]!;
        const target = fields[to % fields.length]!;
        const targetIndex = fields.indexOf(target);
        const sourceIndex = fields.indexOf(source);
        fc.pre(targetIndex >= sourceIndex);
        const changed = fields.map((item) =>
          item === source
            ? { ...item, logic: { ...item.logic, ...showIf(target.id, 'filled') } }
            : item,
        );
        expect(checkFieldLogic(changed, source.id).length).toBeGreaterThan(0);
      }),
    );
  });

  it('a hidden field is never required nor refused, and a visible required empty one always is', () => {
    fc.assert(
      fc.property(formWithAnswers, ({ form }) => {
        const evaluation = evaluateForm(form, { mode: 'finish', today: TODAY });
        for (const issue of evaluation.issues) expect(evaluation.hidden.has(issue.id)).toBe(false);
        for (const instance of form.fieldInstances) {
          const visibleEmpty =
            !evaluation.hidden.has(instance.id) &&
            instance.field.type !== 'form' &&
            (instance.content ?? '').trim() === '';
          if (visibleEmpty && instance.logic?.required)
            expect(evaluation.issues).toContainEqual(
              expect.objectContaining({ id: instance.id, type: 'required' }),
            );
        }
      }),
    );
  });

  it('dropping hidden answers changes neither what shows nor what is refused', () => {
    fc.assert(
      fc.property(formWithAnswers, ({ form }) => {
        const before = evaluateForm(form, { mode: 'finish', today: TODAY });
        const kept = dropHidden(form, before.hidden);
        const after = evaluateForm(kept, { mode: 'finish', today: TODAY });
        expect(after.issues).toEqual(before.issues);
        for (const answer of everyAnswer(kept)) {
          if (after.hidden.has(answer.id)) expect(answer.content).toBeNull();
          expect(after.hidden.has(answer.id)).toBe(before.hidden.has(answer.id));
        }
      }),
    );
  });

  it('a later answer never changes whether an earlier field shows', () => {
    fc.assert(
      fc.property(formWithAnswers, fc.nat(), ({ form }, at) => {
        const index = at % form.fieldInstances.length;
        const changed: LogicForm = {
          ...form,
          fieldInstances: form.fieldInstances.map((instance, position) =>
            position === index ? { ...instance, content: instance.content ? null : '1' } : instance,
          ),
        };
        const before = evaluateForm(form).hidden;
        const after = evaluateForm(changed).hidden;
        for (const instance of form.fieldInstances.slice(0, index + 1))
          expect(after.has(instance.id)).toBe(before.has(instance.id));
      }),
    );
  });

  it("the page's edits over stored answers and the server's stored edits evaluate alike", () => {
    // The page holds the server's form and the producer's edits; after the save, the server
    // holds those edits as its content.
    const edited = formWithAnswers.chain(({ fields, form }) =>
      answeredForm(fields).map((saved) => ({ form, saved })),
    );
    fc.assert(
      fc.property(edited, ({ form, saved }) => {
        const edits = new Map(everyAnswer(saved).map((answer) => [answer.id, answer.content]));
        const page = { ...form, riceAreaHa: saved.riceAreaHa };
        const options = { mode: 'finish' as const, today: TODAY };
        const onPage = evaluateForm(
          {
            ...page,
            // The rows are the server's: a row added or deleted is a call of its own.
            fieldInstances: page.fieldInstances.map((instance, index) => ({
              ...instance,
              childFieldInstances: saved.fieldInstances[index]!.childFieldInstances.map((cell) => ({
                ...cell,
                content: null,
              })),
            })),
          },
          { ...options, answerOf: (id) => edits.get(id) ?? null },
        );
        expect(onPage).toEqual(evaluateForm(saved, options));
      }),
    );
  });

  it('checking only some answers finds exactly their part of every issue', () => {
    fc.assert(
      fc.property(formWithAnswers, fc.nat(), ({ form }, at) => {
        const answers = everyAnswer(form);
        const picked = answers[at % answers.length]!;
        const all = evaluateForm(form, { mode: 'save', today: TODAY }).issues;
        const some = evaluateForm(form, {
          mode: 'save',
          today: TODAY,
          only: new Set([picked.id]),
        }).issues;
        for (const issue of some) expect(all).toContainEqual(issue);
        for (const issue of all.filter((item) => item.id === picked.id))
          expect(some).toContainEqual(issue);
      }),
    );
  });
});
