import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FirstNameSchema,
  InstanceDetailSchema,
  InstanceStatus,
  LastNameSchema,
  ProcessFieldsSchema,
  PropertyBodySchema,
  PublicCertificateSchema,
  SealHolderSchema,
  messages,
  type InstanceDetail,
} from '@agroselo/contracts';
import { asc, eq } from 'drizzle-orm';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createCertificate,
  createForm,
  createFormInstance,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { certificates, events, processInstances } from '../../src/db/schema';
import { serverAssets } from '../../src/paths';
import { longestAccepted, openPdf, rasterise, readQrCode } from '../support/certificate-pdf';
import { PNG, WEBP } from '../support/files';
import { buildTestApp, type TestApp } from '../support/test-app';
import { brazilian, day } from '../support/days';

const m = messages.certificates;
const PUBLIC_URL = 'https://agroselo.exemplo.br';
const NUMBER = /^AGS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let otherTechnician: UserRow;
let owner: UserRow;
let farm: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Schneider' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra Pereira',
    crea: '00000001827364',
    phone: '53984512370',
  });
  otherTechnician = await createUser(t.db, { role: 'technician', crea: '00000007654321' });
  owner = await createUser(t.db, {
    role: 'owner',
    firstName: 'Sérgio',
    lastName: 'Antunes',
    phone: '51996128844',
  });
  farm = await createProperty(t.db, {
    owner,
    businessName: 'Granja Arroio Duro',
    municipality: 'Camaquã',
  });
});

type Caller = UserRow | null;
const headersOf = async (caller: Caller) => (caller ? await t.auth(caller) : {});

const finish = async (caller: Caller, instanceId: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/process-instance/${instanceId}/finish`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(await headersOf(caller)) },
  });

const detailOf = (response: { json: () => unknown }): InstanceDetail =>
  InstanceDetailSchema.strict().parse(response.json());

/**
 * A started instance of the farm, accepted by `technician`, with an obligatory form, an optional
 * one and 'Documentos'; `finished` says which of them the producer has finished.
 */
async function startedInstance(
  options: {
    finished?: ('characterization' | 'irrigation' | 'documents')[];
    seal?: Parameters<typeof createSeal>[1];
    property?: PropertyRow;
  } = {},
) {
  const finished = new Set(options.finished ?? ['characterization', 'documents']);
  const seal = await createSeal(t.db, options.seal);
  const instance = await createInstance(t.db, {
    process: seal.process,
    property: options.property ?? farm,
    technician,
    initiated: true,
  });
  const characterization = await createForm(t.db, seal.process.id, {
    name: 'Caracterização da lavoura',
    obligatory: true,
    position: 0,
  });
  const irrigation = await createForm(t.db, seal.process.id, {
    name: 'Manejo da irrigação',
    obligatory: false,
    position: 1,
  });
  await createFormInstance(t.db, {
    instance,
    form: characterization,
    commited: finished.has('characterization'),
  });
  await createFormInstance(t.db, {
    instance,
    form: irrigation,
    commited: finished.has('irrigation'),
  });
  await createFormInstance(t.db, { instance, position: 2, commited: finished.has('documents') });
  return { ...seal, instance };
}

const eventsOf = (instanceId: string) =>
  t.db
    .select()
    .from(events)
    .where(eq(events.processInstanceId, instanceId))
    .orderBy(asc(events.createdAt), asc(events.id));

async function pdfOf(bytes: Buffer) {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const page = await document.getPage(1);
  const text = (await page.getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ');
  const operators = await page.getOperatorList();
  const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  return { pages: document.numPages, text, images, info: await document.getMetadata() };
}

describe('PUT /api/process-instance/{id}/finish', () => {
  it('answers 401 without a token and 403 to producers', async () => {
    const { instance } = await startedInstance();
    expect((await finish(null, instance.id, { approved: true })).statusCode).toBe(401);
    const producer = await finish(owner, instance.id, { approved: true });
    expect(producer.statusCode).toBe(403);
    expect(producer.json()).toEqual({ detail: messages.auth.forbidden });
  });

  it('answers 403 to a technician who is not the one responsible, in pt-BR', async () => {
    const { instance } = await startedInstance();
    const response = await finish(otherTechnician, instance.id, { approved: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: m.notAssigned });
    const [row] = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.id, instance.id));
    expect(row).toMatchObject({ finished: false, approved: null });
  });

  it('answers 404 to an instance that does not exist', async () => {
    const response = await finish(admin, '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d', {
      approved: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.instances.notFound });
  });

  it('answers 422 in pt-BR to a body without a decision, or a failure without a reason', async () => {
    const { instance } = await startedInstance();
    const cases: [unknown, string, string][] = [
      [{}, 'approved', m.approvedRequired],
      [{ approved: 'sim' }, 'approved', m.approvedRequired],
      [{ approved: false }, 'note', m.noteRequired],
      [{ approved: false, note: '   ' }, 'note', m.noteRequired],
      [{ approved: true, note: 'x'.repeat(2001) }, 'note', m.noteTooLong],
      [{ approved: true, note: 'Parecer\u0000' }, 'note', messages.common.invalidCharacter],
    ];
    for (const [body, field, message] of cases) {
      const response = await finish(technician, instance.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', field], msg: message }),
      );
    }
  });

  it('answers 409 while the instance is not started: waiting, accepted or rejected', async () => {
    const seal = await createSeal(t.db);
    const waiting = await createInstance(t.db, { process: seal.process, property: farm });
    const rejected = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      rejected: true,
      parent: waiting,
    });
    const accepted = await createInstance(t.db, {
      process: (await createSeal(t.db)).process,
      property: farm,
      technician,
    });
    for (const [instance, detail] of [
      [waiting, m.notEvaluated],
      [rejected, messages.instances.rejected],
      [accepted, m.notStarted],
    ] as const) {
      const response = await finish(admin, instance.id, { approved: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail });
    }
  });

  it('answers 409 listing the obligatory forms still open; optional ones do not count', async () => {
    const { instance } = await startedInstance({ finished: ['irrigation'] });
    const response = await finish(technician, instance.id, { approved: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: m.openForms(['Caracterização da lavoura', 'Documentos']),
    });
    expect(response.json().detail).toBe(
      'Ainda há formulários obrigatórios não finalizados: Caracterização da lavoura, Documentos',
    );
    expect(
      await t.db.select().from(certificates).where(eq(certificates.processInstanceId, instance.id)),
    ).toEqual([]);
  });

  it("refuses to approve once the seal's validity has ended, but still lets it fail", async () => {
    const { instance } = await startedInstance({
      seal: { process: { validityStart: day(-400), validityEnd: day(-1) } },
    });
    const approval = await finish(technician, instance.id, { approved: true });
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toEqual({ detail: m.validityEnded(brazilian(day(-1))) });
    const failure = await finish(technician, instance.id, {
      approved: false,
      note: 'Validade do ciclo encerrada',
    });
    expect(failure.statusCode).toBe(200);
    expect(detailOf(failure)).toMatchObject({ approved: false, certificate: null });
  });

  it('lets the technician approve: finished, certificate issued, timeline and e-mail', async () => {
    const { instance, process, stamp } = await startedInstance({
      seal: {
        stamp: { name: 'Arroz Sustentável RS' },
        process: { validityStart: day(-10), validityEnd: day(700) },
      },
    });
    const before = await t.app.inject({
      url: `/api/process-instance/${instance.id}`,
      headers: await t.auth(technician),
    });
    expect(detailOf(before).actions.conclude).toBe(true);

    const response = await finish(technician, instance.id, {
      approved: true,
      note: '  Lavoura conforme o protocolo.  ',
    });
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      finished: true,
      status: InstanceStatus.FINISHED,
      approved: true,
      finish_note: 'Lavoura conforme o protocolo.',
      actions: { evaluate: false, start: false, conclude: false },
      certificate: {
        status: 'valid',
        valid_from: process.validityStart,
        valid_until: process.validityEnd,
      },
    });
    const number = detail.certificate!.number;
    expect(number).toMatch(NUMBER);
    expect(detail.finished_at).not.toBeNull();

    const [row] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.processInstanceId, instance.id));
    expect(row).toMatchObject({
      number,
      validFrom: process.validityStart,
      validUntil: process.validityEnd,
      issuedBy: technician.id,
    });

    const last = (await eventsOf(instance.id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'approved',
      actorId: technician.id,
      message: `Processo aprovado por Rafael Dutra Pereira; certificado ${number} emitido. Parecer: Lavoura conforme o protocolo.`,
    });
    expect(detail.events.at(-1)).toMatchObject({ type: 'approved', message: last.message });

    const [mail] = await t.mailTo(owner.email);
    expect(mail).toMatchObject({ subject: `Certificado emitido: selo ${stamp.name}` });
    expect(mail!.text).toContain('Olá, Sérgio!');
    expect(mail!.text).toContain(`Certificado nº ${number}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/verificar/${number}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/api/certificate/${number}/pdf`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/producer-details/${instance.id}`);
    expect(mail!.text).toContain('Lavoura conforme o protocolo.');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/verificar/${number}"`);
    expect(mail!.html).toContain('lang="pt-BR"');

    const again = await finish(admin, instance.id, { approved: false, note: 'Revisão' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: messages.instances.finished });
  });

  it('lets an admin fail an instance of any technician, with the note, and no certificate', async () => {
    const { instance, stamp } = await startedInstance();
    const response = await finish(admin, instance.id, {
      approved: false,
      note: 'Faltou o laudo de classificação do lote.',
    });
    expect(response.statusCode).toBe(200);
    expect(detailOf(response)).toMatchObject({
      status: InstanceStatus.FINISHED,
      approved: false,
      finish_note: 'Faltou o laudo de classificação do lote.',
      certificate: null,
    });
    expect(
      await t.db.select().from(certificates).where(eq(certificates.processInstanceId, instance.id)),
    ).toEqual([]);
    expect((await eventsOf(instance.id)).at(-1)).toMatchObject({
      type: 'failed',
      actorId: admin.id,
      message:
        'Processo reprovado por Helena Schneider. Parecer: Faltou o laudo de classificação do lote.',
    });
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe(`Processo reprovado: selo ${stamp.name}`);
    expect(mail!.text).toContain('Faltou o laudo de classificação do lote.');
    expect(mail!.text).toContain(`${PUBLIC_URL}/producer-details/${instance.id}`);
  });

  it('concludes once when two answers come together: one certificate, one 409', async () => {
    const { instance } = await startedInstance();
    const answers = await Promise.all([
      finish(technician, instance.id, { approved: true }),
      finish(admin, instance.id, { approved: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.db.select().from(certificates).where(eq(certificates.processInstanceId, instance.id)),
    ).toHaveLength(1);
  });

  it('offers the conclusion only to the technician responsible and admins, while started', async () => {
    const { instance } = await startedInstance({ finished: [] });
    for (const [caller, conclude] of [
      [technician, true],
      [admin, true],
      [otherTechnician, false],
      [owner, false],
    ] as const) {
      const response = await t.app.inject({
        url: `/api/process-instance/${instance.id}`,
        headers: await t.auth(caller),
      });
      expect(detailOf(response).actions.conclude, caller.email).toBe(conclude);
    }
  });
});

describe('the certificate on the property', () => {
  it('comes with its approved instance in the property, for its owner to download', async () => {
    const property = await createProperty(t.db, { owner });
    const seal = await createSeal(t.db, {
      process: { validityStart: day(-10), validityEnd: day(355) },
    });
    const certificate = await createCertificate(t.db, { property, process: seal.process });
    const response = await t.app.inject({
      url: `/api/property/${property.id}`,
      headers: await t.auth(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().process_instances).toEqual([
      expect.objectContaining({
        finished: true,
        certificate: {
          number: certificate.number,
          status: 'valid',
          valid_from: certificate.validFrom,
          valid_until: certificate.validUntil,
          issued_at: certificate.issuedAt.toISOString(),
          level: null,
          standing: 'valid',
          standing_reason: null,
          standing_note: null,
          standing_changed_at: null,
          safra: seal.process.safra,
        },
      }),
    ]);
  });
});

describe('GET /api/certificate/{number}', () => {
  it('answers 404 in pt-BR to a number nobody was given, or one that cannot be a number', async () => {
    for (const number of ['AGS-0000-0000', 'nada', 'AGS-7K3M-9QXU']) {
      const response = await t.app.inject({ url: `/api/certificate/${number}` });
      expect(response.statusCode, number).toBe(404);
      expect(response.json()).toEqual({ detail: m.notFound });
    }
  });

  it('tells anyone what a buyer needs, and nothing personal', async () => {
    const seal = await createSeal(t.db, {
      stamp: {
        name: 'Arroz de Qualidade Superior',
        imageKey: 'selos/superior.png',
        imageMime: 'image/png',
      },
      process: { validityStart: day(-30), validityEnd: day(300) },
    });
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      initiated: true,
      finished: true,
      approved: true,
    });
    const certificate = await createCertificate(t.db, { instance });
    const response = await t.app.inject({ url: `/api/certificate/${certificate.number}` });
    expect(response.statusCode).toBe(200);
    const body = PublicCertificateSchema.strict().parse(response.json());
    expect(body).toEqual({
      number: certificate.number,
      status: 'valid',
      valid_from: day(-30),
      valid_until: day(300),
      issued_at: certificate.issuedAt.toISOString(),
      level: null,
      standing: null,
      safra: seal.process.safra,
      property: { business_name: 'Granja Arroio Duro', cnpj: farm.cnpj, municipality: 'Camaquã' },
      seal: {
        name: 'Arroz de Qualidade Superior',
        description: seal.stamp.description,
        image_url: expect.stringMatching(new RegExp(`^/api/stamp/${seal.stamp.id}/image`)),
        process_id: seal.process.id,
      },
      issued_by: { name: 'Rafael Dutra Pereira', crea: '00000001827364' },
      verification_url: `${PUBLIC_URL}/verificar/${certificate.number}`,
      pdf_url: `${PUBLIC_URL}/api/certificate/${certificate.number}/pdf`,
    });
    for (const secret of [
      owner.cpf,
      owner.email,
      owner.phone,
      technician.cpf,
      technician.email,
      technician.phone,
      'Sérgio',
    ])
      expect(response.body).not.toContain(secret);
  });

  it('finds a number typed in lower case, without dashes or prefix', async () => {
    const certificate = await createCertificate(t.db, { number: 'AGS-7K3M-9QXT' });
    for (const typed of ['ags-7k3m-9qxt', 'AGS7K3M9QXT', '7K3M-9QXT', 'ags 7k3m 9qxt']) {
      const response = await t.app.inject({ url: `/api/certificate/${encodeURIComponent(typed)}` });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().number).toBe(certificate.number);
    }
  });

  it('says expired once the validity of its process has ended, upcoming before it begins', async () => {
    const ended = await createSeal(t.db, {
      process: { validityStart: day(-730), validityEnd: day(-1) },
    });
    const expired = await createCertificate(t.db, { process: ended.process });
    expect(
      (await t.app.inject({ url: `/api/certificate/${expired.number}` })).json(),
    ).toMatchObject({ status: 'expired', valid_until: day(-1) });
    const later = await createSeal(t.db, {
      process: { validityStart: day(1), validityEnd: day(366) },
    });
    const upcoming = await createCertificate(t.db, { process: later.process });
    expect(
      (await t.app.inject({ url: `/api/certificate/${upcoming.number}` })).json(),
    ).toMatchObject({ status: 'upcoming', valid_from: day(1) });
    const today = await createSeal(t.db, {
      process: { validityStart: day(-365), validityEnd: day(0) },
    });
    const lastDay = await createCertificate(t.db, { process: today.process });
    expect((await t.app.inject({ url: `/api/certificate/${lastDay.number}` })).json().status).toBe(
      'valid',
    );
  });
});

describe('GET /api/certificate/{number}/pdf', () => {
  /** A 'Selo Ouro' certificate, for the farm by the technician unless told otherwise, and its PDF. */
  async function ouroPdf(instance: Parameters<typeof createInstance>[1] = {}) {
    const concluded = await createInstance(t.db, {
      property: farm,
      technician,
      initiated: true,
      finished: true,
      approved: true,
      ...instance,
    });
    const certificate = await createCertificate(t.db, { instance: concluded, level: 'ouro' });
    const response = await t.app.inject({ url: `/api/certificate/${certificate.number}/pdf` });
    expect(response.statusCode).toBe(200);
    return { certificate, bytes: response.rawPayload };
  }

  it('names the level of a seal granted with one, on the same single page', async () => {
    const pdf = await pdfOf((await ouroPdf()).bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Nível');
    expect(pdf.text).toContain('Selo Ouro');
  });

  it('answers 404 to an unknown number', async () => {
    const response = await t.app.inject({ url: '/api/certificate/AGS-0000-0001/pdf' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.notFound });
  });

  it('sends an A4 PDF that holds the number, the seal, the property and the verification URL', async () => {
    const key = 'selos/sustentavel.svg';
    await t.deps.storage.put(
      key,
      await readFile(path.join(serverAssets, 'seals', 'arroz-sustentavel-rs.svg')),
    );
    const seal = await createSeal(t.db, {
      stamp: { name: 'Arroz Sustentável RS', imageKey: key, imageMime: 'image/svg+xml' },
    });
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      initiated: true,
      finished: true,
      approved: true,
    });
    const certificate = await createCertificate(t.db, { instance });
    const response = await t.app.inject({
      url: `/api/certificate/${certificate.number.toLowerCase()}/pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="certificado-${certificate.number}.pdf"`,
    );
    const pdf = await pdfOf(response.rawPayload);
    expect(pdf.pages).toBe(1);
    for (const text of [
      certificate.number,
      'Arroz Sustentável RS',
      'Certificamos que a propriedade Granja Arroio Duro',
      'Camaquã',
      `${PUBLIC_URL}/verificar/${certificate.number}`,
      `de ${brazilian(seal.process.validityStart)} a ${brazilian(seal.process.validityEnd)}`,
      'Rafael Dutra Pereira — CREA 18.273-64',
    ])
      expect(pdf.text.replace(/\s+/g, ' ')).toContain(text);
    expect(pdf.info.info).toMatchObject({
      Title: `Certificado ${certificate.number} — Arroz Sustentável RS`,
    });
  });

  it('draws uploaded seal images, PNG and WebP alike', async () => {
    for (const [file, bytes] of [
      ['selo.png', PNG],
      ['selo.webp', WEBP],
    ] as const) {
      const key = `selos/${file}`;
      await t.deps.storage.put(key, bytes);
      const seal = await createSeal(t.db, { stamp: { imageKey: key, imageMime: 'image/png' } });
      const certificate = await createCertificate(t.db, { process: seal.process });
      const response = await t.app.inject({ url: `/api/certificate/${certificate.number}/pdf` });
      expect(response.statusCode, file).toBe(200);
      expect((await pdfOf(response.rawPayload)).images, file).toBe(1);
    }
  });

  it('prints a QR code that reads back, at 150 dpi, as the verification address, four modules clear all round, even with the longest names', async () => {
    const key = 'selos/superior.svg';
    await t.deps.storage.put(
      key,
      await readFile(path.join(serverAssets, 'seals', 'arroz-qualidade-superior.svg')),
    );
    // Wide capitals and taller accented ones, in the longest values the forms accept.
    const longest = (schema: Parameters<typeof longestAccepted>[0]) =>
      longestAccepted(schema, 'WÉMÇ');
    const seal = await createSeal(t.db, {
      process: { description: longest(ProcessFieldsSchema.shape.description) },
      stamp: {
        name: longest(ProcessFieldsSchema.shape.stamp_name),
        imageKey: key,
        imageMime: 'image/svg+xml',
      },
    });
    const issuer = await createUser(t.db, {
      role: 'technician',
      firstName: longest(FirstNameSchema),
      lastName: longest(LastNameSchema),
      crea: '12345678901234',
    });
    const property = await createProperty(t.db, {
      businessName: longest(PropertyBodySchema.shape.business_name),
      municipality: longest(PropertyBodySchema.shape.municipality),
    });
    for (const instance of [{}, { process: seal.process, property, technician: issuer }]) {
      const { certificate, bytes } = await ouroPdf(instance);
      const document = await openPdf(bytes);
      expect(document.numPages).toBe(1);
      const qr = readQrCode(await rasterise(await document.getPage(1), 150));
      expect(qr?.text).toBe(`${PUBLIC_URL}/verificar/${certificate.number}`);
      expect(qr?.markedInQuietZone).toBe(0);
    }
  });
});

describe('GET /api/process/{processId}/holders', () => {
  it('lists the properties holding the seal: name, municipality and validity, nothing else', async () => {
    const seal = await createSeal(t.db, {
      process: { validityStart: day(-30), validityEnd: day(300) },
    });
    const other = await createProperty(t.db, {
      businessName: 'Agropecuária Coxilha Verde',
      municipality: 'São Lourenço do Sul',
    });
    const third = await createProperty(t.db, { businessName: 'Fazenda Lagoa Mirim' });
    await createCertificate(t.db, { process: seal.process, property: farm });
    await createCertificate(t.db, { process: seal.process, property: other });
    // Certified twice (a second cycle after the first was concluded): listed once.
    await createCertificate(t.db, { process: seal.process, property: other });
    // Expired: no longer holds it.
    await createCertificate(t.db, { process: seal.process, property: third, validUntil: day(-1) });

    const response = await t.app.inject({ url: `/api/process/${seal.process.id}/holders` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const holders = z.array(SealHolderSchema.strict()).parse(response.json());
    expect(holders).toEqual([
      {
        business_name: 'Agropecuária Coxilha Verde',
        municipality: 'São Lourenço do Sul',
        status: 'valid',
        valid_from: day(-30),
        valid_until: day(300),
        level: null,
      },
      {
        business_name: 'Granja Arroio Duro',
        municipality: 'Camaquã',
        status: 'valid',
        valid_from: day(-30),
        valid_until: day(300),
        level: null,
      },
    ]);
    const page = await t.app.inject({
      url: `/api/process/${seal.process.id}/holders?limit=1&offset=1`,
    });
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].business_name).toBe('Granja Arroio Duro');
    expect(page.headers['x-total-count']).toBe('2');
  });

  it('answers in the same number of queries whatever the page size', async () => {
    const seal = await createSeal(t.db);
    const count = async () =>
      (
        await t.queriesDuring(() =>
          t.app.inject({ url: `/api/process/${seal.process.id}/holders` }),
        )
      ).length;
    const none = await count();
    for (let n = 0; n < 5; n++) await createCertificate(t.db, { process: seal.process });
    expect(await count()).toBe(none);
  });

  it("answers 404 for a draft's holders, except to admins", async () => {
    const draft = await createSeal(t.db, { process: { released: false } });
    const anonymous = await t.app.inject({ url: `/api/process/${draft.process.id}/holders` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ detail: messages.seals.processNotFound });
    const asAdmin = await t.app.inject({
      url: `/api/process/${draft.process.id}/holders`,
      headers: await t.auth(admin),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual([]);
  });
});
