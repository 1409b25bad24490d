import { messages, ProcessSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formFields, forms, processes, processFields, stamps } from '../../src/db/schema';
import {
  addProcessFields,
  createField,
  createForm,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { PDF, PNG } from '../support/files';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.safras;

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  owner = await createUser(t.db, { role: 'owner' });
});

const nextBody = (overrides: Record<string, string> = {}) => ({
  safra: '2027/28',
  start_date: '2027-08-01',
  end_date: '2028-03-31',
  validity_start: '2028-04-01',
  validity_end: '2029-03-31',
  ...overrides,
});

const post = async (caller: UserRow | null, processId: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/process/${processId}/next-season`,
    headers: caller ? await t.auth(caller) : {},
    payload: body as Record<string, unknown>,
  });

/** A 2026/27 seal with an image, an edital, two forms (a text field and a Lista) and a document. */
async function sourceSeal() {
  const seal = await createSeal(t.db, {
    process: {
      safra: '2026/27',
      levels: ['prata', 'ouro'],
      committee: true,
      noticeFileKey: `notices/${crypto.randomUUID()}.pdf`,
    },
    stamp: {
      name: 'Arroz Sustentável RS',
      features: ['Uso racional da água'],
      imageKey: `stamps/${crypto.randomUUID()}.png`,
      imageMime: 'image/png',
    },
  });
  await t.deps.storage.put(seal.stamp.imageKey!, PNG);
  await t.deps.storage.put(seal.process.noticeFileKey!, PDF);
  const text = await createField(t.db, { name: 'Cultivar semeada' });
  const column = await createField(t.db, { name: 'Produto' });
  const list = await createField(t.db, { name: 'Aplicações', type: 'form', children: [column.id] });
  const document = await createField(t.db, { name: 'Outorga', proof: true });
  const first = await createForm(t.db, seal.process.id, {
    name: 'Caracterização da lavoura',
    position: 0,
    obligatory: true,
    fieldIds: [text.id],
  });
  const second = await createForm(t.db, seal.process.id, {
    name: 'Manejo',
    position: 1,
    sign: true,
    fieldIds: [list.id, text.id],
  });
  await addProcessFields(t.db, seal.process.id, [document.id]);
  return { ...seal, forms: [first, second], fieldIds: { text, list, document } };
}

async function bytesOf(key: string) {
  const stream = await t.deps.storage.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /api/process/{processId}/next-season', () => {
  it('answers 401 without a token and 403 to technicians and producers', async () => {
    const { process } = await sourceSeal();
    expect((await post(null, process.id, nextBody())).statusCode).toBe(401);
    for (const user of [technician, owner]) {
      const response = await post(user, process.id, nextBody());
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 404 for an unknown process', async () => {
    const response = await post(admin, crypto.randomUUID(), nextBody());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.seals.processNotFound });
  });

  it('refuses a safra not after the source, a malformed one and dates out of order', async () => {
    const { process } = await sourceSeal();
    const same = await post(admin, process.id, nextBody({ safra: '2026/27' }));
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ detail: m.nextSafraNotLater('2026/27') });
    const older = await post(admin, process.id, nextBody({ safra: '2025/26' }));
    expect(older.json()).toEqual({ detail: m.nextSafraNotLater('2026/27') });
    const malformed = await post(admin, process.id, nextBody({ safra: '2027/29' }));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0]).toMatchObject({
      loc: ['body', 'safra'],
      msg: m.safraInvalid,
    });
    const backwards = await post(admin, process.id, nextBody({ end_date: '2027-07-01' }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail[0]).toMatchObject({
      loc: ['body', 'end_date'],
      msg: messages.seals.endBeforeStart,
    });
    expect(
      await t.db.select().from(processes).where(eq(processes.previousProcessId, process.id)),
    ).toEqual([]);
  });

  it('copies the seal, image, edital, review settings, forms, fields and documents as a draft', async () => {
    const source = await sourceSeal();
    const response = await post(admin, source.process.id, nextBody());
    expect(response.statusCode).toBe(201);
    const copy = ProcessSchema.strict().parse(response.json());
    expect(copy).toMatchObject({
      safra: '2027/28',
      previous_process_id: source.process.id,
      next_process: null,
      released: false,
      description: source.process.description,
      notice: source.process.notice,
      start_date: '2027-08-01',
      end_date: '2028-03-31',
      validity_start: '2028-04-01',
      validity_end: '2029-03-31',
      levels: ['prata', 'ouro'],
      committee: true,
      forms_count: 2,
      stamp: { name: 'Arroz Sustentável RS', features: [{ feature: 'Uso racional da água' }] },
    });
    expect(copy.id).not.toBe(source.process.id);
    expect(copy.notice_url).toBe(`/api/process/${copy.id}/notice`);

    // The image and the edital: the same bytes under new keys.
    const [stamp] = await t.db.select().from(stamps).where(eq(stamps.processId, copy.id));
    const [row] = await t.db.select().from(processes).where(eq(processes.id, copy.id));
    expect(stamp!.imageKey).not.toBe(source.stamp.imageKey);
    expect(row!.noticeFileKey).not.toBe(source.process.noticeFileKey);
    expect(await bytesOf(stamp!.imageKey!)).toEqual(PNG);
    expect(await bytesOf(row!.noticeFileKey!)).toEqual(PDF);
    const image = await t.app.inject({ url: copy.stamp.image_url!, headers: await t.auth(admin) });
    expect(image.statusCode).toBe(200);

    // The forms in order, with the same fields of the library; the documents too.
    const copiedForms = await t.db
      .select()
      .from(forms)
      .where(eq(forms.processId, copy.id))
      .orderBy(forms.position);
    expect(copiedForms.map((form) => [form.name, form.obligatory, form.sign])).toEqual([
      ['Caracterização da lavoura', true, false],
      ['Manejo', false, true],
    ]);
    const fieldsOf = async (formId: string) =>
      (
        await t.db
          .select()
          .from(formFields)
          .where(eq(formFields.formId, formId))
          .orderBy(formFields.position)
      ).map((link) => link.fieldId);
    expect(await fieldsOf(copiedForms[0]!.id)).toEqual([source.fieldIds.text.id]);
    expect(await fieldsOf(copiedForms[1]!.id)).toEqual([
      source.fieldIds.list.id,
      source.fieldIds.text.id,
    ]);
    const documents = await t.db
      .select()
      .from(processFields)
      .where(eq(processFields.processId, copy.id));
    expect(documents.map((document) => document.fieldId)).toEqual([source.fieldIds.document.id]);

    // The original stays as it was, and now names its next season.
    expect(await fieldsOf(source.forms[1]!.id)).toEqual([
      source.fieldIds.list.id,
      source.fieldIds.text.id,
    ]);
    expect(await bytesOf(source.stamp.imageKey!)).toEqual(PNG);
    const original = await t.app.inject({
      url: `/api/process/${source.process.id}`,
      headers: await t.auth(admin),
    });
    expect(original.json()).toMatchObject({
      safra: '2026/27',
      previous_process_id: null,
      next_process: { id: copy.id, safra: '2027/28', released: false },
      forms_count: 2,
    });
    // The draft next season is the admins' only.
    const publicView = await t.app.inject({ url: `/api/process/${source.process.id}` });
    expect(publicView.json().next_process).toBeNull();

    // A second next season of the same process is refused.
    const again = await post(admin, source.process.id, nextBody({ safra: '2028/29' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: m.nextSeasonExists });
  });
});

describe('safra filters', () => {
  it('lists one safra of the processes and seals, and refuses a malformed one', async () => {
    const old = await createSeal(t.db, {
      process: { safra: '2030/31' },
      stamp: { name: 'Selo Filtro' },
    });
    const next = await createSeal(t.db, {
      process: { safra: '2031/32', previousProcessId: old.process.id },
      stamp: { name: 'Selo Filtro' },
    });
    const list = await t.app.inject({
      url: '/api/process/all?safra=2031/32',
      headers: await t.auth(admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((process: { id: string }) => process.id)).toEqual([next.process.id]);
    expect(list.headers['x-total-count']).toBe('1');
    const stampsOf = await t.app.inject({ url: '/api/stamp/all?safra=2030/31' });
    expect(stampsOf.json()).toEqual([
      expect.objectContaining({ process_id: old.process.id, safra: '2030/31' }),
    ]);
    for (const url of ['/api/process/all?safra=2031', '/api/stamp/all?safra=2031/33']) {
      const bad = await t.app.inject({ url, headers: await t.auth(admin) });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0].msg).toBe(m.safraInvalid);
    }
  });
});
