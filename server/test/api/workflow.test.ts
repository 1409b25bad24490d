import {
  InstanceDetailSchema,
  InstanceStatus,
  PENDING_MESSAGES,
  messages,
  type InstanceDetail,
} from '@agroselo/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addProcessFields,
  createField,
  createForm,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { events, fieldInstances, formInstances, processInstances } from '../../src/db/schema';
import { recordEvent } from '../../src/modules/instances/events';
import { multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';
import { brazilian, day } from '../support/days';

const m = messages.instances;

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let otherTechnician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let user: UserRow;
let pendingUser: UserRow;
let farm: PropertyRow;
let otherFarm: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Schneider' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra Pereira',
    crea: '00000001234567',
  });
  otherTechnician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Carla',
    lastName: 'Menezes',
    crea: '00000007654321',
  });
  owner = await createUser(t.db, { role: 'owner', firstName: 'Sérgio', lastName: 'Antunes' });
  otherOwner = await createUser(t.db, { role: 'owner', firstName: 'Marta', lastName: 'Bianchi' });
  user = await createUser(t.db, { role: 'user' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  farm = await createProperty(t.db, { owner, businessName: 'Granja Arroio Duro' });
  otherFarm = await createProperty(t.db, { owner: otherOwner });
});

type Caller = UserRow | null;
const headersOf = async (caller: Caller) => (caller ? await t.auth(caller) : {});

const get = async (caller: Caller, url: string) =>
  t.app.inject({ url, headers: await headersOf(caller) });

async function send(
  caller: Caller,
  method: 'PUT' | 'POST',
  url: string,
  fields?: Record<string, string>,
) {
  const body = fields ? await multipart(fields) : { payload: undefined, headers: {} };
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(await headersOf(caller)) },
  });
}

const request = (caller: Caller, processId: string, businessId: string) =>
  send(caller, 'PUT', `/api/process/${processId}/request`, { business_id: businessId });
const evaluate = (caller: Caller, instanceId: string, reject: string) =>
  send(caller, 'PUT', `/api/process-instance/${instanceId}/evaluate`, { reject });
const start = (caller: Caller, instanceId: string) =>
  send(caller, 'PUT', `/api/process-instance/${instanceId}/start`);
const open = (caller: Caller, processId: string, businessId: string) =>
  send(caller, 'POST', `/api/process/${processId}/start`, { business_id: businessId });

const detailOf = (response: { json: () => unknown }): InstanceDetail =>
  InstanceDetailSchema.strict().parse(response.json());

const eventsOf = (instanceId: string) =>
  t.db
    .select()
    .from(events)
    .where(eq(events.processInstanceId, instanceId))
    .orderBy(asc(events.createdAt), asc(events.id));

const pendingOf = async (caller: UserRow) =>
  (await get(caller, '/api/process-instance/pending')).json<{ id: string; message: string }[]>();

/**
 * A released seal whose process has two forms (given out of order), a Lista field with columns
 * and two process-level documents: what a start must turn into form and field instances.
 */
async function sealWithForms() {
  const seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
  const [cultivar, area, product, dose, licence, car] = await Promise.all(
    ['Cultivar', 'Área (ha)', 'Produto', 'Dose', 'Licença de Operação', 'Recibo do CAR'].map(
      (name) => createField(t.db, { name }),
    ),
  );
  const applications = await createField(t.db, {
    name: 'Aplicações',
    type: 'form',
    children: [product!.id, dose!.id],
  });
  const irrigation = await createForm(t.db, seal.process.id, {
    name: 'Manejo da irrigação',
    deadline: '2031-05-31',
    obligatory: false,
    sign: true,
    position: 1,
    fieldIds: [applications.id],
  });
  const characterization = await createForm(t.db, seal.process.id, {
    name: 'Caracterização da lavoura',
    deadline: '2031-03-31',
    obligatory: true,
    sign: false,
    position: 0,
    fieldIds: [area!.id, cultivar!.id],
  });
  await addProcessFields(t.db, seal.process.id, [car!.id, licence!.id]);
  return {
    ...seal,
    forms: { characterization, irrigation },
    fields: { cultivar: cultivar!, area: area!, applications, licence: licence!, car: car! },
  };
}

describe('GET /api/process-instance/{id}', () => {
  it('answers 401 without a token and 403 to an account still to verify', async () => {
    const instance = await createInstance(t.db, { property: farm });
    const anonymous = await get(null, `/api/process-instance/${instance.id}`);
    expect(anonymous.statusCode).toBe(401);
    const unverified = await get(pendingUser, `/api/process-instance/${instance.id}`);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it("answers 404 to a producer asking for another producer's instance, as if it did not exist", async () => {
    const instance = await createInstance(t.db, { property: farm });
    for (const caller of [otherOwner, user]) {
      const response = await get(caller, `/api/process-instance/${instance.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: m.notFound });
    }
    const unknown = await get(admin, '/api/process-instance/0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: m.notFound });
  });

  it('answers 422 to an id that is not a UUID', async () => {
    const response = await get(admin, '/api/process-instance/123');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({
      loc: ['params', 'id'],
      msg: messages.common.invalidId,
    });
  });

  it('gives the owner and every technician or admin the whole instance', async () => {
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz de Qualidade Superior' } });
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
    });
    for (const caller of [owner, technician, otherTechnician, admin]) {
      const response = await get(caller, `/api/process-instance/${instance.id}`);
      expect(response.statusCode).toBe(200);
      const detail = detailOf(response);
      expect(detail).toMatchObject({
        id: instance.id,
        business: {
          id: farm.id,
          owner: { id: owner.id, name: 'Sérgio Antunes' },
          business_name: 'Granja Arroio Duro',
          cnpj: farm.cnpj,
          farming_lo_validity: farm.farmingLoValidity,
          drying_and_stock_lo_validity: farm.dryingAndStockLoValidity,
          latitude: farm.latitude,
          car_n: farm.carN,
        },
        process: {
          id: seal.process.id,
          description: seal.process.description,
          stamp: { name: 'Arroz de Qualidade Superior', image_url: null },
        },
        requested_by: { id: owner.id, name: 'Sérgio Antunes' },
        technician: { id: technician.id, name: 'Rafael Dutra Pereira' },
        status: InstanceStatus.PRODUCER_PENDING,
        progress: { finished: 0, total: 0 },
        form_instances: [],
        chain: [{ id: instance.id, status: InstanceStatus.PRODUCER_PENDING }],
        child_process_instance: null,
      });
      expect(detail.events.map((event) => event.message)).toEqual([
        'Selo solicitado por Sérgio Antunes',
        'Solicitação aceita por Rafael Dutra Pereira',
      ]);
      // Only the owner has something to do: start it.
      expect(detail.actions).toEqual({
        evaluate: false,
        start: caller === owner,
        conclude: false,
        review: false,
        inspect: false,
        recommend: false,
        publish_consent: caller === owner,
        suspend: false,
        revoke: false,
        reinstate: false,
      });
    }
  });

  it('answers in two queries however long the chain and the timeline are', async () => {
    const seal = await createSeal(t.db);
    const property = await createProperty(t.db, { owner });
    const single = await createInstance(t.db, { process: seal.process, property, rejected: true });
    const headers = await t.auth(owner);
    const count = async (id: string) =>
      t.queriesDuring(() => t.app.inject({ url: `/api/process-instance/${id}`, headers }));
    expect(await count(single.id)).toHaveLength(2);

    let parent = single;
    for (let n = 0; n < 6; n++) {
      parent = await createInstance(t.db, {
        process: seal.process,
        property,
        technician,
        rejected: true,
        parent,
      });
    }
    for (let n = 0; n < 20; n++) {
      await recordEvent(t.db, {
        instanceId: parent.id,
        actorId: technician.id,
        type: 'accepted',
        message: `Passo ${n}`,
      });
    }
    const response = await t.app.inject({ url: `/api/process-instance/${parent.id}`, headers });
    expect(detailOf(response).chain).toHaveLength(7);
    expect(detailOf(response).events).toHaveLength(22);
    expect(await count(parent.id)).toHaveLength(2);
    expect(await count(single.id)).toHaveLength(2);
  });
});

describe('PUT /api/process/{processId}/request', () => {
  it('answers 401 without a token, 403 to an unverified account and to staff', async () => {
    const { process } = await createSeal(t.db);
    expect((await request(null, process.id, farm.id)).statusCode).toBe(401);
    const unverified = await request(pendingUser, process.id, farm.id);
    expect(unverified.statusCode).toBe(403);
    for (const staff of [technician, admin]) {
      const response = await request(staff, process.id, farm.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('answers 422 without a property, or with one that is not an id', async () => {
    const { process } = await createSeal(t.db);
    for (const fields of [{}, { business_id: '' }, { business_id: 'fazenda' }] as Record<
      string,
      string
    >[]) {
      const response = await send(owner, 'PUT', `/api/process/${process.id}/request`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'business_id'], msg: m.businessRequired }),
      ]);
    }
  });

  it("answers 404 for someone else's property, and to a user who owns none", async () => {
    const { process } = await createSeal(t.db);
    for (const caller of [otherOwner, user]) {
      const response = await request(caller, process.id, farm.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: m.propertyNotFound });
    }
    const unknown = await request(owner, process.id, '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d');
    expect(unknown.json()).toEqual({ detail: m.propertyNotFound });
  });

  it('answers 404 for a draft seal and for one that does not exist', async () => {
    const draft = await createSeal(t.db, { process: { released: false } });
    for (const processId of [draft.process.id, '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d']) {
      const response = await request(owner, processId, farm.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: messages.seals.processNotFound });
    }
  });

  it('answers 409 outside the request window, saying when it opens or closed', async () => {
    const early = await createSeal(t.db, { process: { startDate: day(10), endDate: day(40) } });
    const late = await createSeal(t.db, { process: { startDate: day(-40), endDate: day(-1) } });
    const notYet = await request(owner, early.process.id, farm.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ detail: m.windowNotOpen(brazilian(day(10))) });
    const closed = await request(owner, late.process.id, farm.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: m.windowClosed(brazilian(day(-1))) });
    // The first and the last day of the window are inside it.
    const edges = await createSeal(t.db, { process: { startDate: day(0), endDate: day(0) } });
    expect((await request(owner, edges.process.id, farm.id)).statusCode).toBe(201);
  });

  it('creates a request waiting for a technician, with its event, and answers 201', async () => {
    const { process } = await createSeal(t.db, { stamp: { name: 'Selo da Lagoa' } });
    const response = await request(owner, process.id, farm.id);
    expect(response.statusCode).toBe(201);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      business: { id: farm.id },
      process: { id: process.id, stamp: { name: 'Selo da Lagoa' } },
      requested_by: { id: owner.id },
      technician: null,
      rejected: false,
      initiated: false,
      finished: false,
      status: InstanceStatus.PENDING,
      actions: { evaluate: false, start: false },
      chain: [{ id: detail.id, status: InstanceStatus.PENDING }],
      events: [
        {
          type: 'requested',
          message: 'Selo solicitado por Sérgio Antunes',
          actor: { id: owner.id, name: 'Sérgio Antunes' },
        },
      ],
    });
    const [row] = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.id, detail.id));
    expect(row).toMatchObject({
      processId: process.id,
      propertyId: farm.id,
      requestedBy: owner.id,
      technicianId: null,
      parentInstanceId: null,
    });
  });

  it('accepts the same request as JSON', async () => {
    const { process } = await createSeal(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/process/${process.id}/request`,
      payload: { business_id: farm.id },
      headers: await t.auth(owner),
    });
    expect(response.statusCode).toBe(201);
  });

  it('shows a new request at once to every technician and admin, and to nobody else', async () => {
    const { process } = await createSeal(t.db);
    const id = detailOf(await request(owner, process.id, farm.id)).id;
    for (const staff of [technician, otherTechnician, admin]) {
      expect(await pendingOf(staff)).toContainEqual({
        id,
        url: `/producer-details/${id}`,
        message: PENDING_MESSAGES.staff,
      });
      const list = await get(staff, '/api/process-instance/all?status=pending');
      expect(list.json<{ id: string }[]>().map((item) => item.id)).toContain(id);
    }
    expect((await pendingOf(owner)).map((item) => item.id)).not.toContain(id);
  });

  it('answers 409 to a second request while the first is open, in any open state', async () => {
    for (const state of [{}, { technician }, { technician, initiated: true }]) {
      const { process } = await createSeal(t.db);
      await createInstance(t.db, { process, property: farm, ...state });
      const response = await request(owner, process.id, farm.id);
      expect(response.statusCode, JSON.stringify(Object.keys(state))).toBe(409);
      expect(response.json()).toEqual({ detail: m.duplicateRequest });
    }
  });

  it('lets two requests race: exactly one is created, the other answers 409', async () => {
    const { process } = await createSeal(t.db);
    const responses = await Promise.all([
      request(owner, process.id, farm.id),
      request(owner, process.id, farm.id),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
      detail: m.duplicateRequest,
    });
    const rows = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.processId, process.id));
    expect(rows).toHaveLength(1);
  });

  it('hangs a new request after a rejected or finished one as its child: the chain', async () => {
    const { process } = await createSeal(t.db);
    const rejected = await createInstance(t.db, {
      process,
      property: farm,
      technician,
      rejected: true,
    });
    const second = detailOf(await request(owner, process.id, farm.id));
    const [secondRow] = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.id, second.id));
    expect(secondRow!.parentInstanceId).toBe(rejected.id);
    expect(second.chain.map((link) => [link.id, link.status])).toEqual([
      [rejected.id, InstanceStatus.REJECTED],
      [second.id, InstanceStatus.PENDING],
    ]);

    // The technician rejects it too, and the producer tries a third time.
    await evaluate(technician, second.id, 'true');
    const third = detailOf(await request(owner, process.id, farm.id));
    expect(third.chain.map((link) => link.id)).toEqual([rejected.id, second.id, third.id]);
    const [thirdRow] = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.id, third.id));
    expect(thirdRow!.parentInstanceId).toBe(second.id);

    // Every instance of the chain tells the same history; each knows the one after it.
    const first = detailOf(await get(owner, `/api/process-instance/${rejected.id}`));
    expect(first.chain.map((link) => link.id)).toEqual([rejected.id, second.id, third.id]);
    expect(first.child_process_instance).toMatchObject({
      id: second.id,
      status: InstanceStatus.REJECTED,
    });
    expect(third.child_process_instance).toBeNull();

    const finished = await createSeal(t.db);
    const done = await createInstance(t.db, {
      process: finished.process,
      property: farm,
      technician,
      initiated: true,
      finished: true,
    });
    const renewal = detailOf(await request(owner, finished.process.id, farm.id));
    expect(renewal.chain.map((link) => link.id)).toEqual([done.id, renewal.id]);
  });
});

describe('PUT /api/process-instance/{id}/evaluate', () => {
  it('answers 401 without a token and 403 to producers', async () => {
    const instance = await createInstance(t.db, { property: farm });
    expect((await evaluate(null, instance.id, 'false')).statusCode).toBe(401);
    for (const caller of [owner, user, otherOwner]) {
      const response = await evaluate(caller, instance.id, 'false');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('answers 422 without a decision, or with one that is not true or false', async () => {
    const instance = await createInstance(t.db, { property: farm });
    for (const fields of [{}, { reject: '' }, { reject: 'talvez' }] as Record<string, string>[]) {
      const response = await send(
        technician,
        'PUT',
        `/api/process-instance/${instance.id}/evaluate`,
        fields,
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'reject'], msg: m.rejectRequired }),
      ]);
    }
  });

  it('answers 404 for an instance that does not exist', async () => {
    const response = await evaluate(technician, '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d', 'false');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: m.notFound });
  });

  it('accepts: the caller becomes the technician and the owner is asked to start', async () => {
    const instance = await createInstance(t.db, { property: farm });
    const response = await evaluate(technician, instance.id, 'false');
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      technician: { id: technician.id, name: 'Rafael Dutra Pereira' },
      rejected: false,
      status: InstanceStatus.PRODUCER_PENDING,
      actions: { evaluate: false, start: false },
    });
    expect(detail.evaluated_at).not.toBeNull();
    expect(detail.events.at(-1)).toMatchObject({
      type: 'accepted',
      message: 'Solicitação aceita por Rafael Dutra Pereira',
      actor: { id: technician.id },
    });
    // It leaves the staff's pending items and reaches the owner's, pointing at the instance.
    expect((await pendingOf(admin)).map((item) => item.id)).not.toContain(instance.id);
    expect(await pendingOf(owner)).toContainEqual({
      id: instance.id,
      url: `/producer-details/${instance.id}`,
      message: PENDING_MESSAGES.owner,
    });
    expect(detailOf(await get(owner, `/api/process-instance/${instance.id}`)).actions).toEqual({
      evaluate: false,
      start: true,
      conclude: false,
      review: false,
      inspect: false,
      recommend: false,
      publish_consent: true,
      suspend: false,
      revoke: false,
      reinstate: false,
    });
  });

  it('rejects, by an admin too, with the event and no further pending item', async () => {
    const instance = await createInstance(t.db, { property: farm });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/process-instance/${instance.id}/evaluate`,
      payload: { reject: true },
      headers: await t.auth(admin),
    });
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      technician: { id: admin.id },
      rejected: true,
      status: InstanceStatus.REJECTED,
    });
    expect(detail.events.at(-1)).toMatchObject({
      type: 'rejected',
      message: 'Solicitação rejeitada por Helena Schneider',
    });
    expect((await pendingOf(owner)).map((item) => item.id)).not.toContain(instance.id);
    expect((await pendingOf(technician)).map((item) => item.id)).not.toContain(instance.id);
  });

  it('answers 409 once a technician is set, and to a finished instance', async () => {
    const accepted = await createInstance(t.db, { property: farm, technician });
    for (const reject of ['false', 'true']) {
      const response = await evaluate(otherTechnician, accepted.id, reject);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: m.alreadyEvaluated });
    }
    const finished = await createInstance(t.db, { property: farm, finished: true });
    const response = await evaluate(technician, finished.id, 'false');
    expect(response.json()).toEqual({ detail: m.finished });
    const [row] = await t.db
      .select()
      .from(processInstances)
      .where(eq(processInstances.id, accepted.id));
    expect(row!.technicianId).toBe(technician.id);
    expect(await eventsOf(accepted.id)).toHaveLength(2);
  });

  it('lets two technicians evaluate at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const instance = await createInstance(t.db, { property: farm });
      const [first, second] = await Promise.all([
        evaluate(technician, instance.id, 'false'),
        evaluate(otherTechnician, instance.id, 'true'),
      ]);
      const statuses = [first!.statusCode, second!.statusCode];
      expect(statuses.sort()).toEqual([200, 409]);
      const winner = first!.statusCode === 200 ? technician : otherTechnician;
      const [row] = await t.db
        .select()
        .from(processInstances)
        .where(eq(processInstances.id, instance.id));
      expect(row!.technicianId).toBe(winner.id);
      expect(row!.rejected).toBe(winner === otherTechnician);
      const recorded = await eventsOf(instance.id);
      expect(recorded.map((event) => event.actorId)).toEqual([owner.id, winner.id]);
    }
  });
});

describe('PUT /api/process-instance/{id}/start', () => {
  it('answers 401 without a token, 403 to staff and 404 to other producers', async () => {
    const instance = await createInstance(t.db, { property: farm, technician });
    expect((await start(null, instance.id)).statusCode).toBe(401);
    for (const staff of [technician, admin]) {
      expect((await start(staff, instance.id)).statusCode).toBe(403);
    }
    for (const caller of [otherOwner, user]) {
      const response = await start(caller, instance.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: m.notFound });
    }
  });

  it('answers 409 before the evaluation, after a rejection, once started or finished', async () => {
    const cases = [
      [{}, m.notEvaluated],
      [{ technician, rejected: true }, m.rejected],
      [{ technician, initiated: true }, m.alreadyStarted],
      [{ technician, initiated: true, finished: true }, m.finished],
    ] as const;
    for (const [state, detail] of cases) {
      const instance = await createInstance(t.db, { property: farm, ...state });
      const response = await start(owner, instance.id);
      expect(response.statusCode, detail).toBe(409);
      expect(response.json()).toEqual({ detail });
    }
  });

  it('creates one form instance per form in order, then Documentos, each with its fields', async () => {
    const seal = await sealWithForms();
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
    });
    const response = await start(owner, instance.id);
    expect(response.statusCode).toBe(200);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      initiated: true,
      status: InstanceStatus.ONGOING,
      progress: { finished: 0, total: 3 },
      actions: { evaluate: false, start: false },
    });
    expect(detail.started_at).not.toBeNull();
    expect(detail.form_instances.map(({ id: _id, ...form }) => form)).toEqual([
      {
        name: 'Caracterização da lavoura',
        deadline: '2031-03-31',
        obligatory: true,
        sign: false,
        commited: false,
        commited_at: null,
      },
      {
        name: 'Manejo da irrigação',
        deadline: '2031-05-31',
        obligatory: false,
        sign: true,
        commited: false,
        commited_at: null,
      },
      {
        name: 'Documentos',
        deadline: null,
        obligatory: true,
        sign: false,
        commited: false,
        commited_at: null,
      },
    ]);
    expect(detail.events.at(-1)).toMatchObject({
      type: 'started',
      message: 'Processo iniciado por Sérgio Antunes',
    });

    const forms = await t.db
      .select()
      .from(formInstances)
      .where(eq(formInstances.processInstanceId, instance.id))
      .orderBy(asc(formInstances.position));
    expect(forms.map((form) => form.formId)).toEqual([
      seal.forms.characterization.id,
      seal.forms.irrigation.id,
      null,
    ]);
    const cells = await t.db
      .select()
      .from(fieldInstances)
      .where(
        inArray(
          fieldInstances.formInstanceId,
          forms.map((form) => form.id),
        ),
      )
      .orderBy(asc(fieldInstances.position));
    const fieldsOf = (index: number) =>
      cells.filter((cell) => cell.formInstanceId === forms[index]!.id).map((cell) => cell.fieldId);
    const { fields } = seal;
    expect(fieldsOf(0)).toEqual([fields.area.id, fields.cultivar.id]);
    // The Lista field is there once, with no cells: rows come while the form is filled in.
    expect(fieldsOf(1)).toEqual([fields.applications.id]);
    expect(fieldsOf(2)).toEqual([fields.car.id, fields.licence.id]);
    expect(
      cells.every((cell) => cell.content === null && cell.parentFieldInstanceId === null),
    ).toBe(true);

    // It leaves the owner's pending items.
    expect((await pendingOf(owner)).map((item) => item.id)).not.toContain(instance.id);
  });

  it('makes no Documentos for a process without fields of its own', async () => {
    const { process } = await createSeal(t.db);
    await createForm(t.db, process.id, { name: 'Único' });
    const instance = await createInstance(t.db, { process, property: farm, technician });
    const detail = detailOf(await start(owner, instance.id));
    expect(detail.form_instances.map((form) => form.name)).toEqual(['Único']);
  });

  it('starts once when the owner clicks twice: one 200, one 409, one set of forms', async () => {
    const seal = await sealWithForms();
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
    });
    const responses = await Promise.all([start(owner, instance.id), start(owner, instance.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const forms = await t.db
      .select()
      .from(formInstances)
      .where(eq(formInstances.processInstanceId, instance.id));
    expect(forms).toHaveLength(3);
    expect((await eventsOf(instance.id)).filter((e) => e.type === 'started')).toHaveLength(1);
  });
});

describe('POST /api/process/{processId}/start', () => {
  it('answers 401 without a token and 403 to producers', async () => {
    const { process } = await createSeal(t.db);
    expect((await open(null, process.id, farm.id)).statusCode).toBe(401);
    for (const caller of [owner, user]) {
      const response = await open(caller, process.id, farm.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('answers 422 without a property and 404 for one that does not exist', async () => {
    const { process } = await createSeal(t.db);
    const missing = await send(technician, 'POST', `/api/process/${process.id}/start`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({
      loc: ['body', 'business_id'],
      msg: m.businessRequired,
    });
    const unknown = await open(technician, process.id, '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: m.propertyNotFound });
  });

  it('refuses a draft (404 to a technician, told to an admin) and a closed window', async () => {
    const draft = await createSeal(t.db, { process: { released: false } });
    const hidden = await open(technician, draft.process.id, farm.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: messages.seals.processNotFound });
    const told = await open(admin, draft.process.id, farm.id);
    expect(told.statusCode).toBe(409);
    expect(told.json()).toEqual({ detail: m.processDraft });
    const late = await createSeal(t.db, { process: { startDate: day(-40), endDate: day(-2) } });
    const closed = await open(technician, late.process.id, farm.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: m.windowClosed(brazilian(day(-2))) });
  });

  it('opens an instance accepted by the caller and started, with its forms', async () => {
    const seal = await sealWithForms();
    const response = await open(technician, seal.process.id, otherFarm.id);
    expect(response.statusCode).toBe(201);
    const detail = detailOf(response);
    expect(detail).toMatchObject({
      business: { id: otherFarm.id, owner: { id: otherOwner.id } },
      requested_by: { id: technician.id },
      technician: { id: technician.id },
      rejected: false,
      initiated: true,
      status: InstanceStatus.ONGOING,
      progress: { finished: 0, total: 3 },
      events: [{ type: 'opened', message: 'Processo aberto e iniciado por Rafael Dutra Pereira' }],
    });
    expect(detail.form_instances.map((form) => form.name)).toEqual([
      'Caracterização da lavoura',
      'Manejo da irrigação',
      'Documentos',
    ]);
    // Its owner sees it; it never waited for anyone, so nobody is notified.
    expect((await get(otherOwner, `/api/process-instance/${detail.id}`)).statusCode).toBe(200);
    expect((await pendingOf(otherOwner)).map((item) => item.id)).not.toContain(detail.id);
    expect((await pendingOf(admin)).map((item) => item.id)).not.toContain(detail.id);

    const again = await open(admin, seal.process.id, otherFarm.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: m.duplicateRequest });
  });

  it('continues the chain after a rejected request of the same seal and property', async () => {
    const { process } = await createSeal(t.db);
    const rejected = await createInstance(t.db, {
      process,
      property: otherFarm,
      technician,
      rejected: true,
    });
    const detail = detailOf(await open(admin, process.id, otherFarm.id));
    expect(detail.chain.map((link) => link.id)).toEqual([rejected.id, detail.id]);
  });
});
