import { PropertySchema, type Property } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { certificates, processInstances, properties } from '../../src/db/schema';
import {
  createCertificate,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type InstanceRow,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { day } from '../support/days';
import { buildTestApp, type TestApp } from '../support/test-app';
import { exactly } from '../support/wire';

/**
 * The property lists send each Property as json text PostgreSQL writes (modules/properties/
 * queries.ts). The reference is the presenter in JavaScript (present.ts `presentProperty`, through
 * the response serializer), which GET /api/property/{id} still uses: every property a list gives
 * must be, key for key and value for value, what that route gives the same caller on the same day.
 */

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let oddTechnician: UserRow;
/** An admin who also owns a farm: staff who are offered their own renewals. */
let adminOwner: UserRow;
let joana: UserRow;
let carla: UserRow;
let farms: PropertyRow[];
/** Carla's certified instances on the edges of the faked day (the last test). */
let edgeValid: InstanceRow;
let edgeUpcoming: InstanceRow;

const minutes = (n: number) => new Date(Date.UTC(2026, 0, 10, 12, n));

/** A process and the released next season of its seal, whose requests open `from`..`to`. */
async function sealWithNextSeason(from: string, to: string, released = true) {
  const { process } = await createSeal(t.db, {
    process: { safra: '2025/26', validityStart: day(-300), validityEnd: day(60) },
  });
  await createSeal(t.db, {
    process: {
      safra: '2026/27',
      previousProcessId: process.id,
      startDate: from,
      endDate: to,
      released,
    },
  });
  return process;
}

/**
 * A finished, approved request of `process` on `property` and its certificate, issued at a time
 * with microseconds; `standing` suspends or revokes it (reason, note, when).
 */
async function certified(
  property: PropertyRow,
  process: { id: string },
  certificate: Partial<NonNullable<Parameters<typeof createCertificate>[1]>> & {
    standing?: 'suspended' | 'revoked';
  } = {},
): Promise<InstanceRow> {
  const instance = await createInstance(t.db, {
    process,
    property,
    technician,
    initiated: true,
    finished: true,
    approved: true,
    createdAt: minutes(50),
  });
  const { standing, ...rest } = certificate;
  const row = await createCertificate(t.db, { instance, ...rest });
  const standingColumns = {
    standing,
    standingReason: standing === 'revoked' ? ('other' as const) : ('nonconformity' as const),
    standingNote: standing === 'revoked' ? null : 'Análise de resíduos pendente',
    standingChangedAt: sql`'2026-03-04 05:06:07.891999+00'::timestamptz`,
    standingChangedBy: admin.id,
  };
  await t.db
    .update(certificates)
    .set({
      issuedAt: sql`'2026-05-06 07:08:09.999999-03'::timestamptz`,
      ...(standing ? standingColumns : {}),
    })
    .where(eq(certificates.id, row.id));
  return instance;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Prado' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra',
    crea: '00000001234567',
  });
  // Names that only come out right through fullName's trim: spaces, a tab, a no-break space, an
  // ideographic space, an empty last name; inner spacing kept.
  oddTechnician = await createUser(t.db, {
    role: 'technician',
    firstName: ' \t',
    lastName: 'Dutra  Neto\n',
    crea: '00000007654321',
  });
  adminOwner = await createUser(t.db, { role: 'admin', firstName: 'Otávio', lastName: '' });
  joana = await createUser(t.db, { role: 'owner', firstName: 'Joana', lastName: '' });
  carla = await createUser(t.db, {
    role: 'owner',
    firstName: '\u00a0Carla',
    lastName: 'Souza\u3000',
  });

  const farm = (
    owner: UserRow,
    name: string,
    extra: Partial<typeof properties.$inferInsert> = {},
  ) => createProperty(t.db, { owner, businessName: `Paridade ${name}`, ...extra });
  farms = [
    await farm(joana, 'Açude', { latitude: -31.7631, longitude: -52.4836 }),
    await farm(joana, 'Banhado', {
      latitude: 0.1 + 0.2,
      longitude: -32,
      responsibleTechnicianName: 'Luciana "Lu" Fagundes\\',
      responsibleTechnicianPhone: '53991112233',
      responsibleTechnicianCrea: '00000001234567',
    }),
    await farm(carla, 'Cerro', { latitude: -29.123456789012344, longitude: 1e-7 }),
    await farm(carla, 'Divisa', { latitude: -33.000000000000014, longitude: -53.1 }),
    await farm(adminOwner, 'Estância', { latitude: -30.0000001, longitude: -51.99999999999999 }),
  ];
  // -0 cannot come through the API (the driver sends it as 0): written here by hand.
  await t.db.execute(
    sql`update ${properties} set latitude = '-0'::float8 where id = ${farms[3]!.id}`,
  );
  // Microseconds: JavaScript cuts them to milliseconds, rounding would differ (.999999, .123999).
  await t.db.execute(
    sql`update ${properties} set created_at = '2026-02-01 23:59:59.999999+00',
      updated_at = '2026-11-26 06:40:00.123999-03' where id = ${farms[1]!.id}`,
  );
  const [acude, banhado, cerro, , estancia] = farms as [
    PropertyRow,
    PropertyRow,
    PropertyRow,
    PropertyRow,
    PropertyRow,
  ];

  // Next seasons: requests open today, not yet open, and an unreleased one.
  const openNext = await sealWithNextSeason(day(-5), day(5));
  const laterNext = await sealWithNextSeason(day(10), day(40));
  const draftNext = await sealWithNextSeason(day(-5), day(5), false);
  const plain = (await createSeal(t.db)).process;

  // Every status, with and without a technician (each request of a seal of its own).
  await createInstance(t.db, { property: acude, createdAt: minutes(1) });
  await createInstance(t.db, {
    property: acude,
    technician,
    createdAt: minutes(2),
  });
  await createInstance(t.db, {
    property: acude,
    technician: oddTechnician,
    initiated: true,
    createdAt: minutes(3),
  });
  await createInstance(t.db, {
    property: acude,
    technician,
    rejected: true,
    createdAt: minutes(4),
  });
  // Rejected or finished without a technician: the order of instanceStatus's rules.
  await createInstance(t.db, {
    property: acude,
    rejected: true,
    createdAt: minutes(5),
  });
  await createInstance(t.db, {
    property: acude,
    finished: true,
    approved: false,
    createdAt: minutes(6),
  });
  // Two at the same moment: their ids order them.
  await createInstance(t.db, { property: acude, createdAt: minutes(7) });
  await createInstance(t.db, { property: acude, createdAt: minutes(7) });

  // Certificates: valid (renewal open), upcoming, expired, suspended, revoked; with and without level.
  await certified(acude, openNext, { level: 'prata' });
  await certified(acude, laterNext, { validFrom: day(3), validUntil: day(300) });
  await certified(banhado, openNext, { level: 'ouro', validFrom: day(-400), validUntil: day(-1) });
  await certified(banhado, openNext, { level: 'prata', standing: 'suspended' });
  await certified(banhado, laterNext, { standing: 'revoked' });
  await certified(banhado, draftNext, { level: null });
  // Valid from today until today: both ends are days of validity.
  await certified(banhado, plain, { validFrom: day(0), validUntil: day(0) });
  // A renewal already asked for: no offer, even in the window.
  const renewed = await certified(cerro, openNext, { level: 'ouro' });
  const renewal = await createInstance(t.db, { property: cerro, createdAt: minutes(60) });
  await t.db
    .update(processInstances)
    .set({ renewalOfId: renewed.id })
    .where(eq(processInstances.id, renewal.id));
  // A renewal refused: offered again.
  const offeredAgain = await certified(estancia, openNext);
  const refused = await createInstance(t.db, { property: estancia, technician, rejected: true });
  await t.db
    .update(processInstances)
    .set({ renewalOfId: offeredAgain.id })
    .where(eq(processInstances.id, refused.id));

  // On the edges of the faked day (below): São Paulo's day 45 days on, at 22:30 there.
  const edgeNext = await sealWithNextSeason(day(40), day(45));
  edgeValid = await certified(cerro, edgeNext, { validFrom: day(10), validUntil: day(45) });
  edgeUpcoming = await certified(cerro, plain, { validFrom: day(46), validUntil: day(100) });
});

afterEach(() => {
  vi.useRealTimers();
});

const listSchema = z.array(PropertySchema);

async function read(viewer: UserRow, url: string) {
  const response = await t.app.inject({ url, headers: await t.auth(viewer) });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
  return response;
}

/**
 * The list at `url` as `viewer` reads it, each property compared with what the presenter gives
 * for it: equal after parsing and, written again by JSON.stringify, the same text as the
 * serializer's (the contract's key order). Gives the list and its X-Total-Count.
 */
async function matchesPresenter(viewer: UserRow, url: string) {
  const response = await read(viewer, url);
  // As parsed, not as zod gives it back: zod writes keys in the schema's order.
  const sent = response.json<Property[]>();
  const listed = exactly(listSchema, sent);
  for (const property of sent) {
    const single = await read(viewer, `/api/property/${property.id}`);
    const context = `${url} ${property.business_name} (${viewer.firstName.trim()})`;
    expect(property, context).toStrictEqual(single.json());
    expect(JSON.stringify(property), context).toBe(single.body);
  }
  return { listed, total: response.headers['x-total-count'] };
}

const names = (list: Property[]) => list.map((property) => property.business_name);
const namesOwnedBy = (owner?: UserRow) =>
  farms
    .filter((farm) => !owner || farm.ownerId === owner.id)
    .map((farm) => farm.businessName)
    .sort();
const offersIn = (list: Property[]) =>
  list.flatMap((property) =>
    property.process_instances.filter((instance) => instance.renewal_offer),
  );

describe('GET /api/property/all and /search written by PostgreSQL', () => {
  it('gives every viewer, staff or owner, what the presenter gives, in every variant', async () => {
    const viewers: [UserRow, string[]][] = [
      [admin, namesOwnedBy()],
      [technician, namesOwnedBy()],
      [adminOwner, namesOwnedBy()],
      [joana, namesOwnedBy(joana)],
      [carla, namesOwnedBy(carla)],
    ];
    for (const [viewer, expected] of viewers) {
      for (const url of [
        '/api/property/all',
        '/api/property/all?limit=500&offset=0',
        '/api/property/search?query=paridade',
        '/api/property/search?query=PARIDADE&limit=500',
        '/api/property/all?limit=1&offset=1',
        '/api/property/search?query=paridade&limit=1&offset=1',
      ]) {
        const { listed, total } = await matchesPresenter(viewer, url);
        const paged = url.endsWith('offset=1') ? expected.slice(1, 2) : expected;
        expect(names(listed), url).toEqual(paged);
        expect(total, url).toBe(String(expected.length));
      }
    }
  });

  it('covers what it claims to: every status, certificate, offer and null', async () => {
    const { listed } = await matchesPresenter(joana, '/api/property/all');
    const instances = listed.flatMap((property) => property.process_instances);
    expect(new Set(instances.map((instance) => instance.status))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(new Set(instances.map((instance) => instance.certificate?.status ?? null))).toEqual(
      new Set([null, 'expired', 'revoked', 'suspended', 'upcoming', 'valid']),
    );
    expect(new Set(instances.map((instance) => instance.certificate?.level))).toEqual(
      new Set([undefined, null, 'prata', 'ouro']),
    );
    // The valid certificate's and the expired one's (its standing is still valid).
    expect(offersIn(listed)).toHaveLength(2);
    expect(listed.map((property) => property.owner.name)).toEqual(['Joana', 'Joana']);
    expect(listed[0]!.responsible_technician_name).toBeNull();
    expect(instances.map((instance) => instance.technician?.name)).toContain('Dutra  Neto');
    expect(listed[1]!.created_at).toBe('2026-02-01T23:59:59.999Z');

    // Staff are offered no one else's renewal; an admin is offered their own.
    const { listed: staffView } = await matchesPresenter(admin, '/api/property/all');
    expect(offersIn(staffView)).toEqual([]);
    const { listed: adminOwnerView } = await matchesPresenter(adminOwner, '/api/property/all');
    expect(offersIn(adminOwnerView)).toHaveLength(1);
    const divisa = staffView.find((property) => property.business_name === 'Paridade Divisa');
    expect(Object.is(divisa!.latitude, 0)).toBe(true);
    expect(divisa!.process_instances).toEqual([]);
    const { listed: carlaView } = await matchesPresenter(carla, '/api/property/all');
    expect(carlaView[0]!.owner.name).toBe('Carla Souza');
  });

  it("takes today from JavaScript's clock (São Paulo's day), not the database's", async () => {
    const edges = (list: Property[]) =>
      [edgeValid, edgeUpcoming].map((edge) => {
        const instance = list
          .flatMap((property) => property.process_instances)
          .find((candidate) => candidate.id === edge.id)!;
        return [instance.certificate!.status, instance.renewal_offer !== null];
      });
    const before = await matchesPresenter(carla, '/api/property/all');
    expect(edges(before.listed)).toEqual([
      ['upcoming', false],
      ['upcoming', false],
    ]);
    // 01:30 UTC, 46 days on: still the day before in São Paulo, the last day of edgeValid's
    // validity and of its next season's requests.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${day(46)}T01:30:00.000Z`));
    const after = await matchesPresenter(carla, '/api/property/all');
    expect(edges(after.listed)).toEqual([
      ['valid', true],
      ['upcoming', false],
    ]);
  });
});
