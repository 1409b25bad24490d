import {
  InstanceStatus,
  InstanceSummarySchema,
  instanceStatus,
  messages,
} from '@agroselo/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createFormInstance,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type InstanceRow,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { instanceStatusSql } from '../../src/modules/instances/present';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

const ALL_URL = '/api/process-instance/all';
const SEARCH_URL = '/api/process-instance/search';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let user: UserRow;
let pendingUser: UserRow;
let camaqua: PropertyRow;
let lagoaMirim: PropertyRow;
let pelotas: PropertyRow;
/** Waiting for a technician, oldest first. */
let waiting: InstanceRow[];
let producerPending: InstanceRow;
let ongoing: InstanceRow;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra Pereira',
    crea: '00000001234567',
  });
  owner = await createUser(t.db, { role: 'owner' });
  user = await createUser(t.db, { role: 'user' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  camaqua = await createProperty(t.db, {
    owner,
    businessName: 'Granja São João',
    cnpj: '29384756000163',
    municipality: 'Camaquã',
  });
  lagoaMirim = await createProperty(t.db, {
    businessName: 'Fazenda Lagoa Mirim',
    cnpj: '11222333000181',
    municipality: 'Santa Vitória do Palmar',
  });
  pelotas = await createProperty(t.db, {
    businessName: 'Arrozeira Três Marias',
    cnpj: '45678912000105',
    municipality: 'Pelotas',
  });

  // Each instance gets its own seal: one open request per seal and property is the rule.
  waiting = [
    await createInstance(t.db, { property: lagoaMirim, createdAt: minutesAgo(50) }),
    await createInstance(t.db, { property: pelotas, createdAt: minutesAgo(40) }),
  ];
  producerPending = await createInstance(t.db, {
    property: camaqua,
    technician,
    createdAt: minutesAgo(30),
  });
  const sustainable = await createSeal(t.db, {
    stamp: { name: 'Arroz Sustentável RS' },
    process: { safra: '2026/27' },
  });
  ongoing = await createInstance(t.db, {
    process: sustainable.process,
    property: camaqua,
    technician,
    initiated: true,
    createdAt: minutesAgo(20),
  });
  await createFormInstance(t.db, { instance: ongoing, commited: true });
  await createFormInstance(t.db, { instance: ongoing, commited: true, position: 1 });
  await createFormInstance(t.db, { instance: ongoing, position: 2 });
  // No list shows what was rejected or finished, however recent.
  await createInstance(t.db, { property: camaqua, technician, rejected: true });
  await createInstance(t.db, { property: pelotas, technician, initiated: true, finished: true });
  await createInstance(t.db, { property: lagoaMirim, finished: true });
});

const get = async (caller: UserRow | null, url: string) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });

const idsOf = (body: unknown) =>
  z
    .array(InstanceSummarySchema.strict())
    .parse(body)
    .map((i) => i.id);
const newestFirst = () => [ongoing, producerPending, ...[...waiting].reverse()].map((i) => i.id);

describe.each([ALL_URL, SEARCH_URL])('GET %s: access', (url) => {
  it('answers 401 without a token', async () => {
    const response = await get(null, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: messages.auth.notAuthenticated });
  });

  it('answers 403 to an account whose e-mail is not verified yet', async () => {
    const response = await get(pendingUser, url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it.each([
    ['owner', () => owner],
    ['user', () => user],
  ])('answers 403 to a producer account (%s)', async (_role, caller) => {
    const response = await get(caller(), url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.forbidden });
  });

  it('answers 422 to a limit, offset or status out of range', async () => {
    for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?limit=muitos', '?status=x']) {
      const response = await get(technician, `${url}${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe('querystring');
    }
  });
});

describe('GET /api/process-instance/all', () => {
  it.each([
    ['technician', () => technician],
    ['admin', () => admin],
  ])('gives a %s every open instance, newest first', async (_role, caller) => {
    const response = await get(caller(), ALL_URL);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response.json())).toEqual(newestFirst());
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('describes each instance: property, seal, technician, flags, status and real progress', async () => {
    // Written by PostgreSQL (instanceSummaryJson): every key the contract's, and only those.
    const items = exactly(z.array(InstanceSummarySchema), (await get(admin, ALL_URL)).json());
    expect(items[0]).toEqual({
      id: ongoing.id,
      business: {
        id: camaqua.id,
        business_name: 'Granja São João',
        cnpj: '29384756000163',
        municipality: 'Camaquã',
        responsible_technician_crea: null,
      },
      process: {
        id: ongoing.processId,
        safra: '2026/27',
        stamp: { name: 'Arroz Sustentável RS' },
      },
      technician: { id: technician.id, name: 'Rafael Dutra Pereira' },
      rejected: false,
      initiated: true,
      finished: false,
      status: InstanceStatus.ONGOING,
      progress: { finished: 2, total: 3 },
      created_at: ongoing.createdAt.toISOString(),
      assignee: { id: technician.id, name: 'Rafael Dutra Pereira' },
      region: 'costeira_interna',
      waiting_days: 0,
      idle_days: 0,
      late_pendencies: 0,
    });
    expect(items[1]).toMatchObject({
      id: producerPending.id,
      status: InstanceStatus.PRODUCER_PENDING,
      technician: { id: technician.id },
      progress: { finished: 0, total: 0 },
    });
    expect(items[2]).toMatchObject({
      status: InstanceStatus.PENDING,
      technician: null,
      business: { business_name: 'Arrozeira Três Marias', municipality: 'Pelotas' },
    });
  });

  it("writes each combination of flags' status as instanceStatus does", async () => {
    for (const finished of [false, true])
      for (const rejected of [false, true])
        for (const initiated of [false, true])
          for (const hasTechnician of [false, true]) {
            const flags = sql`values (${finished}::boolean, ${rejected}::boolean, ${initiated}::boolean, ${hasTechnician ? technician.id : null}::uuid)`;
            const [row] = await t.db
              .select({ status: sql<number>`${instanceStatusSql}`.mapWith(Number) })
              .from(
                sql`(${flags}) as process_instances (finished, rejected, initiated, technician_id)`,
              );
            expect(row!.status).toBe(
              instanceStatus({ finished, rejected, initiated, hasTechnician }),
            );
          }
  });

  it('with status=pending gives only the requests waiting for a technician', async () => {
    const response = await get(technician, `${ALL_URL}?status=pending`);
    expect(response.statusCode).toBe(200);
    const items = z.array(InstanceSummarySchema).parse(response.json());
    expect(items.map((item) => item.id)).toEqual([...waiting].reverse().map((i) => i.id));
    expect(items.every((item) => item.status === InstanceStatus.PENDING)).toBe(true);
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('pages with limit and offset while X-Total-Count keeps the full count', async () => {
    const page = await get(technician, `${ALL_URL}?limit=2&offset=1`);
    expect(page.statusCode).toBe(200);
    expect(idsOf(page.json())).toEqual(newestFirst().slice(1, 3));
    expect(page.headers['x-total-count']).toBe('4');

    const beyond = await get(technician, `${ALL_URL}?limit=2&offset=10`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('4');
  });

  it('answers any page in two queries, the caller and the page with its count', async () => {
    const headers = await t.auth(technician);
    for (const limit of [1, 100]) {
      const queries = await t.queriesDuring(() =>
        t.app.inject({ url: `${ALL_URL}?limit=${limit}`, headers }),
      );
      expect(queries, `limit=${limit}`).toHaveLength(2);
    }
  });
});

describe('GET /api/process-instance/search', () => {
  const search = (query: string, extra = '') =>
    get(technician, `${SEARCH_URL}?query=${encodeURIComponent(query)}${extra}`);

  it.each(['camaqua', 'CAMAQUÃ', '  Camaquã '])(
    'finds the municipality ignoring case and accents (%j)',
    async (query) => {
      const response = await search(query);
      expect(response.statusCode).toBe(200);
      expect(idsOf(response.json())).toEqual([ongoing.id, producerPending.id]);
      expect(response.headers['x-total-count']).toBe('2');
    },
  );

  it('finds the business name, in part and without accents', async () => {
    expect(idsOf((await search('tres marias')).json())).toEqual([waiting[1]!.id]);
    expect(idsOf((await search('LAGOA')).json())).toEqual([waiting[0]!.id]);
  });

  it.each(['11222333000181', '11.222.333/0001-81', '11.222.333'])(
    'finds the CNPJ typed with or without its mask (%s)',
    async (query) => {
      expect(idsOf((await search(query)).json())).toEqual([waiting[0]!.id]);
    },
  );

  it('keeps to the status asked for', async () => {
    const response = await search('camaqua', '&status=pending');
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(idsOf((await search('palmar', '&status=pending')).json())).toEqual([waiting[0]!.id]);
  });

  it('does not find rejected or finished instances', async () => {
    // Pelotas has a finished instance and an open one: only the open one comes back.
    expect(idsOf((await search('pelotas')).json())).toEqual([waiting[1]!.id]);
  });

  it('takes LIKE wildcards literally and answers an empty list when nothing matches', async () => {
    for (const query of ['%', '_', 'Uruguaiana']) {
      const response = await search(query);
      expect(response.json(), query).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    }
  });

  it('gives the whole list for an empty query, paged like /all', async () => {
    expect(idsOf((await search('')).json())).toEqual(newestFirst());
    const page = await search('camaqua', '&limit=1&offset=1');
    expect(idsOf(page.json())).toEqual([producerPending.id]);
    expect(page.headers['x-total-count']).toBe('2');
  });

  it('answers 422 to a query longer than 200 characters', async () => {
    const response = await search('a'.repeat(201));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['querystring', 'query']);
  });
});
