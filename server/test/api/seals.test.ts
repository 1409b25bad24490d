import {
  FormSchema,
  messages,
  ProcessSchema,
  StampSchema,
  toSaoPauloDay,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forms, processes, stamps } from '../../src/db/schema';
import {
  createForm,
  createFormInstance,
  createInstance,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { FAKE_PNG, file, multipartWith, oversizedPng, PDF, PNG, WEBP } from '../support/files';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.seals;
const UNKNOWN_ID = '01900000-0000-7000-8000-000000000000';

let t: TestApp;
let admin: UserRow;
let owner: UserRow;
let technician: UserRow;
let released: Awaited<ReturnType<typeof createSeal>>;
let withoutImage: Awaited<ReturnType<typeof createSeal>>;
let draft: Awaited<ReturnType<typeof createSeal>>;

const addDays = (days: number) => {
  const date = new Date(`${toSaoPauloDay(new Date().toISOString())}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function withImage(seal: Awaited<ReturnType<typeof createSeal>>, mime: string) {
  const key = `stamps/${seal.stamp.id}/image`;
  await t.deps.storage.put(key, PNG);
  await t.db
    .update(stamps)
    .set({ imageKey: key, imageMime: mime })
    .where(eq(stamps.id, seal.stamp.id));
  return key;
}

const as = (user: UserRow) => t.auth(user);
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  owner = await createUser(t.db, { role: 'owner' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  released = await createSeal(t.db, {
    stamp: {
      name: 'Arroz Sustentável RS',
      description: 'Boas práticas na lavoura de arroz irrigado',
      features: ['Uso racional da água', 'Manejo integrado de pragas'],
    },
  });
  await withImage(released, 'image/png');
  withoutImage = await createSeal(t.db, { stamp: { name: 'Arroz de Qualidade Superior' } });
  draft = await createSeal(t.db, {
    process: { released: false },
    stamp: { name: 'Arroz Orgânico do Pampa' },
  });
  await withImage(draft, 'image/png');
});

describe('GET /api/stamp/all', () => {
  it('is public and lists only the seals of released processes, in snake_case', async () => {
    const response = await t.app.inject({ url: '/api/stamp/all' });
    expect(response.statusCode).toBe(200);
    const body = z.array(StampSchema.strict()).parse(response.json());
    expect(body.map((stamp) => stamp.name).sort()).toEqual([
      'Arroz Sustentável RS',
      'Arroz de Qualidade Superior',
    ]);
    expect(body.find((stamp) => stamp.id === released.stamp.id)).toEqual({
      id: released.stamp.id,
      name: 'Arroz Sustentável RS',
      description: 'Boas práticas na lavoura de arroz irrigado',
      features: [{ feature: 'Uso racional da água' }, { feature: 'Manejo integrado de pragas' }],
      process_id: released.process.id,
      safra: released.process.safra,
      image_url: expect.stringMatching(
        new RegExp(`^/api/stamp/${released.stamp.id}/image\\?v=[\\w-]{16}$`),
      ),
    });
    expect(body.find((stamp) => stamp.id === withoutImage.stamp.id)?.image_url).toBeNull();
  });

  it('answers the same to a signed-in caller', async () => {
    const response = await t.app.inject({
      url: '/api/stamp/all',
      headers: { authorization: 'Bearer qualquer-coisa' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });

  it('leaves out released processes whose request window has not opened or has closed', async () => {
    const closed = await createSeal(t.db, {
      process: { startDate: addDays(-60), endDate: addDays(-1) },
      stamp: { name: 'Selo encerrado' },
    });
    const future = await createSeal(t.db, {
      process: { startDate: addDays(1), endDate: addDays(60) },
      stamp: { name: 'Selo futuro' },
    });
    const lastDay = await createSeal(t.db, {
      process: { startDate: addDays(-10), endDate: addDays(0) },
      stamp: { name: 'Selo no último dia' },
    });
    const names = (await t.app.inject({ url: '/api/stamp/all' }))
      .json<{ name: string }[]>()
      .map((stamp) => stamp.name);
    expect(names).toContain('Selo no último dia');
    expect(names).not.toContain('Selo encerrado');
    expect(names).not.toContain('Selo futuro');
    for (const seal of [closed, future, lastDay])
      await t.db.delete(processes).where(eq(processes.id, seal.process.id));
  });
});

describe('GET /api/stamp/:id/image', () => {
  const imageUrlOf = async (stampId: string) => {
    const [row] = await t.db.select().from(stamps).where(eq(stamps.id, stampId));
    const response = await t.app.inject({
      url: `/api/process/${row!.processId}`,
      headers: await as(admin),
    });
    return response.json<{ stamp: { image_url: string } }>().stamp.image_url;
  };

  it('answers 422 with a pt-BR message for an id that is not a uuid', async () => {
    const response = await t.app.inject({ url: '/api/stamp/nao-e-um-id/image' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['params', 'id'], msg: messages.common.invalidId, type: expect.any(String) }],
    });
  });

  it('answers 404 in pt-BR for an unknown seal, a draft and a seal without image', async () => {
    for (const id of [UNKNOWN_ID, draft.stamp.id, withoutImage.stamp.id]) {
      const response = await t.app.inject({ url: `/api/stamp/${id}/image` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: m.imageNotFound });
    }
  });

  it('serves the bytes of a released seal, cached for good under its versioned URL', async () => {
    const url = await imageUrlOf(released.stamp.id);
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(PNG)).toBe(true);

    const unversioned = await t.app.inject({ url: `/api/stamp/${released.stamp.id}/image` });
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
  });

  it("serves a draft's image only under the versioned URL given to admins, privately", async () => {
    const url = await imageUrlOf(draft.stamp.id);
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const guessed = await t.app.inject({ url: `/api/stamp/${draft.stamp.id}/image?v=adivinhado` });
    expect(guessed.statusCode).toBe(404);
  });

  it('answers 404 when the stored file is gone', async () => {
    await t.deps.storage.remove(`stamps/${released.stamp.id}/image`);
    const response = await t.app.inject({ url: `/api/stamp/${released.stamp.id}/image` });
    expect(response.statusCode).toBe(404);
    await t.deps.storage.put(`stamps/${released.stamp.id}/image`, PNG);
  });
});

/** A complete, valid new-process body; `overrides` replace or (undefined) drop fields. */
function processBody(
  overrides: Record<string, string | Blob | (string | Blob)[] | undefined> = {},
) {
  const fields: Record<string, string | Blob | (string | Blob)[] | undefined> = {
    safra: '2026/27',
    notice: 'Edital nº 04/2026: chamada pública',
    description: 'Certificação Arroz do Litoral — safra 2026/2027',
    start_date: '2026-08-01',
    end_date: '2027-03-31',
    validity_start: '2027-04-01',
    validity_end: '2029-03-31',
    stamp_name: 'Arroz do Litoral Norte',
    stamp_description: 'Arroz cultivado nas várzeas do litoral norte gaúcho',
    file: file(PNG, 'selo.png', 'image/png'),
    ...overrides,
  };
  return multipartWith(
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
      string,
      string | Blob | (string | Blob)[]
    >,
  );
}

async function postProcess(body: Awaited<ReturnType<typeof processBody>>, user: UserRow = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/process/register',
    payload: body.payload,
    headers: { ...body.headers, ...(await as(user)) },
  });
}

describe('POST /api/process/register', () => {
  it('answers 401 without a token and 403 to producers and technicians', async () => {
    const body = await processBody();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/process/register',
      ...body,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const user of [owner, technician]) {
      const response = await postProcess(await processBody(), user);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('refuses before it reads the body: 401 and 403 even for an incomplete one, never its schema', async () => {
    const incomplete = await multipartWith({ notice: 'Edital' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/process/register',
      ...incomplete,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
    for (const user of [owner, technician]) {
      const response = await postProcess(await multipartWith({ notice: 'Edital' }), user);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('takes the safra of start_date when none is sent, and refuses a malformed one', async () => {
    const derived = await postProcess(
      await processBody({ safra: undefined, start_date: '2027-02-10' }),
    );
    expect(derived.statusCode).toBe(201);
    const [row] = await t.db
      .select({ safra: processes.safra })
      .from(processes)
      .where(eq(processes.id, derived.json<{ id: string }>().id));
    // February belongs to the season planted the July before.
    expect(row?.safra).toBe('2026/27');
    for (const [safra, msg] of [
      ['', messages.safras.safraRequired],
      ['2026/28', messages.safras.safraInvalid],
    ] as const) {
      const response = await postProcess(await processBody({ safra }));
      expect(response.statusCode).toBe(422);
      const issues = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
      expect(issues.filter((issue) => issue.loc[1] === 'safra')[0]).toMatchObject({ msg });
      expect(issues.every((issue) => issue.loc[1] === 'safra')).toBe(true);
    }
  });

  it('takes the review settings: levels as one list or repeated, committee as text', async () => {
    const plain = await postProcess(await processBody());
    expect(plain.json()).toMatchObject({ levels: [], committee: false });
    const listed = await postProcess(
      await processBody({ levels: 'prata,ouro', committee: 'true' }),
    );
    expect(listed.statusCode).toBe(201);
    expect(listed.json()).toMatchObject({ levels: ['prata', 'ouro'], committee: true });
    const repeated = await postProcess(await processBody({ levels: ['ouro', 'prata'] }));
    expect(repeated.json()).toMatchObject({ levels: ['prata', 'ouro'], committee: false });
    const one = await postProcess(await processBody({ levels: 'ouro' }));
    expect(one.statusCode).toBe(422);
    expect(one.json().detail[0].msg).toBe(messages.review.levelsBoth);
  });

  it('names every missing field in pt-BR, the image included (the safra has a default)', async () => {
    const response = await postProcess(
      await processBody({
        safra: undefined,
        notice: undefined,
        description: '   ',
        start_date: undefined,
        end_date: undefined,
        validity_start: undefined,
        validity_end: undefined,
        stamp_name: undefined,
        stamp_description: undefined,
        file: undefined,
      }),
    );
    expect(response.statusCode).toBe(422);
    const byField = Object.fromEntries(
      response
        .json<{ detail: { loc: string[]; msg: string }[] }>()
        .detail.map((issue) => [issue.loc[1], issue.msg]),
    );
    expect(byField).toEqual({
      notice: m.noticeRequired,
      description: m.descriptionRequired,
      start_date: m.startDateRequired,
      end_date: m.endDateRequired,
      validity_start: m.validityStartRequired,
      validity_end: m.validityEndRequired,
      stamp_name: m.stampNameRequired,
      stamp_description: m.stampDescriptionRequired,
      file: m.imageRequired,
    });
  });

  it('refuses dates out of order: end before start, validity end before its start', async () => {
    const response = await postProcess(
      await processBody({
        start_date: '2026-08-01',
        end_date: '2026-07-31',
        validity_start: '2027-04-01',
        validity_end: '2027-04-01',
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'end_date'], msg: m.endBeforeStart, type: 'custom' },
        { loc: ['body', 'validity_end'], msg: m.validityEndBeforeStart, type: 'custom' },
      ],
    });
  });

  it('refuses an invalid date and a text sent in place of the image', async () => {
    const response = await postProcess(
      await processBody({ start_date: '2026-02-30', file: 'selo.png' }),
    );
    expect(response.statusCode).toBe(422);
    const detail = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
    expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', 'start_date'] }));
    expect(detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'file'], msg: m.imageRequired }),
    );
  });

  it('refuses a fake image by its bytes, whatever its name and declared type (415)', async () => {
    const response = await postProcess(
      await processBody({ file: file(FAKE_PNG, 'selo.png', 'image/png') }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const honestPdf = await postProcess(
      await processBody({ file: file(PDF, 'selo.pdf', 'application/pdf') }),
    );
    expect(honestPdf.statusCode).toBe(415);
    expect(honestPdf.json()).toEqual({ detail: m.imageType });
  });

  it('refuses an image over 5 MB (413) and a PDF image', async () => {
    const big = await postProcess(
      await processBody({ file: file(oversizedPng(), 'grande.png', 'image/png') }),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: m.imageTooLarge });
    const pdf = await postProcess(await processBody({ file: file(PDF, 'selo.png', 'image/png') }));
    expect(pdf.statusCode).toBe(415);
  });

  it('refuses an edital that is not a PDF, named as one or not', async () => {
    const renamed = await postProcess(
      await processBody({ notice_file: file(PNG, 'edital.pdf', 'application/pdf') }),
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const image = await postProcess(
      await processBody({ notice_file: file(PNG, 'edital.png', 'image/png') }),
    );
    expect(image.statusCode).toBe(415);
    expect(image.json()).toEqual({ detail: m.noticeFileType });
  });

  it('creates a draft process and its seal, storing the image and the edital', async () => {
    const response = await postProcess(
      await processBody({
        file: file(WEBP, 'selo.bin', 'application/octet-stream'),
        notice_file: file(PDF, 'edital.pdf', 'application/pdf'),
        features: ['Várzea irrigada', '  ', 'Secagem controlada '],
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = ProcessSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      notice: 'Edital nº 04/2026: chamada pública',
      description: 'Certificação Arroz do Litoral — safra 2026/2027',
      start_date: '2026-08-01',
      end_date: '2027-03-31',
      validity_start: '2027-04-01',
      validity_end: '2029-03-31',
      released: false,
      notice_url: `/api/process/${body.id}/notice`,
      forms_count: 0,
      stamp: {
        name: 'Arroz do Litoral Norte',
        description: 'Arroz cultivado nas várzeas do litoral norte gaúcho',
        features: [{ feature: 'Várzea irrigada' }, { feature: 'Secagem controlada' }],
      },
    });

    const [row] = await t.db.select().from(stamps).where(eq(stamps.processId, body.id));
    expect(row).toMatchObject({ imageMime: 'image/webp', searchText: 'arroz do litoral norte' });
    expect(row!.imageKey).toMatch(new RegExp(`^stamps/${row!.id}/[0-9a-f-]{36}\\.webp$`));
    const [process] = await t.db.select().from(processes).where(eq(processes.id, body.id));
    expect(process).toMatchObject({ createdBy: admin.id, released: false });

    const image = await t.app.inject({ url: body.stamp.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.equals(WEBP)).toBe(true);

    const notice = await t.app.inject({ url: body.notice_url!, headers: await as(admin) });
    expect(notice.statusCode).toBe(200);
    expect(notice.headers['content-type']).toBe('application/pdf');
    expect(notice.headers['content-disposition']).toBe(
      'attachment; filename="edital-arroz-do-litoral-norte.pdf"',
    );
    expect(notice.headers['x-content-type-options']).toBe('nosniff');
    expect(notice.rawPayload.equals(PDF)).toBe(true);
  });

  it('accepts ISO date-times, taking their day in São Paulo, and no features', async () => {
    const response = await postProcess(
      await processBody({
        start_date: '2026-08-01T02:00:00.000Z',
        end_date: '2027-03-31T12:00:00.000Z',
        stamp_name: 'Selo sem características',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      start_date: '2026-07-31',
      notice_url: null,
      stamp: { features: [] },
    });
  });
});

describe('GET /api/process/all', () => {
  it('lists every process to admins, drafts included, with the total count', async () => {
    const response = await t.app.inject({ url: '/api/process/all', headers: await as(admin) });
    expect(response.statusCode).toBe(200);
    const body = z.array(ProcessSchema.strict()).parse(response.json());
    const ids = body.map((process) => process.id);
    expect(ids).toContain(draft.process.id);
    expect(ids).toContain(released.process.id);
    expect(Number(response.headers['x-total-count'])).toBe(body.length);
  });

  it('lists only released processes to everyone else', async () => {
    for (const headers of [{}, await as(owner), await as(technician)]) {
      const response = await t.app.inject({ url: '/api/process/all', headers });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ id: string; released: boolean }[]>();
      expect(body.every((process) => process.released)).toBe(true);
      expect(body.map((process) => process.id)).not.toContain(draft.process.id);
    }
  });

  it('searches by seal name, ignoring case and accents, in one query', async () => {
    let response!: Awaited<ReturnType<typeof t.app.inject>>;
    const queries = await t.queriesDuring(async () => {
      response = await t.app.inject({
        url: '/api/process/all?query=ORGANICO',
        headers: await as(admin),
      });
    });
    expect(response.json<{ id: string }[]>().map((process) => process.id)).toEqual([
      draft.process.id,
    ]);
    // The caller's account, then the page with its count.
    expect(queries).toHaveLength(2);
  });
});

describe('GET /api/process/:processId', () => {
  it('is public for a released process', async () => {
    const response = await t.app.inject({ url: `/api/process/${released.process.id}` });
    expect(response.statusCode).toBe(200);
    expect(ProcessSchema.strict().parse(response.json())).toMatchObject({
      id: released.process.id,
      released: true,
      notice_url: null,
      stamp: { id: released.stamp.id, name: 'Arroz Sustentável RS' },
    });
  });

  it('hides a draft from everyone but admins (404)', async () => {
    for (const headers of [{}, await as(owner), await as(technician)]) {
      const response = await t.app.inject({ url: `/api/process/${draft.process.id}`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: m.processNotFound });
    }
    const asAdmin = await t.app.inject({
      url: `/api/process/${draft.process.id}`,
      headers: await as(admin),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ released: false });
  });

  it('answers 422 for an id that is not a uuid and 404 for an unknown one', async () => {
    expect((await t.app.inject({ url: '/api/process/abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/api/process/${UNKNOWN_ID}` })).statusCode).toBe(404);
  });
});

describe('GET /api/process/:processId/notice', () => {
  it('answers 404 in pt-BR when the process has no edital', async () => {
    const response = await t.app.inject({ url: `/api/process/${released.process.id}/notice` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.noticeNotFound });
  });

  it("hides a draft's edital from visitors", async () => {
    const response = await t.app.inject({ url: `/api/process/${draft.process.id}/notice` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.processNotFound });
  });
});

describe('PUT /api/process/:processId/release', () => {
  const release = async (processId: string, body: unknown, user?: UserRow) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/process/${processId}/release`,
      ...json(body),
      headers: { 'content-type': 'application/json', ...(user ? await as(user) : {}) },
    });

  it('is for admins only', async () => {
    expect((await release(draft.process.id, { released: true })).statusCode).toBe(401);
    expect((await release(draft.process.id, { released: true }, owner)).statusCode).toBe(403);
    expect((await release(draft.process.id, { released: true }, technician)).statusCode).toBe(403);
  });

  it('answers 422 without the flag and 404 for an unknown process', async () => {
    const invalid = await release(draft.process.id, {}, admin);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ detail: [{ loc: ['body', 'released'] }] });
    expect((await release(UNKNOWN_ID, { released: true }, admin)).statusCode).toBe(404);
  });

  it('releases a draft, which then reaches the landing, and withdraws it again', async () => {
    const response = await release(draft.process.id, { released: true }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: draft.process.id, released: true });
    const stampNames = async () =>
      (await t.app.inject({ url: '/api/stamp/all' })).json<{ name: string }[]>().map((s) => s.name);
    expect(await stampNames()).toContain('Arroz Orgânico do Pampa');

    const withdrawn = await release(draft.process.id, { released: false }, admin);
    expect(withdrawn.json()).toMatchObject({ released: false });
    expect(await stampNames()).not.toContain('Arroz Orgânico do Pampa');
    expect((await t.app.inject({ url: `/api/process/${draft.process.id}` })).statusCode).toBe(404);
  });
});

describe('forms of a process', () => {
  const formsUrl = (processId: string) => `/api/process/${processId}/forms`;
  const registerUrl = (processId: string) => `/api/process/${processId}/form/register`;

  it('are managed by admins only', async () => {
    const form = await createForm(t.db, released.process.id);
    // Bodies pass validation, which runs before the guard.
    const valid = json({ name: 'Plano', deadline: '2027-01-31' });
    const calls: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: string;
      headers?: Record<string, string>;
    }[] = [
      { method: 'GET' as const, url: formsUrl(released.process.id) },
      { method: 'POST' as const, url: registerUrl(released.process.id), ...valid },
      { method: 'GET' as const, url: `/api/process/${released.process.id}/form/${form.id}` },
      {
        method: 'PUT' as const,
        url: `/api/process/${released.process.id}/form/${form.id}/edit`,
        ...valid,
      },
      { method: 'DELETE' as const, url: `/api/process/${released.process.id}/form/${form.id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      for (const user of [owner, technician]) {
        const response = await t.app.inject({
          ...call,
          headers: { ...call.headers, ...(await as(user)) },
        });
        expect(response.statusCode, call.url).toBe(403);
      }
    }
  });

  it('refuses a form without name or deadline, or with a name over 300 characters', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: registerUrl(draft.process.id),
      ...json({ name: ' ', obligatory: true }),
      headers: { 'content-type': 'application/json', ...(await as(admin)) },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: m.formNameRequired, type: 'custom' },
        { loc: ['body', 'deadline'], msg: m.deadlineRequired, type: 'invalid_type' },
      ],
    });
    const long = await t.app.inject({
      method: 'POST',
      url: registerUrl(draft.process.id),
      ...json({ name: 'x'.repeat(301), deadline: '2027-01-31' }),
      headers: { 'content-type': 'application/json', ...(await as(admin)) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ detail: [{ msg: m.formNameTooLong }] });
  });

  it('answers 404 for a form of an unknown process', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: registerUrl(UNKNOWN_ID),
      ...json({ name: 'Plano', deadline: '2027-01-31' }),
      headers: { 'content-type': 'application/json', ...(await as(admin)) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.processNotFound });
  });

  it('registers forms in order, lists, reads and edits them', async () => {
    const seal = await createSeal(t.db, { process: { released: false } });
    const headers = { 'content-type': 'application/json', ...(await as(admin)) };
    const first = await t.app.inject({
      method: 'POST',
      url: registerUrl(seal.process.id),
      payload: JSON.stringify({
        name: '  Plano de manejo  ',
        deadline: '2027-01-31T15:00:00.000Z',
        obligatory: true,
        sign: true,
      }),
      headers,
    });
    expect(first.statusCode).toBe(201);
    const created = FormSchema.strict().parse(first.json());
    expect(created).toMatchObject({
      process_id: seal.process.id,
      name: 'Plano de manejo',
      deadline: '2027-01-31',
      obligatory: true,
      sign: true,
      fields_count: 0,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: registerUrl(seal.process.id),
      payload: JSON.stringify({ name: 'Colheita', deadline: '2027-02-28' }),
      headers,
    });
    expect(second.json()).toMatchObject({ obligatory: false, sign: false });

    const list = await t.app.inject({ url: formsUrl(seal.process.id), headers });
    expect(list.json<{ name: string }[]>().map((form) => form.name)).toEqual([
      'Plano de manejo',
      'Colheita',
    ]);
    expect(list.headers['x-total-count']).toBe('2');

    const one = await t.app.inject({
      url: `/api/process/${seal.process.id}/form/${created.id}`,
      headers,
    });
    expect(one.json()).toEqual(created);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/process/${seal.process.id}/form/${created.id}/edit`,
      payload: JSON.stringify({ name: 'Plano orgânico', deadline: '2027-03-15', sign: false }),
      headers,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Plano orgânico',
      deadline: '2027-03-15',
      obligatory: false,
      sign: false,
    });
    const [row] = await t.db.select().from(forms).where(eq(forms.id, created.id));
    expect(row).toMatchObject({ name: 'Plano orgânico', position: 0 });
  });

  it("answers 404 for another process's form", async () => {
    const other = await createForm(t.db, released.process.id);
    const response = await t.app.inject({
      url: `/api/process/${draft.process.id}/form/${other.id}`,
      headers: await as(admin),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.formNotFound });
  });

  it('deletes a form nobody started; keeps a started one and the last of a released process', async () => {
    const seal = await createSeal(t.db);
    const started = await createForm(t.db, seal.process.id);
    const spare = await createForm(t.db, seal.process.id);
    const instance = await createInstance(t.db, { process: seal.process, initiated: true });
    await createFormInstance(t.db, { instance, form: started });
    const headers = await as(admin);
    const remove = (formId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/process/${seal.process.id}/form/${formId}`,
        headers,
      });

    const refused = await remove(started.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: m.formHasInstances });

    expect((await remove(spare.id)).statusCode).toBe(204);
    expect(await t.db.select().from(forms).where(eq(forms.id, spare.id))).toEqual([]);

    const lonely = await createSeal(t.db);
    const only = await createForm(t.db, lonely.process.id);
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/process/${lonely.process.id}/form/${only.id}`,
      headers,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ detail: m.releasedNeedsForm });
    await t.db
      .update(processes)
      .set({ released: false })
      .where(eq(processes.id, lonely.process.id));
    const asDraft = await t.app.inject({
      method: 'DELETE',
      url: `/api/process/${lonely.process.id}/form/${only.id}`,
      headers,
    });
    expect(asDraft.statusCode).toBe(204);
  });
});
