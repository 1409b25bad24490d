import {
  DEFAULT_FIELD_LOGIC,
  evaluateForm,
  FormFieldSchema,
  FormInstanceSchema,
  messages,
  type FieldLogicInput,
  type FormInstance,
  type LogicForm,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { toCamelCaseKeys } from 'es-toolkit';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldInstances, formFields, forms, processInstances, proofs } from '../../src/db/schema';
import {
  createField,
  createForm,
  createProperty,
  createSeal,
  createUser,
  fillFormFields,
  startedInstance,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { newId } from '../../src/lib/ids';
import { saoPauloToday } from '../../src/modules/certificates/status';
import { PDF } from '../support/files';
import { pdfText } from '../support/pdf-text';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

const m = messages.logic;
const AREA_MESSAGE = 'A área cultivada não pode passar de 500 ha';
const PRESCRIPTION_MESSAGE = 'Informe o receituário no formato 0000/2026';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let farm: PropertyRow;

/** The library of the form these tests fill (issue 45's example: 'Usa agrotóxicos? Se sim: …'). */
let library: Record<
  'uses' | 'product' | 'prescription' | 'receipt' | 'dose' | 'area' | 'sowing' | 'plots',
  string
> & { plotName: string; plotArea: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  owner = await createUser(t.db, { role: 'owner' });
  farm = await createProperty(t.db, { owner });
  const field = (name: string, values: Parameters<typeof createField>[1] = {}) =>
    createField(t.db, { name, ...values }).then((row) => row.id);
  const plotName = await field('Talhão');
  const plotArea = await field('Área do talhão', { type: 'number', unit: 'ha', decimals: 2 });
  library = {
    uses: await field('Aplica defensivos', { type: 'bool' }),
    product: await field('Produto aplicado'),
    prescription: await field('Receituário agronômico'),
    receipt: await field('Receituário anexado', { type: 'bool', proof: true }),
    dose: await field('Dose', { type: 'number', unit: 'L/ha', decimals: 2 }),
    area: await field('Área cultivada', { type: 'number', unit: 'ha', decimals: 2 }),
    sowing: await field('Data da semeadura', { type: 'date' }),
    plots: await field('Talhões', { type: 'form', children: [plotName, plotArea] }),
    plotName,
    plotArea,
  };
});

type Key = Exclude<keyof typeof library, 'plotName' | 'plotArea'>;
const ORDER: Key[] = [
  'uses',
  'product',
  'prescription',
  'receipt',
  'dose',
  'area',
  'sowing',
  'plots',
];

/** The rules of the form: what only applies to 'Sim', a maximum, a format, a total. */
const rules = (): Partial<Record<Key, FieldLogicInput>> => {
  const usesIt = {
    show_if: {
      join: 'and' as const,
      conditions: [{ field_id: library.uses, op: 'eq' as const, value: true }],
    },
  };
  return {
    uses: { required: true },
    product: { ...usesIt, required: true },
    prescription: { ...usesIt, pattern: '9999/9999', pattern_message: PRESCRIPTION_MESSAGE },
    receipt: usesIt,
    dose: { ...usesIt, max: 5 },
    area: { required: true, min: 0.01, max: 500, message: AREA_MESSAGE },
    sowing: { not_future: true },
    plots: { total: { field_id: library.plotArea, max_rice_area: true } },
  };
};

/** A released seal whose form asks ORDER with `rules`, started on the owner's farm. */
async function startedForm(logic = rules()) {
  const { process } = await createSeal(t.db);
  const form = await createForm(t.db, process.id, {
    name: 'Manejo fitossanitário',
    fieldIds: ORDER.map((key) => library[key]),
    logic: Object.fromEntries(ORDER.map((key) => [library[key], logic[key] ?? {}])),
  });
  const { instance, forms } = await startedInstance(t.db, { process, property: farm, technician });
  await t.db
    .update(processInstances)
    .set({ riceAreaHa: 10 })
    .where(eq(processInstances.id, instance.id));
  const formInstance = forms[0]!;
  const ids = Object.fromEntries(
    ORDER.map((key) => [key, formInstance.fieldInstanceOf(library[key])]),
  ) as Record<Key, string>;
  return {
    process,
    form,
    instance,
    formInstanceId: formInstance.id,
    url: `/api/process-instance/${instance.id}/form/${formInstance.id}`,
    ids,
  };
}

async function call(
  caller: UserRow | null,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(caller ? await t.auth(caller) : {}),
    },
  });
}

const save = (url: string, fields: { id: string; content: unknown }[]) =>
  call(owner, 'PUT', `${url}/save`, { fields });
const stored = async (id: string) =>
  (await t.db.select().from(fieldInstances).where(eq(fieldInstances.id, id)))[0]!;
const formOf = (response: { json(): unknown }) => exactly(FormInstanceSchema, response.json());

describe('PUT /api/process/{processId}/form/{formId}/field/{fieldId}/logic', () => {
  const logicUrl = (processId: string, formId: string, fieldId: string) =>
    `/api/process/${processId}/form/${formId}/field/${fieldId}/logic`;

  async function draftForm() {
    const { process } = await createSeal(t.db, { process: { released: false } });
    const form = await createForm(t.db, process.id, {
      fieldIds: ORDER.map((key) => library[key]),
    });
    const url = (key: Key) => logicUrl(process.id, form.id, library[key]);
    return { process, form, url };
  }

  it('is for admins only: 401 without a token, 403 to producers and technicians', async () => {
    const { url } = await draftForm();
    expect((await call(null, 'PUT', url('area'), { max: 5 })).statusCode).toBe(401);
    for (const caller of [owner, technician]) {
      const response = await call(caller, 'PUT', url('area'), { max: 5 });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('answers 404 for an unknown form and for a field not in the form', async () => {
    const { process, form } = await draftForm();
    const unknownForm = await call(admin, 'PUT', logicUrl(process.id, newId(), library.area), {});
    expect(unknownForm.statusCode).toBe(404);
    const stranger = await createField(t.db);
    const notInForm = await call(admin, 'PUT', logicUrl(process.id, form.id, stranger.id), {});
    expect(notInForm.statusCode).toBe(404);
    expect(notInForm.json()).toEqual({ detail: messages.seals.fieldNotInForm });
  });

  it('stores the rules and lists them with the form; an empty body is no rule', async () => {
    const { process, form, url } = await draftForm();
    const body = {
      show_if: { join: 'or', conditions: [{ field_id: library.uses, op: 'eq', value: true }] },
      required: true,
      required_message: '  Qual o produto?  ',
    };
    const response = await call(admin, 'PUT', url('product'), body);
    expect(response.statusCode).toBe(200);
    const field = FormFieldSchema.strict().parse(response.json());
    expect(field.logic).toEqual({
      ...DEFAULT_FIELD_LOGIC,
      show_if: { join: 'or', conditions: [{ field_id: library.uses, op: 'eq', value: true }] },
      required: true,
      required_message: 'Qual o produto?',
    });
    const listed = await call(admin, 'GET', `/api/process/${process.id}/form/${form.id}/fields`);
    expect(listed.json<{ id: string; logic: unknown }[]>()[1]).toMatchObject({
      id: library.product,
      logic: field.logic,
    });
    const cleared = await call(admin, 'PUT', url('product'), {});
    expect(cleared.json()).toMatchObject({ logic: DEFAULT_FIELD_LOGIC });
  });

  it('refuses a condition on a later field, a cycle and a field of another form, in pt-BR', async () => {
    const { url } = await draftForm();
    const on = (fieldId: string, op = 'filled', value: unknown = null) => ({
      show_if: { join: 'and', conditions: [{ field_id: fieldId, op, value }] },
    });
    const later = await call(admin, 'PUT', url('product'), on(library.area));
    expect(later.statusCode).toBe(422);
    expect(later.json()).toEqual({
      detail: [
        {
          loc: ['body', 'show_if', 'conditions', 0, 'field_id'],
          msg: m.conditionLater,
          type: 'logic',
        },
      ],
    });
    // 'Produto aplicado' depends on 'Aplica defensivos': the other way round closes a cycle.
    expect(
      (await call(admin, 'PUT', url('product'), on(library.uses, 'eq', true))).statusCode,
    ).toBe(200);
    const cycle = await call(admin, 'PUT', url('uses'), on(library.product));
    expect(cycle.json()).toEqual({
      detail: [
        {
          loc: ['body', 'show_if'],
          msg: m.conditionCycle(['Aplica defensivos', 'Produto aplicado', 'Aplica defensivos']),
          type: 'logic',
        },
      ],
    });
    const elsewhere = await call(admin, 'PUT', url('area'), on((await createField(t.db)).id));
    expect(elsewhere.json().detail[0]).toMatchObject({ msg: m.conditionNotInForm });
  });

  it('refuses a comparison and rules the type does not take, and bodies of the wrong shape', async () => {
    const { url } = await draftForm();
    const wrong = await call(admin, 'PUT', url('area'), {
      show_if: { join: 'and', conditions: [{ field_id: library.uses, op: 'gt', value: 2 }] },
      not_future: true,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toEqual([
      { loc: ['body', 'show_if', 'conditions', 0, 'value'], msg: m.conditionBool, type: 'logic' },
      {
        loc: ['body', 'not_future'],
        msg: m.ruleType('"Não pode ser futura"', 'Número'),
        type: 'logic',
      },
    ]);
    const limits = await call(admin, 'PUT', url('area'), { min: 10, max: 2 });
    expect(limits.json().detail).toEqual([
      { loc: ['body', 'min'], msg: m.minAboveMax, type: 'logic' },
    ]);
    const total = await call(admin, 'PUT', url('plots'), {
      total: { field_id: library.plotName },
    });
    expect(total.json().detail[0]).toMatchObject({ msg: m.totalNeedsNumber });
    const shape = await call(admin, 'PUT', url('prescription'), {
      pattern: 'abc',
      show_if: { join: 'talvez', conditions: [] },
    });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().detail.map((issue: { loc: unknown }) => issue.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'pattern'],
        ['body', 'show_if', 'join'],
        ['body', 'show_if', 'conditions'],
      ]),
    );
  });

  it('refuses a change once producers answered the field (409), but takes the same rules again', async () => {
    const { process, form, formInstanceId, ids } = await startedForm();
    const logicOf = (key: Key) => logicUrl(process.id, form.id, library[key]);
    // Started but unanswered: the rules may still change.
    expect((await call(admin, 'PUT', logicOf('area'), { max: 400 })).statusCode).toBe(200);
    await fillFormFields(t.db, formInstanceId, { [library.area]: '120' });
    const refused = await call(admin, 'PUT', logicOf('area'), { max: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: m.fieldAnswered });
    expect((await call(admin, 'PUT', logicOf('area'), { max: 400 })).statusCode).toBe(200);
    expect((await stored(ids.area)).content).toBe('120');
  });

  it('keeps a field that a condition reads in the form until the condition goes', async () => {
    const { process, form, url } = await draftForm();
    const on = { show_if: { join: 'and', conditions: [{ field_id: library.uses, op: 'filled' }] } };
    await call(admin, 'PUT', url('product'), on);
    await call(admin, 'PUT', url('dose'), on);
    const remove = `/api/process/${process.id}/form/${form.id}/field/${library.uses}/remove`;
    const refused = await call(admin, 'DELETE', remove);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: m.fieldHasDependents(['Produto aplicado', 'Dose']),
    });
    await call(admin, 'PUT', url('product'), {});
    await call(admin, 'PUT', url('dose'), {});
    expect((await call(admin, 'DELETE', remove)).statusCode).toBe(204);
  });

  it('copies the rules with the forms to the next season', async () => {
    const { process, form } = await startedForm();
    const next = await call(admin, 'POST', `/api/process/${process.id}/next-season`, {
      safra: '2099/00',
      start_date: '2099-01-01',
      end_date: '2099-03-01',
      validity_start: '2099-04-01',
      validity_end: '2100-03-31',
    });
    expect(next.statusCode).toBe(201);
    const links = await t.db.select().from(formFields).where(eq(formFields.formId, form.id));
    const copied = await t.db
      .select({ fieldId: formFields.fieldId, logic: formFields.logic })
      .from(formFields)
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .where(eq(forms.processId, next.json<{ id: string }>().id));
    expect(copied.sort((a, b) => a.fieldId.localeCompare(b.fieldId))).toEqual(
      links
        .map(({ fieldId, logic }) => ({ fieldId, logic }))
        .sort((a, b) => a.fieldId.localeCompare(b.fieldId)),
    );
  });
});

describe("POST /api/field/register: a 'Número'", () => {
  it('takes a unit and decimal places (2 by default), and refuses them on other types', async () => {
    const created = await call(admin, 'POST', '/api/field/register', {
      name: 'Lâmina d’água',
      type: 'number',
      unit: ' cm ',
      decimals: 1,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'number', unit: 'cm', decimals: 1 });
    const plain = await call(admin, 'POST', '/api/field/register', {
      name: 'Sacas',
      type: 'number',
    });
    expect(plain.json()).toMatchObject({ unit: null, decimals: 2 });
    const text = await call(admin, 'POST', '/api/field/register', {
      name: 'Cultivar',
      type: 'text',
      unit: 'ha',
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().detail).toEqual([
      { loc: ['body', 'unit'], msg: m.unitOnlyNumber, type: 'custom' },
    ]);
    const places = await call(admin, 'POST', '/api/field/register', {
      name: 'Área',
      type: 'number',
      decimals: 5,
    });
    expect(places.json().detail[0]).toMatchObject({
      loc: ['body', 'decimals'],
      msg: m.decimalsInvalid,
    });
  });
});

describe('saving a form with conditions and rules', () => {
  it('drops what no longer applies: contents, and the proofs of hidden fields', async () => {
    const { url, ids } = await startedForm();
    const first = await save(url, [
      { id: ids.uses, content: true },
      { id: ids.product, content: 'Clomazona' },
      { id: ids.prescription, content: '0147/2026' },
      { id: ids.dose, content: '0,9' },
    ]);
    expect(first.statusCode).toBe(200);
    expect((await stored(ids.dose)).content).toBe('0.9');
    const key = `proofs/${newId()}.pdf`;
    await t.deps.storage.put(key, PDF);
    await t.db.insert(proofs).values({
      id: newId(),
      fieldInstanceId: ids.receipt,
      storageKey: key,
      filename: 'receituario.pdf',
      mime: 'application/pdf',
      size: PDF.length,
    });
    const before = await stored(ids.product);

    const second = await save(url, [{ id: ids.uses, content: false }]);
    expect(second.statusCode).toBe(200);
    const form = formOf(second);
    for (const key_ of ['product', 'prescription', 'dose'] as const) {
      const field = form.field_instances.find((item) => item.id === ids[key_])!;
      expect(field.content, key_).toBeNull();
    }
    expect((await stored(ids.product)).version).toBe(before.version + 1);
    expect(await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, ids.receipt))).toEqual(
      [],
    );
    expect(await t.deps.storage.open(key)).toBeNull();
  });

  it('keeps nothing of a hidden field sent in the same save', async () => {
    const { url, ids } = await startedForm();
    const response = await save(url, [
      { id: ids.uses, content: 'false' },
      { id: ids.product, content: 'Clomazona' },
      { id: ids.dose, content: 50 },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await stored(ids.product)).content).toBeNull();
    expect((await stored(ids.dose)).content).toBeNull();
  });

  it('refuses an answer out of its rules with the own message at its place, writing nothing', async () => {
    const { url, ids } = await startedForm();
    const response = await save(url, [
      { id: ids.uses, content: true },
      { id: ids.area, content: '1.050,5' },
      { id: ids.prescription, content: 'RA 147' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'fields', 1, 'content'], msg: AREA_MESSAGE, type: 'max' },
        { loc: ['body', 'fields', 2, 'content'], msg: PRESCRIPTION_MESSAGE, type: 'pattern' },
      ],
    });
    expect((await stored(ids.uses)).content).toBeNull();
    const typo = await save(url, [{ id: ids.area, content: '1O5' }]);
    expect(typo.json().detail).toEqual([
      { loc: ['body', 'fields', 0, 'content'], msg: messages.forms.numberInvalid, type: 'number' },
    ]);
    const places = await save(url, [{ id: ids.area, content: '10,125' }]);
    expect(places.json().detail[0].msg).toBe(messages.forms.numberDecimals(2));
    const future = await save(url, [{ id: ids.sowing, content: '2999-01-01' }]);
    expect(future.json().detail[0]).toMatchObject({ msg: m.future, type: 'not_future' });
    const ok = await save(url, [{ id: ids.area, content: 182.5 }]);
    expect(ok.statusCode).toBe(200);
    expect((await stored(ids.area)).content).toBe('182.5');
  });

  it('refuses, through the one-field edit too, with the field as the place', async () => {
    const { url, ids } = await startedForm();
    const response = await call(owner, 'PUT', `${url}/field/${ids.area}/edit`, { content: 900 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', 'content'], msg: AREA_MESSAGE, type: 'max' }],
    });
  });

  it("refuses a Lista whose total passes the request's rice area, on the Lista", async () => {
    const { url, ids } = await startedForm();
    const rowOf = async () => {
      const added = formOf(await call(owner, 'POST', `${url}/field/${ids.plots}/add-row`));
      const cells = added.field_instances.find(
        (field) => field.id === ids.plots,
      )!.child_field_instances;
      return cells.filter((cell) => cell.field.id === library.plotArea).at(-1)!.id;
    };
    const first = await rowOf();
    const second = await rowOf();
    expect((await save(url, [{ id: first, content: '6' }])).statusCode).toBe(200);
    const over = await save(url, [{ id: second, content: '4,5' }]);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      detail: [
        {
          loc: ['field_instances', ids.plots, 'total'],
          msg: m.totalRiceArea('Área do talhão', '10,5 ha', '10 ha'),
          type: 'total',
        },
      ],
    });
    expect((await save(url, [{ id: second, content: '4' }])).statusCode).toBe(200);
  });
});

describe('finishing a form with conditions and rules', () => {
  it('asks nothing of what does not apply', async () => {
    const { url, ids } = await startedForm();
    await save(url, [
      { id: ids.uses, content: false },
      { id: ids.area, content: 120 },
    ]);
    const response = await call(owner, 'PUT', `${url}/finish`, {});
    expect(response.statusCode).toBe(200);
    expect(formOf(response).commited).toBe(true);
  });

  it('asks for what is required and applies, with the proofs, in one answer', async () => {
    const { url, ids } = await startedForm();
    await save(url, [{ id: ids.uses, content: true }]);
    const response = await call(owner, 'PUT', `${url}/finish`, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['field_instances', ids.product, 'content'], msg: m.required, type: 'required' },
        { loc: ['field_instances', ids.area, 'content'], msg: m.required, type: 'required' },
        {
          loc: ['field_instances', ids.receipt, 'proof'],
          msg: messages.forms.proofRequired('Receituário anexado'),
          type: 'proof_required',
        },
      ],
    });
  });

  it('drops an answer kept from before the rule, so the finished form holds none hidden', async () => {
    const { url, ids, formInstanceId } = await startedForm();
    await fillFormFields(t.db, formInstanceId, {
      [library.uses]: 'false',
      [library.product]: 'Escrito antes da regra',
      [library.area]: '120',
    });
    const response = await call(owner, 'PUT', `${url}/finish`, {});
    expect(response.statusCode).toBe(200);
    expect((await stored(ids.product)).content).toBeNull();
  });
});

describe('the page and the server agree', () => {
  it('a save keeps exactly what the evaluator says, or refuses exactly its issues', async () => {
    const { url, ids } = await startedForm();
    const answer = {
      uses: fc.constantFrom<unknown>(true, false, null),
      product: fc.constantFrom<unknown>('Clomazona', null, ''),
      prescription: fc.constantFrom<unknown>('0147/2026', 'RA 1', null),
      dose: fc.constantFrom<unknown>('0,9', 7, null, '2,555'),
      area: fc.constantFrom<unknown>(120, '600', null, '1O5'),
      sowing: fc.constantFrom<unknown>('2026-01-10', '2999-01-01', null),
    };
    await fc.assert(
      fc.asyncProperty(fc.record(answer), async (answers) => {
        const changes = Object.entries(answers).map(([key, content]) => ({
          id: ids[key as keyof typeof answer],
          content,
        }));
        // The page: the form as it holds it, with the producer's edits over it.
        const page = toCamelCaseKeys(formOf(await call(owner, 'GET', url))) as LogicForm;
        const edits = new Map(
          changes.map((change) => [
            change.id,
            change.content === null ? null : String(change.content),
          ]),
        );
        const evaluation = evaluateForm(page, {
          mode: 'save',
          today: saoPauloToday(),
          only: new Set(edits.keys()),
          answerOf: (id, stored) => (edits.has(id) ? edits.get(id)! : stored),
        });
        const response = await save(url, changes);
        if (evaluation.issues.length > 0) {
          expect(response.statusCode).toBe(422);
          const detail = response.json<{ detail: { msg: string; loc: unknown[] }[] }>().detail;
          const sent = (id: string) => changes.findIndex((change) => change.id === id);
          expect(detail).toEqual(
            [...evaluation.issues]
              .sort((a, b) => sent(a.id) - sent(b.id))
              .map((issue) =>
                expect.objectContaining({
                  msg: issue.message,
                  loc: [
                    'body',
                    'fields',
                    changes.findIndex((change) => change.id === issue.id),
                    'content',
                  ],
                }),
              ),
          );
          return;
        }
        expect(response.statusCode).toBe(200);
        const saved: FormInstance = formOf(response);
        for (const change of changes) {
          const field = saved.field_instances.find((item) => item.id === change.id)!;
          const given = (edits.get(change.id) ?? '').trim() !== '';
          expect(field.content !== null, change.id).toBe(
            given && !evaluation.hidden.has(change.id),
          );
        }
        const after = evaluateForm(toCamelCaseKeys(saved) as LogicForm);
        expect([...after.hidden].sort()).toEqual([...evaluation.hidden].sort());
      }),
      { numRuns: 25 },
    );
  });
});

describe('the PDF and the answers export', () => {
  it('say what does not apply, and keep numbers as numbers with their unit', async () => {
    const { url, ids, process } = await startedForm();
    await save(url, [
      { id: ids.uses, content: false },
      { id: ids.area, content: '182,5' },
    ]);
    const workbook = new ExcelJS.Workbook();
    const exported = await call(admin, 'GET', `/api/export/process/${process.id}/answers.xlsx`);
    expect(exported.statusCode).toBe(200);
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    const at = (name: string) => row[header.indexOf(name)];
    expect(at('Área cultivada (ha)')).toBe(182.5);
    expect(at('Produto aplicado')).toBe(m.notApplicable);
    expect(at('Aplica defensivos')).toBe('Não');
    // Unanswered but applicable: an empty cell.
    expect(at('Data da semeadura')).toBeUndefined();

    const pdf = await call(owner, 'GET', `${url}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('182,5 ha');
    expect(text).toContain(m.notApplicable);
    expect(text).toContain('Total de Área do talhão: 0 ha');
  });
});
