import { and, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { processInstances, properties, users } from '../../src/db/schema';
import {
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

/**
 * The totals of the staff lists come from counters that triggers keep (migration 0001) and the
 * pages from one statement: the counts must follow every write, and no list may cost more
 * queries as pages grow.
 */

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let farm: PropertyRow;

const i = processInstances;

async function totalOf(caller: UserRow, url: string): Promise<number> {
  const response = await t.app.inject({ url, headers: await t.auth(caller) });
  expect(response.statusCode, url).toBe(200);
  return Number(response.headers['x-total-count']);
}

async function counted() {
  const [row] = await t.db
    .select({
      open: sql<number>`count(*) filter (where not ${i.finished} and not ${i.rejected})`.mapWith(
        Number,
      ),
      awaiting: sql<number>`count(*) filter (where ${and(
        isNull(i.technicianId),
        not(i.finished),
        not(i.rejected),
      )})`.mapWith(Number),
    })
    .from(i);
  return row!;
}

async function expectTotalsToMatchTheRows() {
  const { open, awaiting } = await counted();
  expect(await totalOf(admin, '/api/process-instance/all')).toBe(open);
  expect(await totalOf(admin, '/api/process-instance/all?status=pending')).toBe(awaiting);
  expect(await totalOf(technician, '/api/process-instance/pending')).toBe(awaiting);
  expect(await totalOf(admin, '/api/process-instance/all?limit=1&offset=1000')).toBe(open);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
  owner = await createUser(t.db, { role: 'owner' });
  farm = await createProperty(t.db, { owner, municipality: 'Camaquã' });
  for (let n = 0; n < 4; n++) await createInstance(t.db, { property: farm });
  await createInstance(t.db, { property: farm, technician });
  await createInstance(t.db, { property: farm, technician, initiated: true });
  await createInstance(t.db, { property: farm, technician, rejected: true });
  await createInstance(t.db, { property: farm, technician, initiated: true, finished: true });
});

describe('totals of the staff lists and the bell', () => {
  it('match the rows after inserts', async () => {
    expect(await counted()).toEqual({ open: 6, awaiting: 4 });
    await expectTotalsToMatchTheRows();
  });

  it('follow every change of state: accepted, rejected, finished, reopened, deleted', async () => {
    const [first, second, third] = await t.db
      .select()
      .from(i)
      .where(and(isNull(i.technicianId), not(i.finished), not(i.rejected)))
      .limit(3);

    await t.db.update(i).set({ technicianId: technician.id }).where(eq(i.id, first!.id));
    await expectTotalsToMatchTheRows();

    await t.db
      .update(i)
      .set({ technicianId: technician.id, rejected: true })
      .where(eq(i.id, second!.id));
    await expectTotalsToMatchTheRows();

    await t.db.update(i).set({ initiated: true, finished: true }).where(eq(i.id, first!.id));
    await expectTotalsToMatchTheRows();

    // A state going back (a correction by hand) is counted back too.
    await t.db.update(i).set({ finished: false, technicianId: null }).where(eq(i.id, first!.id));
    await expectTotalsToMatchTheRows();

    // Several rows in one statement, and a delete.
    await t.db.update(i).set({ rejected: true }).where(eq(i.propertyId, farm.id));
    await expectTotalsToMatchTheRows();
    await t.db.delete(i).where(eq(i.id, third!.id));
    await expectTotalsToMatchTheRows();
    expect(await counted()).toEqual({ open: 0, awaiting: 0 });
  });

  it('do not count an instance whose transaction rolled back', async () => {
    const before = await counted();
    const seal = await createSeal(t.db);
    await t.db
      .transaction(async (tx) => {
        await createInstance(tx, { process: seal.process, property: farm });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await counted()).toEqual(before);
    await expectTotalsToMatchTheRows();
  });
});

describe('totals of the property and user lists', () => {
  async function expectTableTotals() {
    const [rows] = await t.db
      .select({
        properties: sql<number>`(select count(*) from ${properties})`.mapWith(Number),
        users: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      })
      .from(sql`(values (1)) as one`);
    expect(await totalOf(admin, '/api/property/all')).toBe(rows!.properties);
    expect(await totalOf(admin, '/api/property/all?limit=1&offset=100000')).toBe(rows!.properties);
    expect(await totalOf(admin, '/api/user/all')).toBe(rows!.users);
    expect(await totalOf(admin, '/api/user/all?limit=1&offset=100000')).toBe(rows!.users);
  }

  it('follow inserts, deletes and rolled-back inserts', async () => {
    await expectTableTotals();
    const extra = await createUser(t.db, { role: 'owner' });
    const farms = [
      await createProperty(t.db, { owner: extra }),
      await createProperty(t.db, { owner: extra }),
    ];
    await expectTableTotals();
    await t.db
      .transaction(async (tx) => {
        await createProperty(tx, { owner: extra });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await expectTableTotals();
    await t.db.delete(properties).where(
      inArray(
        properties.id,
        farms.map((farm) => farm.id),
      ),
    );
    await t.db.delete(users).where(eq(users.id, extra.id));
    await expectTableTotals();
  });
});

describe('totals of searches, kept while the data is unchanged', () => {
  it('follow every write to what they count', async () => {
    const instances = '/api/process-instance/search?query=camaqua';
    const farms = '/api/property/search?query=camaqua';
    const people = '/api/user/search?query=zuleica';
    const open = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(i)
          .where(and(eq(i.propertyId, farm.id), not(i.finished), not(i.rejected)))
      )[0]!.n;
    expect(await totalOf(admin, instances)).toBe(await open());
    expect(await totalOf(admin, farms)).toBe(1);
    expect(await totalOf(admin, people)).toBe(0);

    const seal = await createSeal(t.db);
    await createInstance(t.db, { process: seal.process, property: farm });
    expect(await totalOf(admin, instances)).toBe(await open());
    expect(await totalOf(admin, `${instances}&limit=1&offset=1000`)).toBe(await open());

    const other = await createProperty(t.db, { owner, municipality: 'Pelotas' });
    expect(await totalOf(admin, farms)).toBe(1);
    await t.db
      .update(properties)
      .set({ searchText: `${other.searchText} camaqua` })
      .where(eq(properties.id, other.id));
    expect(await totalOf(admin, farms)).toBe(2);

    await createUser(t.db, { firstName: 'Zuleica' });
    expect(await totalOf(admin, people)).toBe(1);
  });
});

describe('queries per request, whatever the page size', () => {
  it.each([
    ['/api/property/all', () => admin],
    ['/api/property/all', () => owner],
    ['/api/property/search?query=camaqua', () => admin],
    ['/api/user/all', () => admin],
    ['/api/user/search?query=a', () => admin],
    ['/api/process-instance/all', () => admin],
    ['/api/process-instance/all?status=pending', () => admin],
    ['/api/process-instance/search?query=camaqua', () => technician],
    ['/api/process-instance/pending', () => technician],
    ['/api/process-instance/pending', () => owner],
  ])('%s: the caller and one statement for the page and its total', async (url, caller) => {
    const headers = await t.auth(caller());
    const separator = url.includes('?') ? '&' : '?';
    for (const limit of [1, 500]) {
      await t.app.inject({ url: `${url}${separator}limit=${limit}`, headers });
      const queries = await t.queriesDuring(() =>
        t.app.inject({ url: `${url}${separator}limit=${limit}`, headers }),
      );
      expect(queries, `limit=${limit}`).toHaveLength(2);
    }
  });
});
