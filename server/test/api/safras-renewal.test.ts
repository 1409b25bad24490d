import { FormInstanceSchema, InstanceDetailSchema, messages } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, forms, processInstances, proofs } from '../../src/db/schema';
import {
  addTableRow,
  createCertificate,
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
import { day } from '../support/days';
import { PDF } from '../support/files';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

const m = messages.safras;

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let farm: PropertyRow;
let otherFarm: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  owner = await createUser(t.db, { role: 'owner' });
  otherOwner = await createUser(t.db, { role: 'owner' });
  farm = await createProperty(t.db, { owner });
  otherFarm = await createProperty(t.db, { owner: otherOwner });
});

const send = async (
  caller: UserRow | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: caller ? await t.auth(caller) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/**
 * Last season (2026/27) certified for `property` with every kind of answer, and its released
 * next season (2027/28) inside its request window, made through the API.
 */
async function twoSeasons(property: PropertyRow = farm) {
  const seal = await createSeal(t.db, { process: { safra: '2026/27' } });
  const text = await createField(t.db, { name: 'Cultivar semeada' });
  const sown = await createField(t.db, { name: 'Data da semeadura', type: 'date' });
  const organic = await createField(t.db, { name: 'Cultivo orgânico', type: 'bool' });
  const product = await createField(t.db, { name: 'Produto' });
  const dose = await createField(t.db, { name: 'Dose' });
  const list = await createField(t.db, {
    name: 'Aplicações',
    type: 'form',
    children: [product.id, dose.id],
  });
  const licence = await createField(t.db, { name: 'Outorga de água', proof: true });
  await createForm(t.db, seal.process.id, {
    name: 'Caracterização da lavoura',
    fieldIds: [text.id, sown.id, organic.id, list.id, licence.id],
  });
  const last = await startedInstance(t.db, { process: seal.process, property, technician });
  const form = last.forms[0]!;
  await fillFormFields(t.db, form.id, {
    [text.id]: 'IRGA 424 RI',
    [sown.id]: '2026-10-15',
    [organic.id]: 'false',
  });
  await addTableRow(t.db, form.id, list.id, { [product.id]: 'Ureia', [dose.id]: '120 kg/ha' });
  await addTableRow(t.db, form.id, list.id, { [product.id]: 'Potássio', [dose.id]: '60 kg/ha' });
  const proofKey = `proofs/${newId()}.pdf`;
  await t.deps.storage.put(proofKey, PDF);
  await t.db.insert(proofs).values({
    id: newId(),
    fieldInstanceId: form.fieldInstanceOf(licence.id),
    storageKey: proofKey,
    filename: 'outorga-2026.pdf',
    mime: 'application/pdf',
    size: PDF.length,
    sha256: 'abc',
  });
  await t.db
    .update(processInstances)
    .set({ finished: true, approved: true, finishedAt: new Date() })
    .where(eq(processInstances.id, last.instance.id));
  const certificate = await createCertificate(t.db, { instance: last.instance });
  const created = await send(admin, 'POST', `/api/process/${seal.process.id}/next-season`, {
    safra: '2027/28',
    start_date: day(-1),
    end_date: day(30),
    validity_start: day(60),
    validity_end: day(400),
  });
  expect(created.statusCode).toBe(201);
  const next = created.json<{ id: string }>();
  await send(admin, 'PUT', `/api/process/${next.id}/release`, { released: true });
  return {
    seal,
    last,
    certificate,
    proofKey,
    nextId: next.id,
    fields: { text, sown, organic, list, licence, product, dose },
  };
}

const renew = (caller: UserRow, processId: string, businessId: string, extra: object = {}) =>
  send(caller, 'PUT', `/api/process/${processId}/request`, {
    business_id: businessId,
    rice_area_ha: '12,5',
    renewal: 'true',
    ...extra,
  });

describe('renewal offer and request', () => {
  it('offers the owner the renewal, and accepts it once, from the holder only', async () => {
    const seasons = await twoSeasons();
    const oldUrl = `/api/process-instance/${seasons.last.instance.id}`;
    const detail = InstanceDetailSchema.strict().parse((await send(owner, 'GET', oldUrl)).json());
    expect(detail.renewal_offer).toEqual({ process_id: seasons.nextId, safra: '2027/28' });
    expect(detail.process.safra).toBe('2026/27');
    expect(detail.certificate?.safra).toBe('2026/27');
    // Staff see no offer: only the owner renews.
    expect((await send(technician, 'GET', oldUrl)).json().renewal_offer).toBeNull();
    const property = await send(owner, 'GET', `/api/property/${farm.id}`);
    expect(property.json().process_instances).toContainEqual(
      expect.objectContaining({
        id: seasons.last.instance.id,
        safra: '2026/27',
        renewal_offer: { process_id: seasons.nextId, safra: '2027/28' },
      }),
    );

    // Another producer's property holds no certificate of last season.
    const stranger = await renew(otherOwner, seasons.nextId, otherFarm.id);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toEqual({ detail: m.renewalNotHolder });
    // Someone else's property is not found, as for any request.
    expect((await renew(otherOwner, seasons.nextId, farm.id)).statusCode).toBe(404);

    const renewed = await renew(owner, seasons.nextId, farm.id, { publish_consent: 'true' });
    expect(renewed.statusCode).toBe(201);
    const body = InstanceDetailSchema.strict().parse(renewed.json());
    expect(body).toMatchObject({
      rice_area_ha: 12.5,
      publish_consent: true,
      renewal_of: {
        id: seasons.last.instance.id,
        safra: '2026/27',
        certificate_number: seasons.certificate.number,
      },
      renewal_offer: null,
      process: { id: seasons.nextId, safra: '2027/28' },
      actions: { publish_consent: true },
    });
    expect(body.publish_consent_at).not.toBeNull();
    expect((await send(owner, 'GET', oldUrl)).json().renewal_offer).toBeNull();

    const twice = await renew(owner, seasons.nextId, farm.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: m.renewalTwice });
  });

  it('refuses a renewal of a process with no previous season', async () => {
    const seal = await createSeal(t.db, { process: { safra: '2026/27' } });
    const response = await renew(owner, seal.process.id, farm.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: m.renewalNotHolder });
  });

  it('refuses a renewal of a suspended or revoked certificate, and offers none', async () => {
    for (const standing of ['suspended', 'revoked'] as const) {
      const property = await createProperty(t.db, { owner });
      const seasons = await twoSeasons(property);
      await t.db
        .update(certificates)
        .set({ standing, standingReason: 'nonconformity', standingChangedAt: new Date() })
        .where(eq(certificates.id, seasons.certificate.id));
      const offer = await send(owner, 'GET', `/api/process-instance/${seasons.last.instance.id}`);
      expect(offer.json().renewal_offer).toBeNull();
      const response = await renew(owner, seasons.nextId, property.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: m.renewalNotHolder });
    }
  });

  it('checks the rice area and the flags of a request, in pt-BR', async () => {
    const seal = await createSeal(t.db);
    const property = await createProperty(t.db, { owner });
    const cases: [unknown, string][] = [
      ['', m.riceAreaRequired],
      ['0', m.riceAreaPositive],
      ['-2', m.riceAreaPositive],
      ['12,345', m.riceAreaDecimals],
      ['2000000', m.riceAreaTooLarge],
    ];
    for (const [area, message] of cases) {
      const response = await send(owner, 'PUT', `/api/process/${seal.process.id}/request`, {
        business_id: property.id,
        rice_area_ha: area,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['body', 'rice_area_ha'],
        msg: message,
      });
    }
    const flag = await send(owner, 'PUT', `/api/process/${seal.process.id}/request`, {
      business_id: property.id,
      publish_consent: 'sim',
    });
    expect(flag.json().detail[0]).toMatchObject({
      loc: ['body', 'publish_consent'],
      msg: m.flagInvalid,
    });
    // The spec's call sends only the property: no area, no consent.
    const plain = await send(owner, 'PUT', `/api/process/${seal.process.id}/request`, {
      business_id: property.id,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      rice_area_ha: null,
      publish_consent: false,
      publish_consent_at: null,
      renewal_of: null,
    });
  });
});

describe('a renewal starts pre-filled from last season', () => {
  it('carries text, date, yes/no, table rows and proofs; marks them until confirmed or changed', async () => {
    const seasons = await twoSeasons(await createProperty(t.db, { owner }));
    const property = seasons.last.instance.propertyId;
    const renewed = await renew(owner, seasons.nextId, property);
    const id = renewed.json<{ id: string }>().id;
    await send(technician, 'PUT', `/api/process-instance/${id}/evaluate`, { reject: false });
    const started = await send(owner, 'PUT', `/api/process-instance/${id}/start`);
    expect(started.statusCode).toBe(200);
    const formId = started.json<{ form_instances: { id: string }[] }>().form_instances[0]!.id;
    const url = `/api/process-instance/${id}/form/${formId}`;
    const form = exactly(FormInstanceSchema, (await send(owner, 'GET', url)).json());
    const byName = (name: string) =>
      form.field_instances.find((field) => field.field.name === name)!;
    const { fields } = seasons;
    expect(byName('Cultivar semeada')).toMatchObject({
      content: 'IRGA 424 RI',
      carried_over: true,
      last_season: { content: 'IRGA 424 RI', rows: 0, proof_filename: null, changed: false },
    });
    expect(byName('Data da semeadura')).toMatchObject({
      content: '2026-10-15',
      carried_over: true,
    });
    expect(byName('Cultivo orgânico')).toMatchObject({ content: 'false', carried_over: true });
    const table = byName('Aplicações');
    expect(table).toMatchObject({ carried_over: true, last_season: { rows: 2, changed: false } });
    const rows = new Map<string, Record<string, string | null>>();
    for (const cell of table.child_field_instances) {
      const row = rows.get(cell.row_id!) ?? {};
      row[cell.field.id] = cell.content;
      rows.set(cell.row_id!, row);
    }
    expect([...rows.values()]).toEqual(
      expect.arrayContaining([
        { [fields.product.id]: 'Ureia', [fields.dose.id]: '120 kg/ha' },
        { [fields.product.id]: 'Potássio', [fields.dose.id]: '60 kg/ha' },
      ]),
    );
    expect(rows.size).toBe(2);
    const licence = byName('Outorga de água');
    expect(licence).toMatchObject({
      carried_over: true,
      proof: { filename: 'outorga-2026.pdf' },
      last_season: { proof_filename: 'outorga-2026.pdf', changed: false },
    });
    // The proof's bytes under a key of its own: removing one season's file spares the other's.
    const [copied] = await t.db.select().from(proofs).where(eq(proofs.fieldInstanceId, licence.id));
    expect(copied!.storageKey).not.toBe(seasons.proofKey);
    const download = await send(owner, 'GET', licence.proof!.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);

    // Finishing waits for every carried answer, and names them.
    const refused = await send(owner, 'PUT', `${url}/finish`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      m.carriedUnconfirmed([
        'Cultivar semeada',
        'Data da semeadura',
        'Cultivo orgânico',
        'Aplicações',
        'Outorga de água',
      ]),
    );

    // A change clears the mark and shows against last season; a confirmation only clears it.
    const saved = await send(owner, 'PUT', `${url}/save`, {
      fields: [{ id: byName('Cultivar semeada').id, content: 'BRS Pampa' }],
    });
    expect(saved.statusCode).toBe(200);
    const afterSave = saved.json<typeof form>().field_instances;
    expect(afterSave.find((field) => field.field.name === 'Cultivar semeada')).toMatchObject({
      carried_over: false,
      last_season: { content: 'IRGA 424 RI', changed: true },
    });
    const confirmOne = await send(owner, 'PUT', `${url}/confirm`, {
      field_ids: [byName('Cultivo orgânico').id],
    });
    expect(confirmOne.statusCode).toBe(200);
    const afterOne = confirmOne.json<typeof form>().field_instances;
    expect(afterOne.filter((field) => field.carried_over).map((field) => field.field.name)).toEqual(
      ['Data da semeadura', 'Aplicações', 'Outorga de água'],
    );
    // A field of another form is refused, and staff never confirm.
    const foreign = await send(owner, 'PUT', `${url}/confirm`, {
      field_ids: [seasons.last.forms[0]!.fieldInstanceOf(fields.text.id)],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: m.confirmFieldNotInForm });
    expect((await send(technician, 'PUT', `${url}/confirm`, {})).statusCode).toBe(403);

    const confirmAll = await send(owner, 'PUT', `${url}/confirm`, {});
    expect(confirmAll.json<typeof form>().field_instances.some((field) => field.carried_over)).toBe(
      false,
    );

    // The technician sees, per field, what changed since last season.
    const review = (await send(technician, 'GET', url)).json<typeof form>().field_instances;
    expect(
      Object.fromEntries(review.map((field) => [field.field.name, field.last_season?.changed])),
    ).toEqual({
      'Cultivar semeada': true,
      'Data da semeadura': false,
      'Cultivo orgânico': false,
      Aplicações: false,
      'Outorga de água': false,
    });

    const finished = await send(owner, 'PUT', `${url}/finish`, {});
    expect(finished.statusCode).toBe(200);

    // Last season's answers stayed as they were.
    const lastForm = await send(
      owner,
      'GET',
      `/api/process-instance/${seasons.last.instance.id}/form/${seasons.last.forms[0]!.id}`,
    );
    const lastFields = lastForm.json<typeof form>().field_instances;
    expect(lastFields.find((field) => field.field.name === 'Cultivar semeada')).toMatchObject({
      content: 'IRGA 424 RI',
      carried_over: false,
      last_season: null,
    });
  });

  it('a row added to a carried Lista, or a new proof, clears its mark', async () => {
    const seasons = await twoSeasons(await createProperty(t.db, { owner }));
    const renewed = await renew(owner, seasons.nextId, seasons.last.instance.propertyId);
    const id = renewed.json<{ id: string }>().id;
    await send(technician, 'PUT', `/api/process-instance/${id}/evaluate`, { reject: false });
    const started = await send(owner, 'PUT', `/api/process-instance/${id}/start`);
    const formId = started.json<{ form_instances: { id: string }[] }>().form_instances[0]!.id;
    const url = `/api/process-instance/${id}/form/${formId}`;
    const form = (await send(owner, 'GET', url)).json<{
      field_instances: { id: string; field: { name: string }; carried_over: boolean }[];
    }>();
    const table = form.field_instances.find((field) => field.field.name === 'Aplicações')!;
    const added = await send(owner, 'POST', `${url}/field/${table.id}/add-row`);
    expect(added.statusCode).toBe(201);
    const after = added.json<typeof form>().field_instances;
    expect(after.find((field) => field.id === table.id)?.carried_over).toBe(false);
    expect(after.find((field) => field.field.name === 'Cultivar semeada')?.carried_over).toBe(true);
  });

  it("carries nothing this season's rules say does not apply, proofs' copies included", async () => {
    const seasons = await twoSeasons(await createProperty(t.db, { owner }));
    // This season asks for the licence only of organic farms: last season's farm was not one.
    const [nextForm] = await t.db
      .select({ id: forms.id })
      .from(forms)
      .where(eq(forms.processId, seasons.nextId));
    const rule = await send(
      admin,
      'PUT',
      `/api/process/${seasons.nextId}/form/${nextForm!.id}/field/${seasons.fields.licence.id}/logic`,
      {
        show_if: {
          join: 'and',
          conditions: [{ field_id: seasons.fields.organic.id, op: 'eq', value: true }],
        },
      },
    );
    expect(rule.statusCode).toBe(200);
    const renewed = await renew(owner, seasons.nextId, seasons.last.instance.propertyId);
    const id = renewed.json<{ id: string }>().id;
    await send(technician, 'PUT', `/api/process-instance/${id}/evaluate`, { reject: false });
    const keysBefore = await t.db.select({ key: proofs.storageKey }).from(proofs);
    const started = await send(owner, 'PUT', `/api/process-instance/${id}/start`);
    expect(started.statusCode).toBe(200);
    const formId = started.json<{ form_instances: { id: string }[] }>().form_instances[0]!.id;
    const form = exactly(
      FormInstanceSchema,
      (await send(owner, 'GET', `/api/process-instance/${id}/form/${formId}`)).json(),
    );
    const byName = (name: string) =>
      form.field_instances.find((field) => field.field.name === name)!;
    expect(byName('Cultivo orgânico')).toMatchObject({ content: 'false', carried_over: true });
    expect(byName('Outorga de água')).toMatchObject({
      content: null,
      proof: null,
      carried_over: false,
    });
    // No proof row was added, and the file copied for it before the start is gone again.
    const keysAfter = await t.db.select({ key: proofs.storageKey }).from(proofs);
    expect(keysAfter).toHaveLength(keysBefore.length);
    const stored: string[] = [];
    for await (const object of t.deps.storage.list()) stored.push(object.key);
    expect(stored.filter((key) => key.startsWith(`proofs/carried/${id}`))).toEqual([]);
  });
});
