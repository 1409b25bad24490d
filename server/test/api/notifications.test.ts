import { messages, PENDING_MESSAGES, PendingItemSchema } from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { certificates } from '../../src/db/schema';
import {
  createCertificate,
  createFormInstance,
  createInstance,
  createPendency,
  createProperty,
  createUser,
  type InstanceRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { brazilian, day } from '../support/days';
import { buildTestApp, type TestApp } from '../support/test-app';
import { eq } from 'drizzle-orm';

const PENDING_URL = '/api/process-instance/pending';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let user: UserRow;
let pendingUser: UserRow;
/** Requests nobody evaluated yet, oldest first. */
let requested: InstanceRow[];
let acceptedForOwner: InstanceRow;
let acceptedForOtherOwner: InstanceRow;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  owner = await createUser(t.db, { role: 'owner' });
  otherOwner = await createUser(t.db, { role: 'owner' });
  user = await createUser(t.db, { role: 'user' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  const farm = await createProperty(t.db, { owner });
  const otherFarm = await createProperty(t.db, { owner: otherOwner });

  // Each instance gets its own seal: one open request per seal and property is the rule.
  requested = [
    await createInstance(t.db, { property: farm, createdAt: minutesAgo(30) }),
    await createInstance(t.db, { property: otherFarm, createdAt: minutesAgo(20) }),
    await createInstance(t.db, { property: farm, createdAt: minutesAgo(10) }),
  ];
  acceptedForOwner = await createInstance(t.db, { property: farm, technician });
  acceptedForOtherOwner = await createInstance(t.db, { property: otherFarm, technician });
  // Neither list shows what was rejected, started or finished.
  await createInstance(t.db, { property: farm, technician, rejected: true });
  await createInstance(t.db, { property: farm, technician, initiated: true });
  await createInstance(t.db, { property: farm, technician, initiated: true, finished: true });
  await createInstance(t.db, { property: farm, finished: true });
  await createInstance(t.db, { property: otherFarm, rejected: true });
});

const get = async (caller: UserRow | null, query = '') =>
  t.app.inject({ url: `${PENDING_URL}${query}`, headers: caller ? await t.auth(caller) : {} });

describe('GET /api/process-instance/pending', () => {
  it('answers 401 without a token', async () => {
    const response = await get(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: messages.auth.notAuthenticated });
  });

  it('answers 403 to an account whose e-mail is not verified yet', async () => {
    const response = await get(pendingUser);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it.each([
    ['technician', () => technician],
    ['admin', () => admin],
  ])('gives a %s every request with no technician, newest first', async (_role, caller) => {
    const response = await get(caller());
    expect(response.statusCode).toBe(200);
    const items = z.array(PendingItemSchema.strict()).parse(response.json());
    expect(items).toEqual(
      [...requested].reverse().map((instance) => ({
        id: instance.id,
        url: `/producer-details/${instance.id}`,
        message: PENDING_MESSAGES.staff,
      })),
    );
    expect(response.headers['x-total-count']).toBe('3');
  });

  it('gives an owner only the accepted, not started requests of their own properties', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: acceptedForOwner.id,
        url: `/producer-details/${acceptedForOwner.id}`,
        message: 'Processo aceito. Inicie o processo aqui!',
      },
    ]);
    expect(response.headers['x-total-count']).toBe('1');

    const other = await get(otherOwner);
    expect(other.json()).toEqual([expect.objectContaining({ id: acceptedForOtherOwner.id })]);
  });

  it('gives a verified user with no properties an empty list', async () => {
    const response = await get(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('pages with limit and offset while X-Total-Count keeps the full count', async () => {
    const newestFirst = [...requested].reverse().map((instance) => instance.id);
    const page = await get(technician, '?limit=2&offset=1');
    expect(page.statusCode).toBe(200);
    expect(page.json<{ id: string }[]>().map((item) => item.id)).toEqual(newestFirst.slice(1, 3));
    expect(page.headers['x-total-count']).toBe('3');

    const beyond = await get(technician, '?limit=2&offset=5');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
  });

  it("pages a technician's requests and answered pendências, mixed in time, alike at every offset", async () => {
    const mixer = await createUser(t.db, { role: 'technician', crea: '00000001234568' });
    const farm = await createProperty(t.db, { owner: otherOwner });
    const answered = [];
    for (const minutes of [35, 25, 15, 5]) {
      const instance = await createInstance(t.db, {
        property: farm,
        technician: mixer,
        initiated: true,
      });
      const form = await createFormInstance(t.db, { instance });
      answered.push(
        await createPendency(t.db, {
          instance,
          formInstanceId: form.id,
          by: mixer,
          status: 'answered',
          createdAt: minutesAgo(minutes),
        }),
      );
    }
    // Newest first: the pendências answered 5, 15, 25 and 35 minutes ago between the requests.
    const [p35, p25, p15, p5] = answered.map((pendency) => pendency.id);
    const [r30, r20, r10] = requested.map((instance) => instance.id);
    const expected = [p5, r10, p15, r20, p25, r30, p35];
    const ids = async (query: string) => {
      const response = await get(mixer, query);
      expect(response.headers['x-total-count'], query).toBe('7');
      return response.json<{ id: string }[]>().map((item) => item.id);
    };
    expect(await ids('')).toEqual(expected);
    for (const limit of [1, 2, 3]) {
      const pages = [];
      for (let offset = 0; offset < 8; offset += limit)
        pages.push(...(await ids(`?limit=${limit}&offset=${offset}`)));
      expect(pages, `limit ${limit}`).toEqual(expected);
    }
  });

  it("counts an owner's list past its last page", async () => {
    const beyond = await get(owner, '?offset=50');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('1');
  });

  it('answers 422 to a limit out of range', async () => {
    for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?limit=muitos']) {
      const response = await get(technician, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe('querystring');
    }
  });
});

describe('GET /api/process-instance/pending: documents about to end', () => {
  it("puts an owner's licences within 60 days or expired and certificates within 30 days in the bell", async () => {
    const holder = await createUser(t.db, { role: 'owner' });
    const farm = await createProperty(t.db, {
      owner: holder,
      businessName: 'Granja Sol Nascente',
      farmingLoValidity: day(20),
      dryingAndStockLoValidity: day(-3),
    });
    // Far from their ends: not in the bell.
    await createProperty(t.db, { owner: holder, businessName: 'Fazenda Longe' });
    const ending = await createCertificate(t.db, {
      property: farm,
      validFrom: day(-300),
      validUntil: day(25),
    });
    const suspended = await createCertificate(t.db, {
      property: farm,
      validFrom: day(-300),
      validUntil: day(10),
    });
    await t.db
      .update(certificates)
      .set({
        standing: 'suspended',
        standingReason: 'nonconformity',
        standingChangedAt: new Date(),
      })
      .where(eq(certificates.id, suspended.id));
    await createCertificate(t.db, { property: farm, validFrom: day(-30), validUntil: day(200) });

    const response = await get(holder);
    expect(response.statusCode).toBe(200);
    const items = response.json<{ id: string; url: string; message: string }[]>();
    expect(items).toHaveLength(3);
    expect(response.headers['x-total-count']).toBe('3');
    expect(new Set(items.map((item) => item.id)).size).toBe(3);
    expect(items).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          url: `/edit-property/${farm.id}`,
          message: messages.standing.farmingLoExpiring('Granja Sol Nascente', brazilian(day(20))),
        },
        {
          id: expect.any(String),
          url: `/edit-property/${farm.id}`,
          message: messages.standing.dryingLoExpired('Granja Sol Nascente', brazilian(day(-3))),
        },
        {
          id: ending.id,
          url: `/producer-details/${ending.processInstanceId}`,
          message: messages.standing.certificateEnding('Granja Sol Nascente', brazilian(day(25))),
        },
      ]),
    );
    for (const item of items) expect(PendingItemSchema.safeParse(item).success).toBe(true);

    // Past the last page the total still counts them.
    const beyond = await get(holder, '?offset=50');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
    // Nobody else sees them.
    expect((await get(otherOwner)).json()).toHaveLength(1);
  });
});
