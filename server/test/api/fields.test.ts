import { DEFAULT_FIELD_LOGIC, FieldSchema, FormFieldSchema, messages } from '@agroselo/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldChildren, fieldInstances, formFields, processFields } from '../../src/db/schema';
import {
  addProcessFields,
  createField,
  createForm,
  createFormInstance,
  createInstance,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { newId } from '../../src/lib/ids';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.seals;
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

let t: TestApp;
let admin: UserRow;
let owner: UserRow;
let technician: UserRow;
let seal: Awaited<ReturnType<typeof createSeal>>;

const as = (user: UserRow) => t.auth(user);

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; user?: UserRow | null } = {},
) {
  const { body, user = admin } = options;
  return t.app.inject({
    method,
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(user ? await as(user) : {}),
    },
  });
}

/** A producer's answer to `fieldId` in an instance of the seal's process. */
async function answer(fieldId: string, form?: Awaited<ReturnType<typeof createForm>>) {
  const instance = await createInstance(t.db, { process: seal.process, initiated: true });
  const formInstance = await createFormInstance(t.db, { instance, form });
  await t.db
    .insert(fieldInstances)
    .values({ id: newId(), formInstanceId: formInstance.id, fieldId, content: 'IRGA 123' });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  owner = await createUser(t.db, { role: 'owner' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
});

describe('access to the field routes', () => {
  it('is for admins only: 401 without a token, 403 to producers and technicians', async () => {
    const form = await createForm(t.db, seal.process.id);
    const field = await createField(t.db);
    const base = `/api/process/${seal.process.id}`;
    const routes: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/api/field/'],
      ['POST', '/api/field/register', { name: 'Cultivar', type: 'text' }],
      ['GET', `${base}/form/${form.id}/fields`],
      ['PUT', `${base}/form/${form.id}/field/${field.id}/add`],
      ['DELETE', `${base}/form/${form.id}/field/${field.id}/remove`],
      ['GET', `${base}/fields`],
      ['POST', `${base}/fields/save`, [field.id]],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, { body, user: null })).statusCode, url).toBe(401);
      for (const user of [owner, technician]) {
        const response = await call(method, url, { body, user });
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({ detail: messages.auth.forbidden });
      }
    }
  });
});

describe('POST /api/field/register', () => {
  it('refuses a missing or too long name and an unknown type, in pt-BR', async () => {
    const missing = await call('POST', '/api/field/register', { body: { type: 'texto' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: m.fieldNameRequired, type: 'invalid_type' },
        { loc: ['body', 'type'], msg: m.fieldTypeInvalid, type: 'invalid_value' },
      ],
    });
    const long = await call('POST', '/api/field/register', {
      body: { name: 'x'.repeat(71), type: 'text' },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ detail: [{ msg: m.fieldNameTooLong }] });
  });

  it('refuses a Lista without columns and columns on another type', async () => {
    const column = await createField(t.db);
    const list = await call('POST', '/api/field/register', {
      body: { name: 'Lotes', type: 'form' },
    });
    expect(list.json()).toEqual({
      detail: [{ loc: ['body', 'child_fields'], msg: m.listNeedsColumns, type: 'custom' }],
    });
    const text = await call('POST', '/api/field/register', {
      body: { name: 'Lote', type: 'text', child_fields: [column.id] },
    });
    expect(text.json()).toMatchObject({ detail: [{ msg: m.onlyListHasColumns }] });
    const repeated = await call('POST', '/api/field/register', {
      body: { name: 'Lotes', type: 'form', child_fields: [column.id, column.id] },
    });
    expect(repeated.json()).toMatchObject({ detail: [{ msg: m.repeatedColumn }] });
  });

  it('refuses unknown columns and a Lista as a column (400)', async () => {
    const unknown = await call('POST', '/api/field/register', {
      body: { name: 'Lotes', type: 'form', child_fields: [UNKNOWN_ID] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: m.columnNotFound });
    const nested = await createField(t.db, {
      type: 'form',
      children: [(await createField(t.db)).id],
    });
    const listColumn = await call('POST', '/api/field/register', {
      body: { name: 'Lotes', type: 'form', child_fields: [nested.id] },
    });
    expect(listColumn.statusCode).toBe(400);
    expect(listColumn.json()).toEqual({ detail: m.columnIsList });
  });

  it('creates a field, and a Lista with its columns in the order given', async () => {
    const plain = await call('POST', '/api/field/register', {
      body: { name: ' Parecer técnico ', type: 'text', producer_read_only: true },
    });
    expect(plain.statusCode).toBe(201);
    expect(FieldSchema.strict().parse(plain.json())).toMatchObject({
      name: 'Parecer técnico',
      type: 'text',
      producer_read_only: true,
      proof: false,
      child_fields: [],
    });

    const weight = await createField(t.db, { name: 'Peso (sacas)', type: 'text' });
    const entry = await createField(t.db, { name: 'Entrada no silo', type: 'date', proof: true });
    const list = await call('POST', '/api/field/register', {
      body: { name: 'Lotes armazenados', type: 'form', child_fields: [entry.id, weight.id] },
    });
    expect(list.statusCode).toBe(201);
    const created = FieldSchema.strict().parse(list.json());
    expect(created.child_fields).toEqual([
      {
        id: entry.id,
        name: 'Entrada no silo',
        type: 'date',
        producer_read_only: false,
        proof: true,
        unit: null,
        decimals: null,
      },
      {
        id: weight.id,
        name: 'Peso (sacas)',
        type: 'text',
        producer_read_only: false,
        proof: false,
        unit: null,
        decimals: null,
      },
    ]);
    const rows = await t.db
      .select()
      .from(fieldChildren)
      .where(eq(fieldChildren.parentFieldId, created.id))
      .orderBy(asc(fieldChildren.position));
    expect(rows.map((row) => row.childFieldId)).toEqual([entry.id, weight.id]);
  });
});

describe('GET /api/field/', () => {
  it('searches the library by name, ignoring case and accents, with the columns of Listas', async () => {
    const column = await createField(t.db, { name: 'Número da amostra' });
    const list = await createField(t.db, {
      name: 'Amostras de colheita',
      type: 'form',
      children: [column.id],
    });
    await createField(t.db, { name: 'Data da semeadura', type: 'date' });
    let response!: Awaited<ReturnType<typeof call>>;
    const queries = await t.queriesDuring(async () => {
      response = await call('GET', '/api/field/?search=AMOSTRA');
    });
    expect(response.statusCode).toBe(200);
    const body = z.array(FieldSchema.strict()).parse(response.json());
    expect(body.map((field) => field.name)).toEqual(['Amostras de colheita', 'Número da amostra']);
    expect(body[0]!.child_fields.map((child) => child.id)).toEqual([column.id]);
    expect(body[0]!.id).toBe(list.id);
    expect(response.headers['x-total-count']).toBe('2');
    // The caller, then the page with its count and columns.
    expect(queries).toHaveLength(2);

    const byQuery = await call('GET', '/api/field/?query=semeadura');
    expect(byQuery.json<{ name: string }[]>().map((field) => field.name)).toEqual([
      'Data da semeadura',
    ]);
  });
});

describe('fields of a form', () => {
  const formUrl = (formId: string) => `/api/process/${seal.process.id}/form/${formId}`;

  it('adds fields in order, lists them with their columns, and refuses a second association', async () => {
    const form = await createForm(t.db, seal.process.id);
    const cultivar = await createField(t.db, { name: 'Cultivar' });
    const column = await createField(t.db, { name: 'Produto' });
    const applications = await createField(t.db, {
      name: 'Aplicações',
      type: 'form',
      children: [column.id],
    });

    const added = await call('PUT', `${formUrl(form.id)}/field/${cultivar.id}/add`);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: cultivar.id, name: 'Cultivar', child_fields: [] });
    await call('PUT', `${formUrl(form.id)}/field/${applications.id}/add`);

    const again = await call('PUT', `${formUrl(form.id)}/field/${cultivar.id}/add`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: m.fieldAlreadyInForm });

    const list = await call('GET', `${formUrl(form.id)}/fields`);
    expect(list.statusCode).toBe(200);
    const body = z.array(FormFieldSchema.strict()).parse(list.json());
    expect(body.map((field) => field.logic)).toEqual([DEFAULT_FIELD_LOGIC, DEFAULT_FIELD_LOGIC]);
    expect(body.map((field) => field.name)).toEqual(['Cultivar', 'Aplicações']);
    expect(body[1]!.child_fields.map((child) => child.name)).toEqual(['Produto']);
    const form2 = await call('GET', formUrl(form.id));
    expect(form2.json()).toMatchObject({ fields_count: 2 });
  });

  it('answers 404 for an unknown field, form or process', async () => {
    const form = await createForm(t.db, seal.process.id);
    const field = await createField(t.db);
    const unknownField = await call('PUT', `${formUrl(form.id)}/field/${UNKNOWN_ID}/add`);
    expect(unknownField.statusCode).toBe(404);
    expect(unknownField.json()).toEqual({ detail: m.fieldNotFound });
    const unknownForm = await call('PUT', `${formUrl(UNKNOWN_ID)}/field/${field.id}/add`);
    expect(unknownForm.json()).toEqual({ detail: m.formNotFound });
    const otherProcess = await call('GET', `/api/process/${UNKNOWN_ID}/form/${form.id}/fields`);
    expect(otherProcess.statusCode).toBe(404);
  });

  it('removes a field, answers 404 for one not in the form, 409 for one producers answered', async () => {
    const form = await createForm(t.db, seal.process.id);
    const free = await createField(t.db);
    const answered = await createField(t.db);
    await call('PUT', `${formUrl(form.id)}/field/${free.id}/add`);
    await call('PUT', `${formUrl(form.id)}/field/${answered.id}/add`);
    await answer(answered.id, form);

    const removed = await call('DELETE', `${formUrl(form.id)}/field/${free.id}/remove`);
    expect(removed.statusCode).toBe(204);
    const gone = await call('DELETE', `${formUrl(form.id)}/field/${free.id}/remove`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: m.fieldNotInForm });

    const refused = await call('DELETE', `${formUrl(form.id)}/field/${answered.id}/remove`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: m.fieldHasAnswers });
    const rows = await t.db
      .select()
      .from(formFields)
      .where(and(eq(formFields.formId, form.id), eq(formFields.fieldId, answered.id)));
    expect(rows).toHaveLength(1);
  });
});

describe('documents (fields) of a process', () => {
  const url = (processId = seal.process.id) => `/api/process/${processId}/fields`;

  it('replaces the set in the order given, and lists it with a search', async () => {
    const licence = await createField(t.db, { name: 'Licença de Operação (FEPAM)', proof: true });
    const car = await createField(t.db, { name: 'Recibo do CAR', proof: true });
    const outorga = await createField(t.db, { name: 'Outorga de água' });
    await addProcessFields(t.db, seal.process.id, [licence.id]);

    const saved = await call('POST', `${url()}/save`, { body: [car.id, outorga.id, licence.id] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ id: string }[]>().map((field) => field.id)).toEqual([
      car.id,
      outorga.id,
      licence.id,
    ]);
    const rows = await t.db
      .select()
      .from(processFields)
      .where(eq(processFields.processId, seal.process.id))
      .orderBy(asc(processFields.position));
    expect(rows.map((row) => row.fieldId)).toEqual([car.id, outorga.id, licence.id]);

    const list = await call('GET', url());
    expect(list.json<{ name: string }[]>().map((field) => field.name)).toEqual([
      'Recibo do CAR',
      'Outorga de água',
      'Licença de Operação (FEPAM)',
    ]);
    const searched = await call('GET', `${url()}?search=licenca`);
    expect(searched.json<{ name: string }[]>().map((field) => field.name)).toEqual([
      'Licença de Operação (FEPAM)',
    ]);

    const emptied = await call('POST', `${url()}/save`, { body: [] });
    expect(emptied.json()).toEqual([]);
  });

  it('refuses repeated ids (422), unknown ones (400) and an unknown process (404)', async () => {
    const field = await createField(t.db);
    const repeated = await call('POST', `${url()}/save`, { body: [field.id, field.id] });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json()).toMatchObject({ detail: [{ msg: m.repeatedField }] });
    const unknown = await call('POST', `${url()}/save`, { body: [field.id, UNKNOWN_ID] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: m.fieldsNotFound });
    const process = await call('POST', `${url(UNKNOWN_ID)}/save`, { body: [field.id] });
    expect(process.statusCode).toBe(404);
    expect(process.json()).toEqual({ detail: m.processNotFound });
  });

  it('keeps a document producers already answered, and leaves the set unchanged', async () => {
    const answered = await createField(t.db, { name: 'Laudo respondido' });
    const other = await createField(t.db);
    await call('POST', `${url()}/save`, { body: [answered.id, other.id] });
    await answer(answered.id);

    const refused = await call('POST', `${url()}/save`, { body: [other.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: m.documentHasAnswers });
    const rows = await t.db
      .select()
      .from(processFields)
      .where(eq(processFields.processId, seal.process.id));
    expect(rows.map((row) => row.fieldId).sort()).toEqual([answered.id, other.id].sort());

    const reordered = await call('POST', `${url()}/save`, { body: [other.id, answered.id] });
    expect(reordered.statusCode).toBe(200);
  });
});
