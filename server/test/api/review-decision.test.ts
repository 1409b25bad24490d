import {
  InstanceDetailSchema,
  messages,
  ProcessSchema,
  PublicCertificateSchema,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createInstance,
  createPendency,
  createFormInstance,
  createSeal,
  type UserRow,
} from '../../src/db/seed/factories';
import { certificates } from '../../src/db/schema';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.review;

let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

const send = async (caller: UserRow | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: caller ? await t.auth(caller) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** A started instance of a process with the given review settings. */
async function instanceOf(
  settings: { levels?: ('prata' | 'ouro')[]; committee?: boolean },
  assigned: UserRow = w.technician,
  recommendation?: { outcome: 'prata' | 'ouro' | 'reprovar'; justification: string },
) {
  const { process } = await createSeal(t.db, {
    process: { levels: settings.levels ?? [], committee: settings.committee ?? false },
  });
  const instance = await createInstance(t.db, {
    process,
    property: w.farm,
    technician: assigned,
    initiated: true,
    recommendation,
  });
  await createFormInstance(t.db, { instance, commited: true });
  return instance;
}

const recommendUrl = (id: string) => `/api/process-instance/${id}/recommendation`;
const finishUrl = (id: string) => `/api/process-instance/${id}/finish`;
const both = ['prata', 'ouro'] as ('prata' | 'ouro')[];

describe('PUT /api/process/{processId}/review-settings', () => {
  it('lets only admins set levels and committee; new processes take them too', async () => {
    const { process } = await createSeal(t.db);
    const url = `/api/process/${process.id}/review-settings`;
    const body = { levels: ['prata', 'ouro'], committee: true };
    expect((await send(w.technician, 'PUT', url, body)).statusCode).toBe(403);
    const response = await send(w.admin, 'PUT', url, body);
    expect(response.statusCode).toBe(200);
    expect(ProcessSchema.parse(response.json())).toMatchObject({
      levels: ['prata', 'ouro'],
      committee: true,
    });
    const one = await send(w.admin, 'PUT', url, { levels: ['ouro'], committee: false });
    expect(one.statusCode).toBe(422);
    expect(one.json().detail[0].msg).toBe(m.levelsBoth);
    const unknown = await send(w.admin, 'PUT', url, {
      levels: ['bronze', 'ouro'],
      committee: false,
    });
    expect(unknown.statusCode).toBe(422);
    const missing = await send(w.admin, 'PUT', `/api/process/${w.admin.id}/review-settings`, body);
    expect(missing.statusCode).toBe(404);
  });

  it('keeps existing processes as they were: no levels, no committee', async () => {
    const { process } = await createSeal(t.db);
    const response = await send(w.admin, 'GET', `/api/process/${process.id}`);
    expect(response.json()).toMatchObject({ levels: [], committee: false });
  });
});

describe('PUT /api/process-instance/{id}/recommendation', () => {
  const body = { outcome: 'ouro', justification: 'Rastreabilidade completa do lote.' };

  it('is the assigned technician’s only: 403 to admins, others and the responsible technician', async () => {
    const instance = await instanceOf({ levels: both, committee: true });
    const forAdmin = await send(w.admin, 'PUT', recommendUrl(instance.id), body);
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json()).toEqual({ detail: m.recommendationTechnicianOnly });
    expect((await send(w.otherTechnician, 'PUT', recommendUrl(instance.id), body)).statusCode).toBe(
      403,
    );
    expect((await send(w.owner, 'PUT', recommendUrl(instance.id), body)).statusCode).toBe(403);
    const mine = await instanceOf({ levels: both, committee: true }, w.conflicted);
    const refused = await send(w.conflicted, 'PUT', recommendUrl(mine.id), body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: m.conflictOfInterest });
  });

  it('answers 409 without a committee and 422 to a level not offered or no justification', async () => {
    const direct = await instanceOf({ levels: both });
    const noCommittee = await send(w.technician, 'PUT', recommendUrl(direct.id), body);
    expect(noCommittee.statusCode).toBe(409);
    expect(noCommittee.json()).toEqual({ detail: m.noCommittee });
    const plain = await instanceOf({ committee: true });
    const notOffered = await send(w.technician, 'PUT', recommendUrl(plain.id), body);
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().detail[0].msg).toBe(m.levelNotOffered);
    const fail = await send(w.technician, 'PUT', recommendUrl(plain.id), {
      outcome: 'reprovar',
      justification: 'Sem outorga',
    });
    expect(fail.statusCode).toBe(200);
    const blank = await send(w.technician, 'PUT', recommendUrl(plain.id), {
      outcome: 'reprovar',
      justification: '',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0].msg).toBe(m.justificationRequired);
  });

  it('records it, replaceable, on the detail and the timeline; the admin may then decide', async () => {
    const instance = await instanceOf({ levels: both, committee: true });
    const before = InstanceDetailSchema.parse(
      (await send(w.technician, 'GET', `/api/process-instance/${instance.id}`)).json(),
    );
    expect(before.actions).toMatchObject({ recommend: true, conclude: false, review: true });
    await send(w.technician, 'PUT', recommendUrl(instance.id), {
      outcome: 'prata',
      justification: 'Primeira leitura',
    });
    const response = await send(w.technician, 'PUT', recommendUrl(instance.id), body);
    expect(response.statusCode).toBe(200);
    const detail = InstanceDetailSchema.parse(response.json());
    expect(detail.review).toMatchObject({
      levels: ['prata', 'ouro'],
      committee: true,
      level: null,
      recommendation: {
        outcome: 'ouro',
        justification: 'Rastreabilidade completa do lote.',
        author: { id: w.technician.id, name: 'Ana Becker' },
      },
    });
    expect(detail.events.at(-1)).toMatchObject({
      type: 'recommendation',
      message: 'Parecer técnico de Ana Becker: Aprovar Ouro. Rastreabilidade completa do lote.',
    });
    const forAdmin = InstanceDetailSchema.parse(
      (await send(w.admin, 'GET', `/api/process-instance/${instance.id}`)).json(),
    );
    expect(forAdmin.actions).toMatchObject({ conclude: true, recommend: false });
  });
});

describe('PUT /api/process-instance/{id}/finish with the review', () => {
  it('with a committee: 403 to the technician, 409 before the recommendation', async () => {
    const instance = await instanceOf({ levels: both, committee: true });
    const byTechnician = await send(w.technician, 'PUT', finishUrl(instance.id), {
      approved: true,
      level: 'ouro',
      note: '',
    });
    expect(byTechnician.statusCode).toBe(403);
    expect(byTechnician.json()).toEqual({ detail: m.committeeAdminOnly });
    const early = await send(w.admin, 'PUT', finishUrl(instance.id), {
      approved: true,
      level: 'ouro',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: m.recommendationRequired });
  });

  it('needs a level offered to approve when the process offers levels', async () => {
    const instance = await instanceOf({ levels: both });
    const missing = await send(w.technician, 'PUT', finishUrl(instance.id), { approved: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({
      loc: ['body', 'level'],
      msg: m.levelRequired,
    });
    const plain = await instanceOf({});
    const notOffered = await send(w.technician, 'PUT', finishUrl(plain.id), {
      approved: true,
      level: 'prata',
    });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json().detail[0].msg).toBe(m.levelNotOffered);
    const bad = await send(w.technician, 'PUT', finishUrl(plain.id), {
      approved: true,
      level: 'bronze',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses the responsible technician and lists open or answered pendências (409)', async () => {
    const mine = await instanceOf({}, w.conflicted);
    const refused = await send(w.conflicted, 'PUT', finishUrl(mine.id), { approved: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: m.conflictOfInterest });

    const instance = await instanceOf({});
    const form = await createFormInstance(t.db, { instance, commited: true, position: 1 });
    await createPendency(t.db, {
      instance,
      formInstanceId: form.id,
      by: w.technician,
      description: 'Falta a outorga',
    });
    await createPendency(t.db, {
      instance,
      formInstanceId: form.id,
      by: w.technician,
      owner: w.owner,
      status: 'answered',
      description: 'Licença vencida',
    });
    await createPendency(t.db, {
      instance,
      formInstanceId: form.id,
      by: w.technician,
      owner: w.owner,
      status: 'resolved',
      description: 'Resolvida',
    });
    const response = await send(w.technician, 'PUT', finishUrl(instance.id), { approved: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        'Há pendências abertas ou respondidas: Documentos: Falta a outorga; Documentos: Licença vencida',
    });
  });

  it('the admin concludes with Ouro: certificate level, event, e-mail, public page', async () => {
    const instance = await instanceOf({ levels: both, committee: true }, w.technician, {
      outcome: 'ouro',
      justification: 'Rastreabilidade completa',
    });
    const response = await send(w.admin, 'PUT', finishUrl(instance.id), {
      approved: true,
      level: 'ouro',
      note: 'Aprovado pelo comitê',
    });
    expect(response.statusCode).toBe(200);
    const detail = InstanceDetailSchema.parse(response.json());
    expect(detail.review.level).toBe('ouro');
    expect(detail.certificate!.level).toBe('ouro');
    expect(detail.events.at(-1)).toMatchObject({
      type: 'approved',
      message: expect.stringContaining('com Selo Ouro') as string,
    });
    const [row] = await t.db
      .select({ level: certificates.level })
      .from(certificates)
      .where(eq(certificates.processInstanceId, instance.id));
    expect(row!.level).toBe('ouro');
    const [mail] = await t.mailTo(w.owner.email);
    expect(mail!.text).toContain('Selo Ouro');
    const certificate = PublicCertificateSchema.parse(
      (await send(null, 'GET', `/api/certificate/${detail.certificate!.number}`)).json(),
    );
    expect(certificate.level).toBe('ouro');
    const holders = (await send(null, 'GET', `/api/process/${detail.process.id}/holders`)).json();
    expect(holders).toEqual([expect.objectContaining({ level: 'ouro' })]);
  });

  it('without a committee the technician concludes as before; failing ignores the level', async () => {
    const direct = await instanceOf({ levels: both });
    const approved = await send(w.technician, 'PUT', finishUrl(direct.id), {
      approved: true,
      level: 'prata',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().certificate.level).toBe('prata');
    const failing = await instanceOf({ levels: both });
    const failed = await send(w.technician, 'PUT', finishUrl(failing.id), {
      approved: false,
      level: 'ouro',
      note: 'Sem outorga',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ approved: false, certificate: null });
    expect(failed.json().review.level).toBeNull();
  });
});

describe('conflict of interest on evaluate and staff start', () => {
  it('refuses the responsible technician and shows the flag on the detail', async () => {
    const requested = await createInstance(t.db, { property: w.farm });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/process-instance/${requested.id}/evaluate`,
      headers: await t.auth(w.conflicted),
      payload: { reject: false },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: m.conflictOfInterest });
    const detail = InstanceDetailSchema.parse(
      (await send(w.conflicted, 'GET', `/api/process-instance/${requested.id}`)).json(),
    );
    expect(detail.actions.evaluate).toBe(false);
    expect(detail.review.conflict_of_interest).toBe(true);
    const { process } = await createSeal(t.db);
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/process/${process.id}/start`,
      headers: await t.auth(w.conflicted),
      payload: { business_id: w.farm.id },
    });
    expect(start.statusCode).toBe(403);
    const fine = await send(w.technician, 'GET', `/api/process-instance/${requested.id}`);
    expect(fine.json().review.conflict_of_interest).toBe(false);
  });
});
