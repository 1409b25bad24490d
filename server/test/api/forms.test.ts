import {
  FieldInstanceSchema,
  FormInstanceSchema,
  messages,
  TABLE_ROWS_MAX,
  type FieldInstance,
  type FormInstance,
} from '@agroselo/contracts';
import { gunzipSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addTableRow,
  createField,
  createForm,
  createProperty,
  createSeal,
  createPendency,
  createUser,
  fillFormFields,
  startedInstance,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import {
  authFailures,
  events,
  fieldInstances,
  formInstances,
  processInstances,
  proofs,
} from '../../src/db/schema';
import { seedDemo } from '../../src/db/seed/demo';
import { newId } from '../../src/lib/ids';
import { activeWriter, mayWriteField, viewerOf } from '../../src/modules/forms/access';
import { signatureHash } from '../../src/modules/forms/signature';
import { FAKE_PNG, file, PDF, PNG, WEBP } from '../support/files';
import { multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

const m = messages.forms;
const PASSWORD = 'senha-do-produtor-1';
// The smallest JPEG file-type recognises: SOI, a JFIF APP0 segment, EOI.
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9'.padEnd(44, '0'), 'hex');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let otherTechnician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let user: UserRow;
let pendingUser: UserRow;
let farm: PropertyRow;

/** The library of fields a form of these tests is made of. */
let library: Record<
  | 'text'
  | 'bool'
  | 'date'
  | 'datetime'
  | 'product'
  | 'applied'
  | 'done'
  | 'receipt'
  | 'list'
  | 'staff'
  | 'plain',
  string
>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Schneider' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra',
    crea: '00000001234567',
  });
  otherTechnician = await createUser(t.db, { role: 'technician', crea: '00000007654321' });
  owner = await createUser(t.db, {
    role: 'owner',
    firstName: 'Sérgio',
    lastName: 'Antunes',
    password: PASSWORD,
  });
  otherOwner = await createUser(t.db, { role: 'owner' });
  user = await createUser(t.db, { role: 'user' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  farm = await createProperty(t.db, { owner });
  await createProperty(t.db, { owner: otherOwner });

  const field = (name: string, values: Parameters<typeof createField>[1]) =>
    createField(t.db, { name, ...values }).then((row) => row.id);
  const product = await field('Produto', { type: 'text' });
  const applied = await field('Data da aplicação', { type: 'date' });
  const done = await field('Aplicado', { type: 'bool' });
  const receipt = await field('Receituário', { type: 'text', proof: true });
  library = {
    text: await field('Cultivar semeada', { type: 'text' }),
    bool: await field('Possui outorga', { type: 'bool', proof: true }),
    date: await field('Data da semeadura', { type: 'date' }),
    datetime: await field('Início da irrigação', { type: 'datetime' }),
    product,
    applied,
    done,
    receipt,
    list: await field('Aplicações', { type: 'form', children: [product, applied, done, receipt] }),
    staff: await field('Parecer da vistoria', { type: 'text', producerReadOnly: true }),
    plain: await field('Observações', { type: 'text' }),
  };
});

const FULL = ['text', 'bool', 'date', 'datetime', 'list', 'staff'] as const;

/**
 * A started instance of its own seal on the owner's farm, accepted by `technician`, whose one
 * form has `fields`; resolves with the URL of that form instance and its field instances by key.
 */
async function startedForm(
  options: { fields?: readonly (keyof typeof library)[]; sign?: boolean } = {},
) {
  const keys = options.fields ?? FULL;
  const { process } = await createSeal(t.db);
  await createForm(t.db, process.id, {
    name: 'Manejo da lavoura',
    sign: options.sign ?? false,
    fieldIds: keys.map((key) => library[key]),
  });
  const { instance, forms } = await startedInstance(t.db, { process, property: farm, technician });
  const form = forms[0]!;
  const ids = {} as Record<(typeof keys)[number], string>;
  for (const key of keys) ids[key] = form.fieldInstanceOf(library[key]);
  const url = `/api/process-instance/${instance.id}/form/${form.id}`;
  return { instance, formId: form.id, url, ids };
}

type Caller = UserRow | null;
const headersOf = async (caller: Caller) => (caller ? await t.auth(caller) : {});

async function call(
  caller: Caller,
  method: InjectOptions['method'],
  url: string,
  body?: { payload: Buffer | string; headers: Record<string, string> },
) {
  return t.app.inject({
    method,
    url,
    payload: body?.payload,
    headers: { ...body?.headers, ...(await headersOf(caller)) },
  });
}

const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const save = (caller: Caller, url: string, fields: unknown[]) =>
  call(caller, 'PUT', `${url}/save`, json({ fields }));
const formOf = (response: { json(): unknown }) => exactly(FormInstanceSchema, response.json());
const fieldIn = (form: FormInstance, id: string) =>
  form.field_instances.find((field) => field.id === id)!;
const contentOf = async (id: string) =>
  (await t.db.select().from(fieldInstances).where(eq(fieldInstances.id, id)))[0];
const proofBody = (bytes: Buffer, name: string, type: string) =>
  multipart({ file: file(bytes, name, type) });

describe('GET /api/process-instance/{id}/form/{formId}', () => {
  it('answers 401 without a token and 403 to an unverified account', async () => {
    const { url } = await startedForm({ fields: ['text'] });
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const pending = await call(pendingUser, 'GET', url);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it("answers 404 to producers who do not own the property, and for another instance's form", async () => {
    const { url, formId } = await startedForm({ fields: ['text'] });
    for (const caller of [otherOwner, user]) {
      const response = await call(caller, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: m.notFound });
    }
    const other = await startedForm({ fields: ['text'] });
    const mixed = await call(owner, 'GET', `${other.url.split('/form/')[0]}/form/${formId}`);
    expect(mixed.statusCode).toBe(404);
    const unknown = await call(owner, 'GET', `${url.split('/form/')[0]}/form/${newId()}`);
    expect(unknown.statusCode).toBe(404);
    const badId = await call(owner, 'GET', `${url.split('/form/')[0]}/form/nope`);
    expect(badId.statusCode).toBe(422);
  });

  it('gives the owner every field by type, the Lista with its columns, and what is theirs to fill', async () => {
    const { url, ids, formId, instance } = await startedForm();
    const response = await call(owner, 'GET', url);
    expect(response.statusCode).toBe(200);
    const form = formOf(response);
    expect(form).toMatchObject({
      id: formId,
      process_instance_id: instance.id,
      form: { name: 'Manejo da lavoura', obligatory: false, sign: false },
      commited: false,
      commited_at: null,
      commited_by: null,
      signature: null,
      actions: { edit: true, finish: true },
    });
    expect(form.field_instances.map((field) => [field.field.name, field.field.type])).toEqual([
      ['Cultivar semeada', 'text'],
      ['Possui outorga', 'bool'],
      ['Data da semeadura', 'date'],
      ['Início da irrigação', 'datetime'],
      ['Aplicações', 'form'],
      ['Parecer da vistoria', 'text'],
    ]);
    const list = fieldIn(form, ids.list);
    expect(list.field.child_fields.map((column) => column.name)).toEqual([
      'Produto',
      'Data da aplicação',
      'Aplicado',
      'Receituário',
    ]);
    expect(list.child_field_instances).toEqual([]);
    expect(fieldIn(form, ids.bool).field.proof).toBe(true);
    expect(fieldIn(form, ids.text)).toMatchObject({ content: null, version: 0, proof: null });
    expect(
      Object.fromEntries(form.field_instances.map((field) => [field.field.name, field.read_only])),
    ).toEqual({
      'Cultivar semeada': false,
      'Possui outorga': false,
      'Data da semeadura': false,
      'Início da irrigação': false,
      Aplicações: false,
      'Parecer da vistoria': true,
    });
  });

  it('sends it gzipped to a browser, the same answer as the text one', async () => {
    const { url } = await startedForm();
    const headers = await t.auth(owner);
    const plain = await t.app.inject({ url, headers });
    const zipped = await t.app.inject({
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it("lets staff read it: the instance's technician and admins fill only the producer-read-only fields", async () => {
    const { url, ids } = await startedForm();
    for (const caller of [technician, admin]) {
      const form = formOf(await call(caller, 'GET', url));
      expect(form.actions).toEqual({ edit: true, finish: false });
      expect(fieldIn(form, ids.staff).read_only).toBe(false);
      expect(fieldIn(form, ids.text).read_only).toBe(true);
      expect(fieldIn(form, ids.list).read_only).toBe(true);
    }
    const other = formOf(await call(otherTechnician, 'GET', url));
    expect(other.actions).toEqual({ edit: false, finish: false });
    expect(other.field_instances.every((field) => field.read_only)).toBe(true);
  });

  it('marks read-only fields, reopened fields and actions as access.ts decides, for every caller and state', async () => {
    // The database writes these (queries.ts); access.ts decides them for every write.
    const staffColumns = await createField(t.db, {
      name: 'Vistoria das aplicações',
      type: 'form',
      children: [library.product, library.staff],
    });
    const staffList = await createField(t.db, {
      name: 'Laudos',
      type: 'form',
      producerReadOnly: true,
      children: [library.product],
    });
    const { process } = await createSeal(t.db);
    await createForm(t.db, process.id, {
      fieldIds: [library.text, library.plain, library.staff, staffColumns.id, staffList.id],
    });
    const { instance, forms } = await startedInstance(t.db, {
      process,
      property: farm,
      technician,
    });
    const formId = forms[0]!.id;
    await addTableRow(t.db, formId, staffColumns.id);
    await addTableRow(t.db, formId, staffList.id);
    const pendencyOn = (fieldId: string, status: 'open' | 'answered') =>
      createPendency(t.db, {
        instance,
        formInstanceId: formId,
        fieldInstanceId: forms[0]!.fieldInstanceOf(fieldId),
        by: technician,
        owner,
        status,
      });
    await pendencyOn(library.text, 'open');
    await pendencyOn(staffColumns.id, 'open');
    await pendencyOn(library.plain, 'answered');
    const url = `/api/process-instance/${instance.id}/form/${formId}`;

    const states = [
      { initiated: false, finished: false, commited: false },
      { initiated: true, finished: false, commited: false },
      { initiated: true, finished: false, commited: true },
      { initiated: true, finished: true, commited: false },
      { initiated: true, finished: true, commited: true },
    ];
    for (const flags of states) {
      await t.db
        .update(processInstances)
        .set({ initiated: flags.initiated, finished: flags.finished })
        .where(eq(processInstances.id, instance.id));
      await t.db
        .update(formInstances)
        .set({ commited: flags.commited })
        .where(eq(formInstances.id, formId));
      const state = { ownerId: owner.id, technicianId: technician.id, ...flags };
      for (const caller of [admin, technician, otherTechnician, owner, user]) {
        const response = await call(caller, 'GET', url);
        const viewer = viewerOf(caller, state);
        if (!viewer) {
          expect(response.statusCode).toBe(404);
          continue;
        }
        const form = formOf(response);
        const writer = activeWriter(caller, state);
        const reopenable =
          viewer === 'producer' && flags.commited && flags.initiated && !flags.finished;
        const expected = form.field_instances.map((field) => {
          const editable = reopenable && field.pendency?.status === 'open';
          const fieldWriter = editable ? 'producer' : writer;
          const staff = field.field.producer_read_only;
          return {
            name: field.field.name,
            editable,
            read_only: !mayWriteField(fieldWriter, staff),
            cells: field.child_field_instances.map(
              (cell) => !mayWriteField(fieldWriter, staff || cell.field.producer_read_only),
            ),
          };
        });
        const context = `${caller.role} ${caller.id === technician.id ? '(assigned)' : ''} ${JSON.stringify(flags)}`;
        expect(form.actions, context).toEqual({
          edit: writer !== null,
          finish: writer === 'producer',
        });
        expect(
          form.field_instances.map((field) => ({
            name: field.field.name,
            editable: field.editable,
            read_only: field.read_only,
            cells: field.child_field_instances.map((cell) => cell.read_only),
          })),
          context,
        ).toEqual(expected);
      }
    }
  });

  it('costs the same number of queries for 2 fields as for 40 fields and a 20-row table', async () => {
    const small = await startedForm({ fields: ['text', 'plain'] });
    const manyFields = await Promise.all(
      Array.from({ length: 38 }, (_, index) =>
        createField(t.db, { name: `Campo ${index}`, type: index % 2 ? 'date' : 'text' }),
      ),
    );
    const { process } = await createSeal(t.db);
    await createForm(t.db, process.id, {
      fieldIds: [library.list, library.bool, ...manyFields.map((field) => field.id)],
    });
    const {
      instance,
      forms: [big],
    } = await startedInstance(t.db, { process, property: farm, technician });
    for (let row = 0; row < 20; row += 1) {
      await addTableRow(t.db, big!.id, library.list, { [library.product]: `Produto ${row}` });
    }
    const headers = await t.auth(owner);
    const count = async (url: string) =>
      (await t.queriesDuring(() => t.app.inject({ url, headers }))).length;
    const bigUrl = `/api/process-instance/${instance.id}/form/${big!.id}`;
    const bigForm = formOf(await call(owner, 'GET', bigUrl));
    expect(bigForm.field_instances).toHaveLength(40);
    expect(bigForm.field_instances[0]!.child_field_instances).toHaveLength(80);
    expect(await count(bigUrl)).toBe(await count(small.url));
    expect(await count(small.url)).toBeLessThanOrEqual(2);
  });
});

describe('PUT /api/process-instance/{id}/form/{formId}/save', () => {
  it('answers 401, 403 to an unverified account and 404 to a producer who is not the owner', async () => {
    const { url, ids } = await startedForm({ fields: ['text'] });
    const fields = [{ id: ids.text, content: 'IRGA 424' }];
    expect((await save(null, url, fields)).statusCode).toBe(401);
    expect((await save(pendingUser, url, fields)).statusCode).toBe(403);
    const other = await save(otherOwner, url, fields);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: m.notFound });
    expect((await contentOf(ids.text))!.content).toBeNull();
  });

  it('checks every type and answers one 422 entry per invalid field, saving nothing', async () => {
    const { url, ids } = await startedForm();
    const response = await save(owner, url, [
      { id: ids.text, content: 'IRGA 424 RI' },
      { id: ids.date, content: '31/02/2025' },
      { id: ids.bool, content: 'sim' },
      { id: ids.datetime, content: '2025-10-01T08:00' },
      { id: ids.list, content: 'uma linha' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'fields', 1, 'content'], msg: m.dateInvalid, type: 'date' },
        { loc: ['body', 'fields', 2, 'content'], msg: m.boolInvalid, type: 'bool' },
        { loc: ['body', 'fields', 3, 'content'], msg: m.datetimeInvalid, type: 'datetime' },
        { loc: ['body', 'fields', 4, 'content'], msg: m.listHasNoContent, type: 'form' },
      ],
    });
    // All or nothing: the valid text was not written either.
    expect((await contentOf(ids.text))!.content).toBeNull();
  });

  it.each([
    ['a day that does not exist', 'date', '2025-02-30', m.dateInvalid],
    ['a Brazilian-format day', 'date', '01/10/2025', m.dateInvalid],
    ['a date-time without its zone', 'datetime', '2025-10-01T08:00:00', m.datetimeInvalid],
    ['a date-time at 25 o’clock', 'datetime', '2025-10-01T25:00:00Z', m.datetimeInvalid],
    ['a date as a date-time', 'datetime', '2025-10-01', m.datetimeInvalid],
    ['a number as Sim/Não', 'bool', '1', m.boolInvalid],
    ['a JSON boolean in a date', 'date', true, m.dateInvalid],
  ] as const)('refuses %s', async (_case, key, content, msg) => {
    const { url, ids } = await startedForm({ fields: [key] });
    const response = await save(owner, url, [{ id: ids[key], content }]);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(msg);
  });

  it('refuses a text over 4000 characters and a NUL character', async () => {
    const { url, ids } = await startedForm({ fields: ['text'] });
    const long = await save(owner, url, [{ id: ids.text, content: 'a'.repeat(4001) }]);
    expect(long.statusCode).toBe(422);
    expect(long.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(m.textTooLong(4000));
    const nul = await save(owner, url, [{ id: ids.text, content: 'a\u0000b' }]);
    expect(nul.statusCode).toBe(422);
    expect(nul.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      messages.common.invalidCharacter,
    );
  });

  it('refuses a field of another form and the same field twice', async () => {
    const { url, ids } = await startedForm({ fields: ['text'] });
    const other = await startedForm({ fields: ['text'] });
    const foreign = await save(owner, url, [{ id: other.ids.text, content: 'x' }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toEqual({
      detail: [{ loc: ['body', 'fields', 0, 'id'], msg: m.fieldNotFound, type: 'not_found' }],
    });
    const twice = await save(owner, url, [
      { id: ids.text, content: 'a' },
      { id: ids.text, content: 'b' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(JSON.stringify(twice.json())).toContain(m.repeatedField);
  });

  it('saves every type at once, in the stored form of each, and bumps the versions it changed', async () => {
    const { url, ids } = await startedForm();
    const response = await save(owner, url, [
      { id: ids.text, content: 'IRGA 424 RI' },
      { id: ids.bool, content: 'TRUE' },
      // A date-time where a date goes: its day in São Paulo (DESIGN §4).
      { id: ids.date, content: '2025-10-02T01:30:00Z' },
      { id: ids.datetime, content: '2025-10-01T08:15:00-03:00' },
    ]);
    expect(response.statusCode).toBe(200);
    const form = formOf(response);
    expect(fieldIn(form, ids.text)).toMatchObject({ content: 'IRGA 424 RI', version: 1 });
    expect(fieldIn(form, ids.bool)).toMatchObject({ content: 'true', version: 1 });
    expect(fieldIn(form, ids.date)).toMatchObject({ content: '2025-10-01', version: 1 });
    expect(fieldIn(form, ids.datetime)).toMatchObject({
      content: '2025-10-01T11:15:00.000Z',
      version: 1,
    });
    expect(fieldIn(form, ids.text).updated_by).toEqual({ id: owner.id, name: 'Sérgio Antunes' });
    expect((await contentOf(ids.text))!.updatedBy).toBe(owner.id);

    // The same content again changes nothing; an empty one clears the field.
    const again = formOf(
      await save(owner, url, [
        { id: ids.text, content: 'IRGA 424 RI', version: 0 },
        { id: ids.bool, content: false, version: 1 },
        { id: ids.date, content: '', version: 1 },
        { id: ids.datetime, content: null, version: 1 },
      ]),
    );
    expect(fieldIn(again, ids.text)).toMatchObject({ content: 'IRGA 424 RI', version: 1 });
    expect(fieldIn(again, ids.bool)).toMatchObject({ content: 'false', version: 2 });
    expect(fieldIn(again, ids.date)).toMatchObject({ content: null, version: 2 });
    expect(fieldIn(again, ids.datetime)).toMatchObject({ content: null, version: 2 });
  });

  it('saves the cells of a Lista', async () => {
    const { url, ids, formId } = await startedForm({ fields: ['list'] });
    await addTableRow(t.db, formId, library.list);
    const [cellProduct, cellDate, cellDone] = fieldIn(
      formOf(await call(owner, 'GET', url)),
      ids.list,
    ).child_field_instances;
    const form = formOf(
      await save(owner, url, [
        { id: cellProduct!.id, content: 'Herbicida' },
        { id: cellDate!.id, content: '2025-11-03' },
        { id: cellDone!.id, content: true },
      ]),
    );
    expect(fieldIn(form, ids.list).child_field_instances.map((cell) => cell.content)).toEqual([
      'Herbicida',
      '2025-11-03',
      'true',
      null,
    ]);
  });

  it("keeps producer-read-only fields to the instance's technician and admins, and the rest to the producer", async () => {
    const { url, ids } = await startedForm();
    const ownerTry = await save(owner, url, [{ id: ids.staff, content: 'Aprovado' }]);
    expect(ownerTry.statusCode).toBe(403);
    expect(ownerTry.json()).toEqual({ detail: m.staffField });
    const technicianTry = await save(technician, url, [{ id: ids.text, content: 'x' }]);
    expect(technicianTry.statusCode).toBe(403);
    expect(technicianTry.json()).toEqual({ detail: m.producerField });
    const outsider = await save(otherTechnician, url, [{ id: ids.staff, content: 'x' }]);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ detail: m.notAssigned });

    const byTechnician = await save(technician, url, [{ id: ids.staff, content: 'Vistoria ok' }]);
    expect(byTechnician.statusCode).toBe(200);
    const byAdmin = await save(admin, url, [{ id: ids.staff, content: 'Revisado', version: 1 }]);
    expect(byAdmin.statusCode).toBe(200);
    expect(fieldIn(formOf(byAdmin), ids.staff)).toMatchObject({
      content: 'Revisado',
      version: 2,
      updated_by: { id: admin.id, name: 'Helena Schneider' },
    });
  });

  it('answers 409 with the current values when a field changed since the version sent, saving nothing', async () => {
    const { url, ids } = await startedForm();
    await save(owner, url, [{ id: ids.text, content: 'No celular' }]);
    const response = await save(owner, url, [
      { id: ids.date, content: '2025-10-01', version: 0 },
      { id: ids.text, content: 'No computador', version: 0 },
    ]);
    expect(response.statusCode).toBe(409);
    const body = response.json<{ detail: string; conflicts: unknown[] }>();
    expect(body.detail).toBe(m.conflict);
    expect(body.conflicts).toEqual([
      {
        id: ids.text,
        content: 'No celular',
        version: 1,
        updated_at: expect.any(String),
        updated_by: { id: owner.id, name: 'Sérgio Antunes' },
      },
    ]);
    expect((await contentOf(ids.date))!.content).toBeNull();
    // A save repeated after its answer was lost carries the old version and the same content.
    const repeated = await save(owner, url, [{ id: ids.text, content: 'No celular', version: 0 }]);
    expect(repeated.statusCode).toBe(200);
    // Choosing one's own version means sending it on the server's.
    const chosen = await save(owner, url, [{ id: ids.text, content: 'No computador', version: 1 }]);
    expect(fieldIn(formOf(chosen), ids.text)).toMatchObject({
      content: 'No computador',
      version: 2,
    });
  });

  it('refuses every write once the instance is concluded', async () => {
    const { url, ids, instance } = await startedForm({ fields: ['text'] });
    await t.db
      .update(processInstances)
      .set({ finished: true })
      .where(eq(processInstances.id, instance.id));
    const response = await save(owner, url, [{ id: ids.text, content: 'x' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: m.instanceFinished,
      kind: 'process_instance',
      current: { id: instance.id, finished: true },
    });
  });
});

describe('PUT /api/process-instance/{id}/form/{formId}/field/{fieldId}/edit', () => {
  const edit = (caller: Caller, url: string, id: string, fields: Record<string, string>) =>
    multipart(fields).then((body) => call(caller, 'PUT', `${url}/field/${id}/edit`, body));

  it('writes one field from multipart content and answers it', async () => {
    const { url, ids } = await startedForm({ fields: ['date'] });
    const response = await edit(owner, url, ids.date, { content: '2025-09-20' });
    expect(response.statusCode).toBe(200);
    const field: FieldInstance = FieldInstanceSchema.strict().parse(response.json());
    expect(field).toMatchObject({ id: ids.date, content: '2025-09-20', version: 1 });
    const cleared = await edit(owner, url, ids.date, { content: '' });
    expect(cleared.json()).toMatchObject({ content: null, version: 2 });
  });

  it('takes JSON too, and a stale version is a conflict', async () => {
    const { url, ids } = await startedForm({ fields: ['bool'] });
    const first = await call(
      owner,
      'PUT',
      `${url}/field/${ids.bool}/edit`,
      json({ content: true }),
    );
    expect(first.json()).toMatchObject({ content: 'true', version: 1 });
    const stale = await edit(owner, url, ids.bool, { content: 'false', version: '0' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ conflicts: unknown[] }>().conflicts).toHaveLength(1);
  });

  it('refuses a missing content, an invalid one and an unknown field', async () => {
    const { url, ids } = await startedForm({ fields: ['date'] });
    const missing = await edit(owner, url, ids.date, { other: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [{ loc: ['body', 'content'], msg: m.contentRequired, type: expect.any(String) }],
    });
    const invalid = await edit(owner, url, ids.date, { content: 'amanhã' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      detail: [{ loc: ['body', 'content'], msg: m.dateInvalid, type: 'date' }],
    });
    const unknown = await edit(owner, url, newId(), { content: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: m.fieldNotFound });
  });
});

describe('rows of a Lista: add-row and delete', () => {
  const addRow = (caller: Caller, url: string, id: string) =>
    call(caller, 'POST', `${url}/field/${id}/add-row`);
  const remove = (caller: Caller, url: string, id: string) =>
    call(caller, 'DELETE', `${url}/field/${id}/delete`);

  it('adds a row with one empty cell per column, in column order', async () => {
    const { url, ids } = await startedForm({ fields: ['list', 'text'] });
    const response = await addRow(owner, url, ids.list);
    expect(response.statusCode).toBe(201);
    const first = fieldIn(formOf(response), ids.list);
    expect(first.child_field_instances.map((cell) => [cell.field.name, cell.content])).toEqual([
      ['Produto', null],
      ['Data da aplicação', null],
      ['Aplicado', null],
      ['Receituário', null],
    ]);
    const rowId = first.child_field_instances[0]!.row_id;
    expect(first.child_field_instances.every((cell) => cell.row_id === rowId)).toBe(true);
    expect(
      first.child_field_instances.every((cell) => cell.parent_field_instance_id === ids.list),
    ).toBe(true);
    const second = fieldIn(formOf(await addRow(owner, url, ids.list)), ids.list);
    expect(second.child_field_instances).toHaveLength(8);
    expect(second.child_field_instances.slice(0, 4).every((cell) => cell.row_id === rowId)).toBe(
      true,
    );
  });

  it('refuses a field that is not a Lista, an unknown one, and staff on a producer Lista', async () => {
    const { url, ids } = await startedForm({ fields: ['list', 'text'] });
    const notList = await addRow(owner, url, ids.text);
    expect(notList.statusCode).toBe(400);
    expect(notList.json()).toEqual({ detail: m.notAList });
    expect((await addRow(owner, url, newId())).statusCode).toBe(404);
    const staff = await addRow(technician, url, ids.list);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ detail: m.producerField });
  });

  it(`stops at ${TABLE_ROWS_MAX} rows`, async () => {
    const { url, ids, formId } = await startedForm({ fields: ['list'] });
    await t.db.insert(fieldInstances).values(
      Array.from({ length: TABLE_ROWS_MAX }, () => ({
        id: newId(),
        formInstanceId: formId,
        fieldId: library.product,
        parentFieldInstanceId: ids.list,
        rowId: newId(),
      })),
    );
    const response = await addRow(owner, url, ids.list);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: m.tooManyRows(TABLE_ROWS_MAX) });
  });

  it('deletes a row by its row_id with its cells and their proofs', async () => {
    const { url, ids, formId } = await startedForm({ fields: ['list'] });
    const keep = await addTableRow(t.db, formId, library.list, { [library.product]: 'Fica' });
    const gone = await addTableRow(t.db, formId, library.list, { [library.product]: 'Sai' });
    const cells = fieldIn(formOf(await call(owner, 'GET', url)), ids.list).child_field_instances;
    const receipt = cells.find((cell) => cell.row_id === gone && cell.field.proof)!;
    const uploaded = await call(
      owner,
      'POST',
      `${url}/field/${receipt.id}/proof`,
      await proofBody(PDF, 'receita.pdf', 'application/pdf'),
    );
    expect(uploaded.statusCode).toBe(200);
    const [stored] = await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, receipt.id));

    const response = await remove(owner, url, gone);
    expect(response.statusCode).toBe(200);
    const left = fieldIn(formOf(response), ids.list).child_field_instances;
    expect(new Set(left.map((cell) => cell.row_id))).toEqual(new Set([keep]));
    expect(await t.db.select().from(fieldInstances).where(eq(fieldInstances.rowId, gone))).toEqual(
      [],
    );
    expect(await t.deps.storage.open(stored!.storageKey)).toBeNull();
    expect((await remove(owner, url, gone)).statusCode).toBe(404);
  });

  it('deletes one cell, and the row goes with its last cell', async () => {
    const { url, ids, formId } = await startedForm({ fields: ['list'] });
    const rowId = await addTableRow(t.db, formId, library.list);
    const cells = fieldIn(formOf(await call(owner, 'GET', url)), ids.list).child_field_instances;
    const afterOne = fieldIn(formOf(await remove(owner, url, cells[0]!.id)), ids.list);
    expect(afterOne.child_field_instances.map((cell) => cell.id)).toEqual(
      cells.slice(1).map((cell) => cell.id),
    );
    for (const cell of cells.slice(1))
      expect((await remove(owner, url, cell.id)).statusCode).toBe(200);
    const after = fieldIn(formOf(await call(owner, 'GET', url)), ids.list);
    expect(after.child_field_instances.filter((cell) => cell.row_id === rowId)).toEqual([]);
  });

  it('does not delete the fields of the form itself, nor for staff on a producer Lista', async () => {
    const { url, ids, formId } = await startedForm({ fields: ['list', 'text'] });
    const field = await remove(owner, url, ids.text);
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ detail: m.onlyRowsDeleted });
    expect((await remove(owner, url, ids.list)).statusCode).toBe(400);
    const rowId = await addTableRow(t.db, formId, library.list);
    const staff = await remove(admin, url, rowId);
    expect(staff.statusCode).toBe(403);
    expect((await remove(otherOwner, url, rowId)).statusCode).toBe(404);
  });
});

describe('proofs: POST and GET …/field/{fieldId}/proof', () => {
  const upload = async (
    caller: Caller,
    url: string,
    id: string,
    bytes: Buffer,
    name: string,
    type: string,
  ) => call(caller, 'POST', `${url}/field/${id}/proof`, await proofBody(bytes, name, type));

  it.each([
    ['a PDF', PDF, 'outorga.pdf', 'application/pdf'],
    ['a JPEG photo', JPEG, 'foto.jpg', 'image/jpeg'],
    ['a PNG', PNG, 'print.png', 'image/png'],
    ['a WebP', WEBP, 'foto.webp', 'image/webp'],
  ] as const)(
    'takes %s, and gives it back to whoever may see the form',
    async (_case, bytes, name, mime) => {
      const { url, ids, instance, formId } = await startedForm({ fields: ['bool'] });
      const response = await upload(owner, url, ids.bool, bytes, name, mime);
      expect(response.statusCode).toBe(200);
      const proof = fieldIn(formOf(response), ids.bool).proof;
      expect(proof).toEqual({
        filename: name,
        mime,
        size: bytes.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        uploaded_at: expect.any(String),
        uploaded_by: { id: owner.id, name: 'Sérgio Antunes' },
        url: `/api/process-instance/${instance.id}/form/${formId}/field/${ids.bool}/proof`,
      });
      for (const caller of [owner, technician, admin]) {
        const download = await call(caller, 'GET', `${url}/field/${ids.bool}/proof`);
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe(mime);
        expect(download.headers['content-disposition']).toContain(`attachment; filename="${name}"`);
        expect(download.headers['x-content-type-options']).toBe('nosniff');
        expect(download.rawPayload.equals(bytes)).toBe(true);
      }
      expect((await call(otherOwner, 'GET', `${url}/field/${ids.bool}/proof`)).statusCode).toBe(
        404,
      );
    },
  );

  it('refuses an HTML page named as a PNG, a GIF and a plain text', async () => {
    const { url, ids } = await startedForm({ fields: ['bool'] });
    const renamed = await upload(owner, url, ids.bool, FAKE_PNG, 'foto.png', 'image/png');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const disguised = await upload(owner, url, ids.bool, FAKE_PNG, 'laudo.pdf', 'application/pdf');
    expect(disguised.statusCode).toBe(415);
    const gif = await upload(owner, url, ids.bool, GIF, 'anim.gif', 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toEqual({ detail: m.proofType });
    const text = await upload(owner, url, ids.bool, Buffer.from('oi'), 'nota.txt', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: m.proofType });
    expect(await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, ids.bool))).toEqual(
      [],
    );
  });

  it('refuses a file over 10 MB and a request without the file', async () => {
    const { url, ids } = await startedForm({ fields: ['bool'] });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length)]);
    const tooLarge = await upload(owner, url, ids.bool, big, 'grande.pdf', 'application/pdf');
    expect(tooLarge.statusCode).toBe(413);
    const none = await call(
      owner,
      'POST',
      `${url}/field/${ids.bool}/proof`,
      await multipart({ other: 'x' }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(m.proofFileRequired);
  });

  it('refuses a field that asks for no proof, and staff on a producer field', async () => {
    const { url, ids } = await startedForm({ fields: ['bool', 'text'] });
    const noProof = await upload(owner, url, ids.text, PDF, 'a.pdf', 'application/pdf');
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json()).toEqual({ detail: m.noProof });
    const staff = await upload(technician, url, ids.bool, PDF, 'a.pdf', 'application/pdf');
    expect(staff.statusCode).toBe(403);
    const missing = await call(owner, 'GET', `${url}/field/${ids.bool}/proof`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: m.proofMissing });
  });

  it('replaces the proof and removes the old file', async () => {
    const { url, ids } = await startedForm({ fields: ['bool'] });
    await upload(owner, url, ids.bool, PDF, 'primeira.pdf', 'application/pdf');
    const [first] = await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, ids.bool));
    const response = await upload(owner, url, ids.bool, PNG, 'C:\\fotos\\segunda.png', 'image/png');
    expect(fieldIn(formOf(response), ids.bool).proof).toMatchObject({
      filename: 'segunda.png',
      mime: 'image/png',
    });
    expect(await t.deps.storage.open(first!.storageKey)).toBeNull();
    expect(
      await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, ids.bool)),
    ).toHaveLength(1);
  });
});

describe('PUT /api/process-instance/{id}/form/{formId}/finish', () => {
  const finish = (caller: Caller, url: string, body?: Record<string, string>) =>
    call(caller, 'PUT', `${url}/finish`, body ? json(body) : undefined);
  const upload = async (url: string, id: string) =>
    call(
      owner,
      'POST',
      `${url}/field/${id}/proof`,
      await proofBody(PDF, 'comprovante.pdf', 'application/pdf'),
    );

  it('answers 422 naming every proof field without its file, cells included, and locks nothing', async () => {
    const { url, ids, formId } = await startedForm({ fields: ['bool', 'list'] });
    await addTableRow(t.db, formId, library.list);
    const response = await finish(owner, url);
    expect(response.statusCode).toBe(422);
    const cell = fieldIn(
      formOf(await call(owner, 'GET', url)),
      ids.list,
    ).child_field_instances.find((item) => item.field.proof)!;
    expect(response.json()).toEqual({
      detail: [
        {
          loc: ['field_instances', ids.bool, 'proof'],
          msg: m.proofRequired('Possui outorga'),
          type: 'proof_required',
        },
        {
          loc: ['field_instances', cell.id, 'proof'],
          msg: m.proofRequired('Aplicações: Receituário'),
          type: 'proof_required',
        },
      ],
    });
    expect(
      (await t.db.select().from(formInstances).where(eq(formInstances.id, formId)))[0]!.commited,
    ).toBe(false);
  });

  it('finishes a form whose proofs are all there, records who and when, and locks it for everyone', async () => {
    const { url, ids, formId, instance } = await startedForm({
      fields: ['bool', 'text', 'list', 'staff'],
    });
    await upload(url, ids.bool);
    await addTableRow(t.db, formId, library.list);
    const receipt = fieldIn(
      formOf(await call(owner, 'GET', url)),
      ids.list,
    ).child_field_instances.find((item) => item.field.proof)!;
    await upload(url, receipt.id);

    for (const caller of [technician, admin]) {
      const staff = await finish(caller, url);
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toEqual({ detail: m.finishOwnerOnly });
    }
    expect((await finish(otherOwner, url)).statusCode).toBe(404);

    const response = await finish(owner, url);
    expect(response.statusCode).toBe(200);
    const form = formOf(response);
    expect(form).toMatchObject({
      commited: true,
      commited_by: { id: owner.id, name: 'Sérgio Antunes' },
      signature: null,
      actions: { edit: false, finish: false },
    });
    expect(form.commited_at).not.toBeNull();
    expect(form.field_instances.every((field) => field.read_only)).toBe(true);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.processInstanceId, instance.id), eq(events.type, 'form_finished')));
    expect(event).toMatchObject({
      actorId: owner.id,
      message: m.eventFinished('Manejo da lavoura', 'Sérgio Antunes'),
      data: { form_instance_id: formId },
    });
    const detail = await call(owner, 'GET', `/api/process-instance/${instance.id}`);
    expect(detail.json()).toMatchObject({ progress: { finished: 1, total: 1 } });

    // Every write to a finished form: 409 'Formulário já finalizado', with the form as it is
    // (the finish itself has nothing queued to compare, and says it alone).
    const writes = [
      () => save(owner, url, [{ id: ids.text, content: 'tarde demais' }]),
      () => save(technician, url, [{ id: ids.staff, content: 'tarde demais' }]),
      () =>
        multipart({ content: 'x' }).then((body) =>
          call(owner, 'PUT', `${url}/field/${ids.text}/edit`, body),
        ),
      () => call(owner, 'POST', `${url}/field/${ids.list}/add-row`),
      () => call(owner, 'DELETE', `${url}/field/${receipt.row_id}/delete`),
      () => upload(url, ids.bool),
      () => finish(owner, url),
    ];
    for (const write of writes) {
      const refused = await write();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: m.commited });
    }
    const withCurrent = await writes[0]!();
    expect(withCurrent.json()).toMatchObject({
      kind: 'form_instance',
      current: { id: formId, commited: true },
    });
  });

  it('signs a form that requires it with the password: signer, time and the hash of the content', async () => {
    const { url, ids, formId, instance } = await startedForm({
      fields: ['text', 'list'],
      sign: true,
    });
    await fillFormFields(t.db, formId, { [library.text]: 'IRGA 424 RI' }, owner);
    await addTableRow(t.db, formId, library.list, { [library.product]: 'Fungicida' });
    const receipt = fieldIn(
      formOf(await call(owner, 'GET', url)),
      ids.list,
    ).child_field_instances.find((item) => item.field.proof)!;
    await upload(url, receipt.id);

    const missing = await finish(owner, url);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: m.passwordRequired, type: 'missing' }],
    });
    const wrong = await finish(owner, url, { password: 'não-é-essa' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: m.passwordWrong, type: 'wrong_password' }],
    });
    // The wrong guess counts against the account's budget, as a wrong login does.
    expect(
      await t.db.select().from(authFailures).where(eq(authFailures.accountKey, owner.email)),
    ).toHaveLength(1);
    expect(
      (await t.db.select().from(formInstances).where(eq(formInstances.id, formId)))[0]!.commited,
    ).toBe(false);

    const before = formOf(await call(owner, 'GET', url));
    const response = await finish(owner, url, { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const form = formOf(response);
    expect(form.signature).toEqual({
      signed_by: { id: owner.id, name: 'Sérgio Antunes' },
      signed_at: form.commited_at,
      hash: signatureHash({ id: formId, name: 'Manejo da lavoura' }, before.field_instances),
    });
    expect(form.signature!.hash).toMatch(/^[0-9a-f]{64}$/);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.processInstanceId, instance.id), eq(events.type, 'form_finished')));
    expect(event!.message).toBe(m.eventSigned('Manejo da lavoura', 'Sérgio Antunes'));
  });

  it('takes the password as multipart too, and answers 429 once the account has no attempts left', async () => {
    const { url } = await startedForm({ fields: ['text'], sign: true });
    const victim = await createUser(t.db, { role: 'owner' });
    await t.db
      .update(processInstances)
      .set({ propertyId: (await createProperty(t.db, { owner: victim })).id })
      .where(eq(processInstances.id, url.split('/')[3]!));
    await t.db.insert(authFailures).values(
      Array.from({ length: 10 }, () => ({
        id: newId(),
        kind: 'password' as const,
        accountKey: victim.email,
      })),
    );
    const locked = await call(
      victim,
      'PUT',
      `${url}/finish`,
      await multipart({ password: PASSWORD }),
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('finishes with an empty body when no signature is required', async () => {
    const { url, formId } = await startedForm({ fields: ['text'] });
    const response = await finish(owner, url);
    expect(response.statusCode).toBe(200);
    expect(
      (
        await t.db
          .select()
          .from(formInstances)
          .where(inArray(formInstances.id, [formId]))
      )[0],
    ).toMatchObject({ commited: true, commitedBy: owner.id, signedBy: null, signatureHash: null });
  });
});

describe('the demo data', () => {
  it("gives the demo producer's started instance a first look: answers, a two-row table, a finished form", async () => {
    const demo = await seedDemo(t.db, t.deps.storage);
    const detail = await call(
      demo.producer,
      'GET',
      `/api/process-instance/${demo.instances.ongoing}`,
    );
    const forms = detail.json<{ form_instances: { id: string; name: string }[] }>().form_instances;
    const read = async (name: string) =>
      formOf(
        await call(
          demo.producer,
          'GET',
          `/api/process-instance/${demo.instances.ongoing}/form/${forms.find((form) => form.name === name)!.id}`,
        ),
      );
    const characterization = await read('Caracterização da lavoura');
    expect(characterization).toMatchObject({
      commited: true,
      commited_by: { name: 'Sérgio Antunes Rodrigues' },
    });
    expect(characterization.field_instances.every((field) => field.content !== null)).toBe(true);
    const irrigation = await read('Manejo da irrigação');
    expect(irrigation.commited).toBe(false);
    expect(irrigation.field_instances.filter((field) => field.content !== null)).toHaveLength(1);
    const phytosanitary = await read('Manejo fitossanitário');
    const list = phytosanitary.field_instances.find((field) => field.field.type === 'form')!;
    expect(new Set(list.child_field_instances.map((cell) => cell.row_id)).size).toBe(2);
  });
});
