/**
 * The office at scale (issue 43): the staff tables' filters, sort and paging, assignment and the
 * workload board, on a safra of requests spread over regions, technicians, states and ages.
 */
import {
  InstanceSummarySchema,
  INSTANCE_SORT_KEYS,
  messages,
  regionOf,
  WorkloadSchema,
  type InstanceSummary,
  type Region,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events, processInstances, properties, users } from '../../src/db/schema';
import {
  createCertificate,
  createFormInstance,
  createInspection,
  createInstance,
  createPendency,
  createProperty,
  createSeal,
  createUser,
  type InstanceRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { municipalityColumns } from '../../src/lib/search';
import { saoPauloToday } from '../../src/modules/certificates/status';
import { buildTestApp, type TestApp } from '../support/test-app';

const TABLE_URL = '/api/process-instance/all';
const SEARCH_URL = '/api/process-instance/search';
const SAFRA = '2026/27';
const MUNICIPALITIES = [
  'Uruguaiana',
  'Dom Pedrito',
  'Cachoeira do Sul',
  'Camaquã',
  'Mostardas',
  'Pelotas',
  'Erechim',
];
const STATES = ['waiting', 'assigned', 'accepted', 'ongoing', 'rejected', 'finished'] as const;
type State = (typeof STATES)[number];
const DAY = 86_400_000;

let t: TestApp;
let admin: UserRow;
let technicians: UserRow[];
/** The responsible technician (CREA) of the properties in Pelotas. */
let conflicted: UserRow;
let otherSafraInstance: InstanceRow;

interface Fixture {
  row: InstanceRow;
  state: State;
  municipality: string;
  region: Region;
  businessName: string;
  who: string | null;
  daysAgo: number;
  idleDaysAgo: number;
  latePendencies: number;
  openPendencies: number;
  inspected: boolean;
  level: 'prata' | 'ouro' | 'none' | null;
  processId: string;
}
let fixtures: Fixture[] = [];

const get = async (caller: UserRow | null, url: string) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });
const put = async (caller: UserRow | null, url: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: caller ? await t.auth(caller) : {},
  });

const page = (body: unknown) => z.array(InstanceSummarySchema.strict()).parse(body);
const isOpen = (f: Fixture) => f.state !== 'rejected' && f.state !== 'finished';
const dayString = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Ana', lastName: 'Admin' });
  technicians = [
    await createUser(t.db, {
      role: 'technician',
      firstName: 'Bruno',
      lastName: 'Alves',
      crea: '00000000000011',
    }),
    await createUser(t.db, {
      role: 'technician',
      firstName: 'Carla',
      lastName: 'Borges',
      crea: '00000000000022',
    }),
    await createUser(t.db, {
      role: 'technician',
      firstName: 'Diego',
      lastName: 'Cunha',
      crea: '00000000000033',
    }),
  ];
  conflicted = technicians[2]!;
  const seals = [
    await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' }, process: { safra: SAFRA } }),
    await createSeal(t.db, { stamp: { name: 'Boas Práticas' }, process: { safra: SAFRA } }),
  ];
  const older = await createSeal(t.db, {
    stamp: { name: 'Antigo' },
    process: { safra: '2019/20' },
  });
  otherSafraInstance = await createInstance(t.db, { process: older.process });
  // An admin evaluated it: it counts under the admin's name.
  const adminsFarm = await createProperty(t.db, {
    businessName: 'Granja Z Admin',
    municipality: 'Camaquã',
  });
  const byAdmin = await createInstance(t.db, {
    process: seals[0]!.process,
    property: adminsFarm,
    technician: admin,
    createdAt: new Date(Date.now() - 400 * DAY),
  });
  fixtures.push({
    row: byAdmin,
    state: 'accepted',
    municipality: 'Camaquã',
    region: 'costeira_interna',
    businessName: 'Granja Z Admin',
    who: admin.id,
    daysAgo: 400,
    idleDaysAgo: 400,
    latePendencies: 0,
    openPendencies: 0,
    inspected: false,
    level: null,
    processId: seals[0]!.process.id,
  });

  for (let n = 0; n < 36; n++) {
    const municipality = MUNICIPALITIES[n % MUNICIPALITIES.length]!;
    const state = STATES[n % STATES.length]!;
    const technician = technicians[n % 3]!;
    const businessName = `Granja ${String.fromCharCode(65 + ((n * 7) % 26))}${n}`;
    const property = await createProperty(t.db, {
      businessName,
      municipality,
      responsibleTechnicianCrea: municipality === 'Pelotas' ? conflicted.crea : null,
    });
    const daysAgo = 2 + n * 3;
    const evaluated = ['accepted', 'ongoing', 'rejected', 'finished'].includes(state);
    // The conflicted technician never answers for the farms in Pelotas.
    const who =
      municipality === 'Pelotas' && technician.id === conflicted.id ? technicians[0]! : technician;
    const seal = seals[n % 2]!;
    const row = await createInstance(t.db, {
      process: seal.process,
      property,
      technician: evaluated ? who : null,
      assignee: state === 'assigned' ? who : null,
      rejected: state === 'rejected',
      initiated: state === 'ongoing' || state === 'finished',
      finished: state === 'finished',
      approved: state === 'finished' ? true : undefined,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    });
    let latePendencies = 0;
    let openPendencies = 0;
    let inspected = false;
    let level: Fixture['level'] = null;
    if (state === 'ongoing') {
      const form = await createFormInstance(t.db, { instance: row });
      if (n % 4 === 3) {
        await createPendency(t.db, {
          instance: row,
          formInstanceId: form.id,
          by: who,
          dueDate: dayString(3),
        });
        latePendencies++;
        openPendencies++;
      }
      await createPendency(t.db, {
        instance: row,
        formInstanceId: form.id,
        by: who,
        dueDate: dayString(-5),
      });
      openPendencies++;
      await createPendency(t.db, {
        instance: row,
        formInstanceId: form.id,
        by: who,
        status: 'resolved',
        dueDate: dayString(9),
      });
      if (n % 2 === 0) {
        await createInspection(t.db, { instance: row, by: who });
        inspected = true;
      }
    }
    if (state === 'finished') {
      const kind = Math.floor(n / STATES.length) % 3;
      level = kind === 0 ? 'prata' : kind === 1 ? 'ouro' : 'none';
      await createCertificate(t.db, { instance: row, level: level === 'none' ? null : level });
    }
    // The newest event decides the days since the last action: the factory's, or none.
    const [latest] = await t.db
      .select({ at: processInstances.lastActionAt })
      .from(processInstances)
      .where(eq(processInstances.id, row.id));
    const idleDaysAgo = Math.round((Date.now() - latest!.at!.getTime()) / DAY);
    fixtures.push({
      row,
      state,
      municipality,
      region: regionOf(municipality),
      businessName,
      who: evaluated || state === 'assigned' ? who.id : null,
      daysAgo,
      idleDaysAgo,
      latePendencies,
      openPendencies,
      inspected,
      level,
      processId: seal.process.id,
    });
  }
  fixtures = fixtures.sort((a, b) => a.daysAgo - b.daysAgo);
});

/** Every page of a table view, `size` rows at a time, with the total each page announced. */
async function walk(query: string, size: number) {
  const rows: InstanceSummary[] = [];
  const totals = new Set<string>();
  for (let offset = 0; ; offset += size) {
    const response = await get(admin, `${TABLE_URL}?${query}&limit=${size}&offset=${offset}`);
    expect(response.statusCode).toBe(200);
    totals.add(String(response.headers['x-total-count']));
    const items = page(response.json());
    rows.push(...items);
    if (items.length < size) break;
  }
  return { ids: rows.map((row) => row.id), rows, totals: [...totals] };
}

const idsOf = (list: Fixture[]) => list.map((f) => f.row.id);

describe('GET /api/process-instance/all: the office table', () => {
  it('answers 401, then 403 for producers, then 422 naming each malformed filter', async () => {
    expect((await get(null, `${TABLE_URL}?region=campanha`)).statusCode).toBe(401);
    const owner = await createUser(t.db, { role: 'owner' });
    expect((await get(owner, `${TABLE_URL}?region=campanha`)).statusCode).toBe(403);
    for (const [param, value] of [
      ['status', 'closed'],
      ['region', 'serra'],
      ['level', 'bronze'],
      ['technician_id', 'ninguem'],
      ['late', 'talvez'],
      ['min_waiting_days', '-1'],
      ['min_idle_days', '1.5'],
      ['sort', 'cnpj'],
      ['process_id', 'abc'],
    ] as const) {
      const response = await get(admin, `${TABLE_URL}?${param}=${value}`);
      expect(response.statusCode, param).toBe(422);
      expect(response.json().detail[0].loc).toEqual(['querystring', param]);
    }
    expect((await get(admin, `${TABLE_URL}?sort=cnpj`)).json().detail[0].msg).toBe(
      messages.instances.sortInvalid(INSTANCE_SORT_KEYS),
    );
  });

  it.each<[string, (f: Fixture) => boolean]>([
    ['status=all', () => true],
    ['status=in_progress', isOpen],
    ['status=pending', (f) => f.state === 'waiting' || f.state === 'assigned'],
    ['status=producer_pending', (f) => f.state === 'accepted'],
    ['status=ongoing', (f) => f.state === 'ongoing'],
    ['status=finished', (f) => f.state === 'finished'],
    ['status=rejected', (f) => f.state === 'rejected'],
    ['status=all&region=campanha', (f) => f.region === 'campanha'],
    ['status=all&region=outras', (f) => f.region === 'outras'],
    ['status=all&municipality=camaqua', (f) => f.municipality === 'Camaquã'],
    ['status=all&municipality=  CAMAQUÃ ', (f) => f.municipality === 'Camaquã'],
    ['status=all&technician_id=unassigned', (f) => f.who === null],
    ['status=all&late=true', (f) => f.latePendencies > 0],
    ['status=ongoing&late=false', (f) => f.state === 'ongoing' && f.latePendencies === 0],
    ['status=all&min_waiting_days=50', (f) => f.daysAgo >= 50],
    ['status=all&min_idle_days=50', (f) => f.idleDaysAgo >= 50],
    ['status=all&level=prata', (f) => f.level === 'prata'],
    ['status=all&level=sem_nivel', (f) => f.level === 'none'],
  ])(
    '%s lists exactly the matching requests, newest first, every page with the same total',
    async (query, keep) => {
      const expected = idsOf(fixtures.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      const { ids, totals } = await walk(`safra=${SAFRA}&${query}`, 4);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([String(expected.length)]);
    },
  );

  it('filters by technician, by seal and by safra, and combines filters with paging', async () => {
    for (const technician of technicians) {
      const { ids } = await walk(`status=all&technician_id=${technician.id}`, 5);
      expect(ids).toEqual(idsOf(fixtures.filter((f) => f.who === technician.id)));
    }
    const processId = fixtures[0]!.processId;
    expect((await walk(`status=all&process_id=${processId}`, 7)).ids).toEqual(
      idsOf(fixtures.filter((f) => f.processId === processId)),
    );
    expect((await walk('status=all&safra=2019/20', 5)).ids).toEqual([otherSafraInstance.id]);
    const combined = fixtures.filter(
      (f) => isOpen(f) && f.who === technicians[0]!.id && f.daysAgo >= 10,
    );
    const { ids, totals } = await walk(
      `status=in_progress&technician_id=${technicians[0]!.id}&min_waiting_days=10&safra=${SAFRA}&sort=-waiting_days`,
      2,
    );
    expect(ids).toEqual(idsOf([...combined].reverse()));
    expect(totals).toEqual([String(combined.length)]);
  });

  it('lists every request when nothing filters them (status=all alone)', async () => {
    const { ids, totals } = await walk('status=all&sort=-created_at', 10);
    expect(ids).toEqual([otherSafraInstance.id, ...idsOf(fixtures)]);
    expect(totals).toEqual([String(fixtures.length + 1)]);
  });

  it('answers the total past the last page, with no rows', async () => {
    const expected = fixtures.filter((f) => f.region === 'campanha').length;
    const response = await get(
      admin,
      `${TABLE_URL}?status=all&region=campanha&limit=10&offset=500`,
    );
    expect(page(response.json())).toEqual([]);
    expect(response.headers['x-total-count']).toBe(String(expected));
    const none = await get(
      admin,
      `${TABLE_URL}?status=all&region=zona_sul&municipality=uruguaiana`,
    );
    expect(page(none.json())).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it.each(INSTANCE_SORT_KEYS)(
    'sorts by %s both ways, ties broken the same way on every page',
    async (key) => {
      const ascending = await walk(`status=all&safra=${SAFRA}&sort=${key}`, 5);
      const descending = await walk(`status=all&safra=${SAFRA}&sort=-${key}`, 5);
      expect(ascending.ids).toHaveLength(fixtures.length);
      expect(new Set(ascending.ids).size).toBe(fixtures.length);
      expect(descending.ids).toEqual([...ascending.ids].reverse());
      const value = (row: InstanceSummary): string | number => {
        switch (key) {
          case 'created_at':
            return row.created_at;
          case 'waiting_days':
            return row.waiting_days;
          case 'idle_days':
            return row.idle_days;
          case 'business_name':
            return row.business.business_name.toLowerCase();
          case 'municipality':
            return row.business.municipality
              .normalize('NFD')
              .replace(/\p{Diacritic}/gu, '')
              .toLowerCase();
          case 'region':
            return row.region;
          case 'seal':
            return row.process.stamp.name.toLowerCase();
          case 'safra':
            return row.process.safra;
          case 'status':
            return row.status;
          case 'technician':
            return row.assignee?.name.toLowerCase() ?? '';
        }
      };
      const values = ascending.rows.map(value);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(sorted);
    },
  );

  it('describes the ages, the region, who answers and the late pendências of each row', async () => {
    const rows = (await walk(`status=all&safra=${SAFRA}&sort=created_at`, 50)).rows;
    for (const row of rows) {
      const f = fixtures.find((candidate) => candidate.row.id === row.id)!;
      expect(row.region).toBe(f.region);
      expect(row.assignee?.id ?? null).toBe(f.who);
      expect(row.late_pendencies).toBe(f.latePendencies);
      expect(Math.abs(row.waiting_days - f.daysAgo)).toBeLessThanOrEqual(1);
      expect(row.idle_days).toBeLessThanOrEqual(row.waiting_days);
    }
  });

  it('searches the farm, the producer and the certificate number through /search', async () => {
    const farm = fixtures[5]!;
    const byFarm = await get(
      admin,
      `${SEARCH_URL}?status=all&sort=created_at&query=${encodeURIComponent(farm.businessName)}`,
    );
    expect(page(byFarm.json()).map((row) => row.id)).toEqual([farm.row.id]);
    const [producer] = await t.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(properties, eq(properties.ownerId, users.id))
      .where(eq(properties.id, farm.row.propertyId));
    const byProducer = await get(
      admin,
      `${SEARCH_URL}?status=all&sort=created_at&query=${encodeURIComponent(producer!.email)}`,
    );
    expect(page(byProducer.json()).map((row) => row.id)).toEqual([farm.row.id]);
    const certified = fixtures.find((f) => f.state === 'finished')!;
    const [certificate] = await t.db.query.certificates.findMany({
      where: (c, { eq: same }) => same(c.processInstanceId, certified.row.id),
    });
    const byNumber = await get(
      admin,
      `${SEARCH_URL}?status=all&sort=created_at&query=${certificate!.number.slice(-4)}`,
    );
    expect(page(byNumber.json()).map((row) => row.id)).toContain(certified.row.id);
  });

  it("keeps answering the spec calls as before: no filter, the dashboards' order", async () => {
    const response = await get(admin, TABLE_URL);
    expect(response.statusCode).toBe(200);
    const open = [...fixtures.filter(isOpen)].map((f) => f.row.id);
    expect(
      page(response.json())
        .map((row) => row.id)
        .filter((id) => open.includes(id)),
    ).toEqual(open);
  });

  it('exports the view as it is on screen: the same filters, search and order', async () => {
    const query = `safra=${SAFRA}&status=all&region=costeira_interna&sort=-waiting_days`;
    const { rows } = await walk(query, 7);
    const response = await get(admin, `/api/export/process-instances.csv?${query}`);
    expect(response.statusCode).toBe(200);
    // One farm per line (no name holds the separator), after the BOM and the header.
    const names = response.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0]);
    expect(names).toEqual(rows.map((row) => row.business.business_name));
    expect(names.length).toBeGreaterThan(3);
  });

  it('costs one statement per page, whatever its size and filters', async () => {
    const headers = await t.auth(admin);
    for (const query of [
      'status=all&region=campanha&sort=-waiting_days&limit=5',
      'status=in_progress&late=true&technician_id=unassigned&sort=technician&limit=50',
      'status=all&region=campanha&limit=10&offset=900',
    ]) {
      const statements = await t.queriesDuring(() =>
        t.app.inject({ url: `${TABLE_URL}?${query}`, headers }),
      );
      expect(
        statements.filter((text) => /process_instances/.test(text)),
        query,
      ).toHaveLength(1);
    }
    // The values are parameters: one statement per combination of filters, prepared once.
    const texts: string[][] = [];
    for (const region of ['campanha', 'zona_sul'])
      texts.push(
        await t.queriesDuring(() =>
          t.app.inject({ url: `${TABLE_URL}?status=all&region=${region}&limit=5`, headers }),
        ),
      );
    expect(texts[0]).toEqual(texts[1]);
  });
});

describe('PUT /api/process-instance/assign', () => {
  const URL = '/api/process-instance/assign';
  const waitingOf = () => fixtures.filter((f) => f.state === 'waiting');

  it('answers 401, then 403 to a technician, then 422 for a bad body', async () => {
    const body = { instance_ids: [waitingOf()[0]!.row.id], technician_id: technicians[0]!.id };
    expect((await put(null, URL, body)).statusCode).toBe(401);
    expect((await put(technicians[0]!, URL, body)).statusCode).toBe(403);
    const empty = await put(admin, URL, { instance_ids: [], technician_id: technicians[0]!.id });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({
      loc: ['body', 'instance_ids'],
      msg: messages.instances.assignIdsRequired,
    });
    const noTechnician = await put(admin, URL, { instance_ids: [waitingOf()[0]!.row.id] });
    expect(noTechnician.json().detail[0].loc).toEqual(['body', 'technician_id']);
  });

  it('refuses an account that is not an active technician, or none at all (422)', async () => {
    const owner = await createUser(t.db, { role: 'owner' });
    const disabled = await createUser(t.db, { role: 'technician', disabled: true });
    for (const technicianId of [
      owner.id,
      admin.id,
      disabled.id,
      '01900000-0000-7000-8000-000000000000',
    ]) {
      const response = await put(admin, URL, {
        instance_ids: [waitingOf()[0]!.row.id],
        technician_id: technicianId,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['body', 'technician_id'],
        msg: messages.instances.assignNotTechnician,
      });
    }
  });

  it('is all or nothing: an unknown, a concluded or a conflicted instance leaves every one as it was', async () => {
    const free = waitingOf()
      .filter((f) => f.municipality !== 'Pelotas')
      .slice(0, 2);
    const closed = fixtures.find((f) => f.state === 'finished')!;
    const rejected = fixtures.find((f) => f.state === 'rejected')!;
    const pelotas = fixtures.find((f) => f.municipality === 'Pelotas' && isOpen(f))!;
    const cases: [string[], string, number, unknown][] = [
      [
        [...idsOf(free), '01900000-0000-7000-8000-000000000000'],
        technicians[1]!.id,
        404,
        messages.instances.assignNotFound(1),
      ],
      [
        [...idsOf(free), closed.row.id, rejected.row.id],
        technicians[1]!.id,
        409,
        expect.stringContaining(closed.businessName),
      ],
      [
        [...idsOf(free), pelotas.row.id],
        conflicted.id,
        403,
        messages.instances.assignConflict([pelotas.businessName]),
      ],
    ];
    for (const [ids, technicianId, status, detail] of cases) {
      const before = await t.db.select().from(processInstances);
      const eventsBefore = (await t.db.select().from(events)).length;
      const response = await put(admin, URL, { instance_ids: ids, technician_id: technicianId });
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toEqual(detail);
      expect(await t.db.select().from(processInstances)).toEqual(before);
      expect((await t.db.select().from(events)).length).toBe(eventsBefore);
    }
    expect(messages.instances.assignConflict(['x'])).toContain(messages.review.conflictOfInterest);
  });

  it('assigns one, then several at once: the table, the timeline, the e-mail and the bell say so', async () => {
    const technician = technicians[1]!;
    const [one, ...more] = waitingOf().filter((f) => f.municipality !== 'Pelotas');
    const single = await put(admin, URL, {
      instance_ids: [one!.row.id],
      technician_id: technician.id,
    });
    expect(single.statusCode).toBe(200);
    expect(single.json().technician).toEqual({ id: technician.id, name: 'Carla Borges' });
    expect(
      single
        .json()
        .instances.map((row: InstanceSummary) => [row.id, row.assignee?.id, row.technician]),
    ).toEqual([[one!.row.id, technician.id, null]]);

    const bulk = await put(admin, URL, { instance_ids: idsOf(more), technician_id: technician.id });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().instances).toHaveLength(more.length);
    for (const f of [one!, ...more]) f.who = technician.id;

    const mine = await walk(`status=pending&technician_id=${technician.id}`, 10);
    expect(mine.ids.sort()).toEqual(
      idsOf(
        fixtures.filter(
          (f) => f.who === technician.id && (f.state === 'waiting' || f.state === 'assigned'),
        ),
      ).sort(),
    );

    const detail = (await get(technician, `/api/process-instance/${one!.row.id}`)).json();
    expect(detail.assignee).toEqual({ id: technician.id, name: 'Carla Borges' });
    expect(detail.events.at(-1)).toMatchObject({
      type: 'assigned',
      message: 'Atribuído a Carla Borges por Ana Admin',
    });
    expect(detail.actions.evaluate).toBe(true);

    const mail = await t.mailTo(technician.email);
    expect(mail[0]!.subject).toBe(`${more.length} processos atribuídos a você`);
    expect(mail[1]!.subject).toMatch(/^Processo atribuído a você: /);

    const bell = (await get(technician, '/api/process-instance/pending?limit=500')).json();
    const assignedItems = bell.filter(
      (item: { message: string }) => item.message === 'Processo atribuído a você. Avalie aqui!',
    );
    expect(assignedItems.map((item: { id: string }) => item.id).sort()).toEqual(
      idsOf(
        fixtures.filter(
          (f) => f.who === technician.id && (f.state === 'waiting' || f.state === 'assigned'),
        ),
      ).sort(),
    );
  });

  it('keeps an assigned request from other technicians: not in their bell, not theirs to evaluate', async () => {
    const assigned = fixtures.find((f) => f.state === 'waiting' && f.who === technicians[1]!.id)!;
    const other = technicians[0]!;
    const bell = await get(other, '/api/process-instance/pending?limit=500');
    expect(bell.json().map((item: { id: string }) => item.id)).not.toContain(assigned.row.id);
    const unassignedOpen = fixtures.filter((f) => f.who === null && f.state === 'waiting').length;
    const ownAssigned = fixtures.filter((f) => f.state === 'assigned' && f.who === other.id).length;
    expect(Number(bell.headers['x-total-count'])).toBeGreaterThanOrEqual(
      unassignedOpen + ownAssigned,
    );
    expect(Number(bell.headers['x-total-count'])).toBe(bell.json().length);
    expect(
      (await get(other, `/api/process-instance/${assigned.row.id}`)).json().actions.evaluate,
    ).toBe(false);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/process-instance/${assigned.row.id}/evaluate`,
      payload: { reject: false },
      headers: await t.auth(other),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.instances.assignedToOther });
  });

  it('lets an admin evaluate an assigned request for its assignee, who then answers for it', async () => {
    const assigned = fixtures.find((f) => f.state === 'waiting' && f.who === technicians[1]!.id)!;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/process-instance/${assigned.row.id}/evaluate`,
      payload: { reject: false },
      headers: await t.auth(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().technician.id).toBe(technicians[1]!.id);
    assigned.state = 'accepted';
  });

  it('reassigns an evaluated request until it is concluded: the responsible technician changes', async () => {
    const ongoing = fixtures.find(
      (f) => f.state === 'ongoing' && f.municipality !== 'Pelotas' && f.who !== technicians[2]!.id,
    )!;
    const from = technicians.find((tech) => tech.id === ongoing.who)!;
    const response = await put(admin, URL, {
      instance_ids: [ongoing.row.id],
      technician_id: technicians[2]!.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().instances[0].technician.id).toBe(technicians[2]!.id);
    ongoing.who = technicians[2]!.id;
    const detail = (await get(admin, `/api/process-instance/${ongoing.row.id}`)).json();
    expect(detail.technician.id).toBe(technicians[2]!.id);
    expect(detail.events.at(-1).message).toBe(
      `Reatribuído de ${from.firstName} ${from.lastName} para Diego Cunha por Ana Admin`,
    );
    // Assigning again to the same technician changes nothing and records nothing.
    const eventsBefore = (await t.db.select().from(events)).length;
    expect(
      (await put(admin, URL, { instance_ids: [ongoing.row.id], technician_id: technicians[2]!.id }))
        .statusCode,
    ).toBe(200);
    expect((await t.db.select().from(events)).length).toBe(eventsBefore);
  });
});

describe('GET /api/workload', () => {
  it('answers 401, then 403 to technicians, then 422 for a malformed safra', async () => {
    expect((await get(null, '/api/workload')).statusCode).toBe(401);
    expect((await get(technicians[0]!, '/api/workload')).statusCode).toBe(403);
    expect((await get(admin, '/api/workload?safra=2026/28')).statusCode).toBe(422);
  });

  it('gives the figures per technician, per region and in all, as the rows count them', async () => {
    const response = await get(admin, `/api/workload?safra=${SAFRA}`);
    expect(response.statusCode).toBe(200);
    const board = WorkloadSchema.parse(response.json());
    expect(board.safra).toBe(SAFRA);
    expect(board.stale_days).toBe(15);
    const today = saoPauloToday();
    expect(today).toMatch(/^\d{4}-/);
    const figures = (list: Fixture[]) => {
      const open = list.filter(isOpen);
      return {
        assigned: open.length,
        awaiting_evaluation: open.filter((f) => f.state === 'waiting' || f.state === 'assigned')
          .length,
        awaiting_producer: open.filter((f) => f.state === 'accepted').length,
        in_progress: open.filter((f) => f.state === 'ongoing').length,
        pendencies_open: open.reduce((sum, f) => sum + f.openPendencies, 0),
        pendencies_late: open.reduce((sum, f) => sum + f.latePendencies, 0),
        inspections_due: open.filter((f) => f.state === 'ongoing' && !f.inspected).length,
        concluded: list.filter((f) => f.state === 'finished').length,
      };
    };
    expect(board.total).toMatchObject(figures(fixtures));
    for (const technician of technicians) {
      const row = board.technicians.find((entry) => entry.technician?.id === technician.id)!;
      expect(row, technician.firstName).toMatchObject(
        figures(fixtures.filter((f) => f.who === technician.id)),
      );
    }
    // Who answers for a request without being a technician (an admin who evaluated it) is named.
    expect(board.technicians.at(-2)?.technician).toMatchObject({ id: admin.id, active: false });
    expect(board.technicians.at(-1)).toMatchObject({
      technician: null,
      ...figures(fixtures.filter((f) => f.who === null)),
    });
    for (const region of board.regions)
      expect(region, region.region).toMatchObject(
        figures(fixtures.filter((f) => f.region === region.region)),
      );
    // The same figures through the table: what a click on them opens.
    for (const technician of technicians) {
      const { totals } = await walk(
        `safra=${SAFRA}&status=in_progress&technician_id=${technician.id}`,
        100,
      );
      expect(totals).toEqual([
        String(board.technicians.find((e) => e.technician?.id === technician.id)!.assigned),
      ]);
    }
    const stale = await walk(`safra=${SAFRA}&status=in_progress&min_idle_days=16`, 100);
    expect(stale.totals).toEqual([String(board.total.stale)]);
    expect(board.total.oldest_waiting_days).toBe(
      Math.max(...fixtures.filter(isOpen).map((f) => f.daysAgo)),
    );
  });

  it('keeps the threshold the admin sets: staff read it, only admins change it', async () => {
    const url = '/api/workload/settings';
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(technicians[0]!, url)).json()).toEqual({ stale_days: 15 });
    expect((await put(technicians[0]!, url, { stale_days: 30 })).statusCode).toBe(403);
    const invalid = await put(admin, url, { stale_days: 0 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0].msg).toBe(messages.workload.thresholdInvalid);
    expect((await put(admin, url, { stale_days: 30 })).json()).toEqual({ stale_days: 30 });
    expect((await get(admin, `/api/workload?safra=${SAFRA}`)).json().stale_days).toBe(30);
    expect((await get(technicians[1]!, url)).json()).toEqual({ stale_days: 30 });
  });
});

// Last: it moves a fixture's farm.
describe('A farm that moves to another municipality', () => {
  it('takes its requests to the municipality and region it moved to, in the table', async () => {
    const farm = fixtures.find((f) => f.municipality === 'Pelotas')!;
    await t.db
      .update(properties)
      .set({ municipality: 'Uruguaiana', ...municipalityColumns('Uruguaiana') })
      .where(eq(properties.id, farm.row.propertyId));
    const moved = await walk('status=all&municipality=uruguaiana', 50);
    expect(moved.ids).toContain(farm.row.id);
    expect(moved.rows.find((row) => row.id === farm.row.id)!.region).toBe('fronteira_oeste');
    expect((await walk('status=all&region=fronteira_oeste', 50)).ids).toContain(farm.row.id);
    expect((await walk('status=all&municipality=pelotas', 50)).ids).not.toContain(farm.row.id);
  });
});
