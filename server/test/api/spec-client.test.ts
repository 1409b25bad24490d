import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldInstances, processes, users } from '../../src/db/schema';
import {
  createField,
  createForm,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  DEFAULT_PASSWORD,
  randomCnpj,
  randomCpf,
  startedInstance,
  type UserRow,
} from '../../src/db/seed/factories';
import { file, PNG } from '../support/files';
import { formEncoded, multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';
import { lastCodeSentTo, signUp } from './auth-helpers';

/**
 * A client written from the spec alone (§7): every call sends exactly the spec's fields, in the
 * spec's content type, and nothing added since (safra, rice area, consent, levels, committee…).
 * Each must keep its answer: what the spec names is there. A field the server grows later must be
 * optional on these calls, with a documented default, or one of these tests fails.
 */

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000007654321' });
  owner = await createUser(t.db, { role: 'owner' });
});

type Body = Pick<InjectOptions, 'payload' | 'headers'>;

const json = (payload: unknown): Body => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

/** The spec's call: `as` signs it in (spec §7: "Unless noted, calls carry an Authorization header"). */
async function call(
  route: `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`,
  options: { as?: UserRow; body?: Body | Promise<Body> } = {},
) {
  const [method, url] = route.split(' ') as [InjectOptions['method'], string];
  const body = (await options.body) ?? {};
  const response = await t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(options.as ? await t.auth(options.as) : {}) },
  });
  expect(response.statusCode, `${route}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  return response;
}

const keys = (value: unknown) => Object.keys(value as object);

/** The spec's property form, as its client sends it: dates are JavaScript `Date`s. */
const specProperty = () => ({
  business_name: 'Granja do Cliente da Especificação',
  business_type: 'Granja',
  cnpj: randomCnpj(),
  municipality: 'Camaquã',
  irga: '2104587',
  latitude: -30.85,
  longitude: -51.8,
  car_n: 'RS43035097A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
  farming_lo_number: '04512/2024-DL',
  farming_lo_validity: '2028-12-31T03:00:00.000Z',
  drying_and_stock_lo_number: '07839/2023-DL',
  drying_and_stock_lo_validity: '2028-06-30T03:00:00.000Z',
  place: 'Arroio Duro',
  responsible_name: 'Maria Silva',
});

const USER_KEYS = ['id', 'first_name', 'last_name', 'email', 'phone', 'cpf', 'role', 'disabled'];

describe('authentication and user (spec §7)', () => {
  it('GET /api/auth/info gives the user', async () => {
    const response = await call('GET /api/auth/info', { as: owner });
    expect(keys(response.json())).toEqual(expect.arrayContaining([...USER_KEYS, 'pending']));
  });

  it.each([
    ['email', () => `novo-${Date.now()}@fazenda.com.br`],
    ['first_name', () => 'Joana'],
    ['last_name', () => 'Pereira'],
    ['cpf', randomCpf],
    ['phone', () => '51987654321'],
  ])('PUT /api/auth/update with only %s gives the user', async (name, value) => {
    const user = await createUser(t.db, { role: 'owner' });
    const response = await call('PUT /api/auth/update', {
      as: user,
      body: json({ [name]: value() }),
    });
    expect(keys(response.json())).toEqual(expect.arrayContaining(USER_KEYS));
  });

  it('PUT /api/auth/update with only crea gives the technician', async () => {
    const crea = await createUser(t.db, { role: 'technician', crea: '00000001112223' });
    const response = await call('PUT /api/auth/update', {
      as: crea,
      body: json({ crea: '12345678901234' }),
    });
    expect(response.json()).toMatchObject({ crea: '12345678901234' });
  });

  it('POST /api/auth/token, form-encoded, with no Authorization header gives the token', async () => {
    const response = await call('POST /api/auth/token', {
      body: formEncoded({ username: owner.email, password: DEFAULT_PASSWORD }),
    });
    expect(keys(response.json())).toEqual(expect.arrayContaining(['access_token', 'token_type']));
  });

  it('POST /api/auth/register, form-data, creates the account', async () => {
    await call('POST /api/auth/register', {
      body: multipart({
        email: `cliente-${Date.now()}@fazenda.com.br`,
        first_name: 'Carlos',
        last_name: 'Teixeira',
        cpf: randomCpf(),
        phone: '51988887777',
        password: 'senha-do-cliente-1',
      }),
    });
  });

  it('POST /api/auth/activate, multipart code, answers an object', async () => {
    const { fields, user } = await signUp(t);
    const response = await call('POST /api/auth/activate', {
      as: user,
      body: multipart({ code: await lastCodeSentTo(t, fields.email) }),
    });
    expect(response.json()).toBeTypeOf('object');
  });
});

describe('stamps and properties (spec §7)', () => {
  it('GET /api/stamp/all, with no Authorization header, gives the seals', async () => {
    await createSeal(t.db);
    const [stamp] = (await call('GET /api/stamp/all')).json<unknown[]>();
    expect(keys(stamp)).toEqual(
      expect.arrayContaining(['id', 'name', 'description', 'features', 'process_id']),
    );
  });

  it('POST /api/property/register, JSON, gives the property; GET all, by id and search find it', async () => {
    const producer = await createUser(t.db, { role: 'user' });
    const created = (
      await call('POST /api/property/register', { as: producer, body: json(specProperty()) })
    ).json<{ id: string }>();
    expect(created).toMatchObject({ business_name: 'Granja do Cliente da Especificação' });
    const all = (await call('GET /api/property/all', { as: producer })).json<{ id: string }[]>();
    expect(all.map((property) => property.id)).toEqual([created.id]);
    const one = (await call(`GET /api/property/${created.id}`, { as: producer })).json();
    expect(keys(one)).toEqual(
      expect.arrayContaining([
        ...Object.keys(specProperty()),
        'id',
        'responsible_technician_name',
        'responsible_technician_phone',
        'responsible_technician_crea',
        'process_instances',
      ]),
    );
    const found = (
      await call('GET /api/property/search?query=cliente da especificacao', { as: producer })
    ).json<{ id: string }[]>();
    expect(found.map((property) => property.id)).toContain(created.id);
  });

  it('PUT /api/property/{propertyId}/edit, JSON, saves the property', async () => {
    const property = await createProperty(t.db, { owner });
    await call(`PUT /api/property/${property.id}/edit`, {
      as: owner,
      body: json({ ...specProperty(), cnpj: property.cnpj, place: 'Passo do Mendonça' }),
    });
    const saved = (await call(`GET /api/property/${property.id}`, { as: owner })).json();
    expect(saved).toMatchObject({ place: 'Passo do Mendonça' });
  });
});

describe('process definitions and forms (spec §7)', () => {
  it('POST /api/process/register, multipart with exactly the spec fields, creates the seal', async () => {
    const response = await call('POST /api/process/register', {
      as: admin,
      body: multipart({
        notice: 'Edital 01/2026',
        description: 'Ciclo de certificação',
        start_date: '2026-08-01',
        end_date: '2027-03-31',
        validity_start: '2027-04-01',
        validity_end: '2028-03-31',
        stamp_name: 'Selo do Cliente da Especificação',
        stamp_description: 'Arroz irrigado com manejo responsável',
        file: file(PNG, 'selo.png', 'image/png'),
      }),
    });
    const { id } = response.json<{ id: string }>();
    // No safra sent: the season of start_date, July to June (contracts' safraOf, migration 0009).
    const [row] = await t.db.select().from(processes).where(eq(processes.id, id));
    expect(row?.safra).toBe('2026/27');
  });

  it('GET /api/process/{processId}, with no Authorization header, gives the process', async () => {
    const { process } = await createSeal(t.db);
    const response = await call(`GET /api/process/${process.id}`);
    expect(response.json()).toMatchObject({
      description: process.description,
      start_date: process.startDate,
      end_date: process.endDate,
      stamp: { name: expect.any(String), description: expect.any(String) },
    });
  });

  it('GET /api/process/all gives the processes', async () => {
    await createSeal(t.db);
    const [process] = (await call('GET /api/process/all', { as: admin })).json<unknown[]>();
    expect(keys(process)).toEqual(
      expect.arrayContaining(['id', 'released', 'stamp', 'description', 'start_date', 'end_date']),
    );
  });

  it('POST /api/process/{processId}/form/register, JSON, gives the form with id and deadline', async () => {
    const { process } = await createSeal(t.db);
    const form = (
      await call(`POST /api/process/${process.id}/form/register`, {
        as: admin,
        body: json({
          name: 'Manejo da água',
          deadline: '2027-03-31',
          obligatory: true,
          sign: false,
        }),
      })
    ).json();
    expect(keys(form)).toEqual(expect.arrayContaining(['id', 'deadline']));
  });

  it('GET forms, a form and its fields; PUT edit; PUT add and DELETE remove a field', async () => {
    const { process } = await createSeal(t.db, { process: { released: false } });
    const field = await createField(t.db);
    const form = await createForm(t.db, process.id);
    const base = `/api/process/${process.id}`;
    const [listed] = (await call(`GET ${base}/forms`, { as: admin })).json<unknown[]>();
    expect(keys(listed)).toEqual(
      expect.arrayContaining(['id', 'name', 'deadline', 'obligatory', 'sign']),
    );
    await call(`GET ${base}/form/${form.id}`, { as: admin });
    await call(`PUT ${base}/form/${form.id}/edit`, {
      as: admin,
      body: json({
        name: 'Renomeado',
        deadline: '2027-04-30T03:00:00.000Z',
        obligatory: false,
        sign: true,
      }),
    });
    await call(`PUT ${base}/form/${form.id}/field/${field.id}/add`, { as: admin });
    const fields = (await call(`GET ${base}/form/${form.id}/fields`, { as: admin })).json<
      { id: string }[]
    >();
    expect(fields.map((row) => row.id)).toEqual([field.id]);
    await call(`DELETE ${base}/form/${form.id}/field/${field.id}/remove`, { as: admin });
  });

  it('GET /api/process/{processId}/fields?search and POST fields/save, a JSON list of ids', async () => {
    const { process } = await createSeal(t.db, { process: { released: false } });
    const field = await createField(t.db, { name: 'Outorga do Cliente' });
    await call(`POST /api/process/${process.id}/fields/save`, {
      as: admin,
      body: json([field.id]),
    });
    const found = (
      await call(`GET /api/process/${process.id}/fields?search=outorga do cliente`, { as: admin })
    ).json<{ id: string }[]>();
    expect(found.map((row) => row.id)).toEqual([field.id]);
  });

  it('GET /api/field/?search and POST /api/field/register, JSON name, type, producer_read_only, proof', async () => {
    const created = (
      await call('POST /api/field/register', {
        as: admin,
        body: json({
          name: 'Cultivar do Cliente',
          type: 'text',
          producer_read_only: false,
          proof: true,
        }),
      })
    ).json<{ id: string }>();
    expect(created).toMatchObject({ name: 'Cultivar do Cliente', type: 'text', proof: true });
    const found = (await call('GET /api/field/?search=cultivar do cliente', { as: admin })).json<
      { id: string }[]
    >();
    expect(found.map((row) => row.id)).toContain(created.id);
  });
});

describe('requests and process instances (spec §7)', () => {
  it('PUT /api/process/{processId}/request, multipart business_id, gives the new instance', async () => {
    const { process } = await createSeal(t.db);
    const property = await createProperty(t.db, { owner });
    const instance = (
      await call(`PUT /api/process/${process.id}/request`, {
        as: owner,
        body: multipart({ business_id: property.id }),
      })
    ).json();
    expect(keys(instance)).toContain('id');
  });

  it('POST /api/process/{processId}/start, multipart business_id, starts it for staff', async () => {
    const { process } = await createSeal(t.db);
    const property = await createProperty(t.db, { owner });
    await call(`POST /api/process/${process.id}/start`, {
      as: technician,
      body: multipart({ business_id: property.id }),
    });
  });

  it('PUT evaluate (multipart reject), then PUT start with no body', async () => {
    const { process } = await createSeal(t.db);
    const property = await createProperty(t.db, { owner });
    const instance = await createInstance(t.db, { process, property });
    await call(`PUT /api/process-instance/${instance.id}/evaluate`, {
      as: technician,
      body: multipart({ reject: 'false' }),
    });
    await call(`PUT /api/process-instance/${instance.id}/start`, { as: owner });
    const detail = (await call(`GET /api/process-instance/${instance.id}`, { as: owner })).json();
    expect(keys(detail)).toEqual(
      expect.arrayContaining([
        'id',
        'business',
        'technician',
        'rejected',
        'initiated',
        'finished',
        'process',
        'form_instances',
        'child_process_instance',
      ]),
    );
  });

  it('GET all, search and pending give lists; pending items carry an id', async () => {
    const { process } = await createSeal(t.db);
    const property = await createProperty(t.db, { owner, businessName: 'Fazenda do Cliente' });
    await createInstance(t.db, { process, property });
    const all = (await call('GET /api/process-instance/all', { as: admin })).json<unknown[]>();
    expect(all.length).toBeGreaterThan(0);
    const found = (
      await call('GET /api/process-instance/search?query=fazenda do cliente', { as: admin })
    ).json<unknown[]>();
    expect(found.length).toBeGreaterThan(0);
    const [item] = (await call('GET /api/process-instance/pending', { as: technician })).json<
      unknown[]
    >();
    expect(keys(item)).toEqual(expect.arrayContaining(['id', 'url', 'message']));
  });

  it('the form instance: GET it, PUT a field (multipart content), add and delete a row, finish', async () => {
    const column = await createField(t.db, { name: 'Talhão' });
    const list = await createField(t.db, { type: 'form', name: 'Talhões', children: [column.id] });
    const text = await createField(t.db, { name: 'Cultivar' });
    const { process } = await createSeal(t.db);
    await createForm(t.db, process.id, { fieldIds: [text.id, list.id] });
    const property = await createProperty(t.db, { owner });
    const { instance, forms } = await startedInstance(t.db, { process, property, technician });
    const form = forms.find((one) => one.formId !== null)!;
    const url = `/api/process-instance/${instance.id}/form/${form.id}`;
    const read = (await call(`GET ${url}`, { as: owner })).json();
    expect(keys(read)).toEqual(
      expect.arrayContaining(['id', 'form', 'commited', 'field_instances']),
    );
    await call(`PUT ${url}/field/${form.fieldInstanceOf(text.id)}/edit`, {
      as: owner,
      body: multipart({ content: 'IRGA 424 RI' }),
    });
    await call(`POST ${url}/field/${form.fieldInstanceOf(list.id)}/add-row`, { as: owner });
    const [cell] = await t.db
      .select({ id: fieldInstances.id })
      .from(fieldInstances)
      .where(eq(fieldInstances.fieldId, column.id));
    await call(`DELETE ${url}/field/${cell!.id}/delete`, { as: owner });
    const finished = (await call(`PUT ${url}/finish`, { as: owner })).json();
    expect(finished).toMatchObject({ commited: true });
  });
});

describe('users (spec §7)', () => {
  it('GET all and search give users', async () => {
    const listed = (await call('GET /api/user/all', { as: admin })).json<unknown[]>();
    expect(keys(listed[0])).toEqual(expect.arrayContaining(USER_KEYS));
    const found = (
      await call(`GET /api/user/search?query=${encodeURIComponent(owner.email)}`, { as: admin })
    ).json<{ id: string }[]>();
    expect(found.map((user) => user.id)).toContain(owner.id);
  });

  it('PUT set-technician (multipart crea), disable and enable give the user', async () => {
    const promoted = await createUser(t.db, { role: 'user' });
    await call(`PUT /api/user/${promoted.id}/set-technician`, {
      as: admin,
      body: multipart({ crea: '1234567' }),
    });
    const disabled = (await call(`PUT /api/user/${promoted.id}/disable`, { as: admin })).json();
    expect(disabled).toMatchObject({ disabled: true, role: 'technician' });
    const enabled = (await call(`PUT /api/user/${promoted.id}/enable`, { as: admin })).json();
    expect(enabled).toMatchObject({ disabled: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, promoted.id));
    expect(row?.crea).toBe('00000001234567');
  });
});
