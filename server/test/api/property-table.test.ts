/**
 * The property table (issue 43): filters by region and municipality, the search (the farm, its
 * CNPJ and its producer), every sort key both ways and their combinations with paging, each page
 * one statement with its total, and the export of the view. The spec's calls without these
 * parameters answer as before (properties.test.ts).
 */
import {
  messages,
  municipalityKey,
  PROPERTY_SORT_KEYS,
  PropertySchema,
  REGION_LABELS,
  regionOf,
  type Property,
  type PropertySortKey,
} from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { csvColumn } from '../support/csv';
import { walkPages } from '../support/pages';
import { buildTestApp, type TestApp } from '../support/test-app';

const ALL = '/api/property/all';
const SEARCH = '/api/property/search';
const DAY = 86_400_000;
const MUNICIPALITIES = [
  'Uruguaiana',
  'Dom Pedrito',
  'Cachoeira do Sul',
  'Camaquã',
  'Mostardas',
  'Pelotas',
  'Erechim',
];
const RESPONSIBLES = ['Xavier Lopes', 'Bianca Rocha', 'Otavio Melo', 'Debora Nunes', 'Lia Paz'];

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let producers: UserRow[];
const farms: PropertyRow[] = [];
const requestsOf = new Map<string, number>();

const get = async (url: string, caller: UserRow | null = admin) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });
const page = (body: unknown) => z.array(PropertySchema.strict()).parse(body);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000000000011' });
  producers = [
    await createUser(t.db, { role: 'owner', firstName: 'Leopoldo', lastName: 'Vargas' }),
    await createUser(t.db, { role: 'owner', firstName: 'Marta', lastName: 'Bianchi' }),
    await createUser(t.db, { role: 'owner', firstName: 'Nestor', lastName: 'Quadros' }),
  ];
  const seal = await createSeal(t.db);
  for (let n = 0; n < 21; n++) {
    const municipality = MUNICIPALITIES[n % MUNICIPALITIES.length]!;
    const farm = await createProperty(t.db, {
      owner: producers[n % producers.length],
      businessName: `Granja ${String.fromCharCode(65 + ((n * 7) % 26))}${n}`,
      municipality: n % 2 === 0 ? municipality : municipality.toUpperCase(),
      responsibleName: RESPONSIBLES[n % RESPONSIBLES.length],
      createdAt: new Date(Date.now() - (n * 5 + 1) * DAY),
    });
    farms.push(farm);
    const requests = n % 4;
    for (let r = 0; r < requests; r++) {
      await createInstance(t.db, {
        process: r === 0 ? seal.process : (await createSeal(t.db)).process,
        property: farm,
      });
    }
    requestsOf.set(farm.id, requests);
  }
});

/** Every page of a view, `size` rows at a time, with the totals the pages announced. */
const walk = (query: string, size: number, url = ALL, caller = admin) =>
  walkPages((path) => get(path, caller), `${url}?${query}`, size, page);

const farmOf = (id: string) => farms.find((farm) => farm.id === id)!;
const regionRank = (municipality: string) =>
  Object.values(REGION_LABELS)
    .sort((a, b) => a.localeCompare(b, 'pt-BR'))
    .indexOf(REGION_LABELS[regionOf(municipality)]);

describe('GET /api/property/all: the property table', () => {
  it('answers 401, then 403 to an account with no properties to see, then 422 naming each malformed parameter', async () => {
    expect((await get(`${ALL}?region=campanha`, null)).statusCode).toBe(401);
    const staff = await createUser(t.db, { role: 'staff' });
    expect((await get(`${ALL}?region=campanha`, staff)).statusCode).toBe(403);
    for (const [param, value, message] of [
      ['region', 'serra', messages.registry.regionInvalid],
      ['sort', 'owner', messages.common.sortInvalid(PROPERTY_SORT_KEYS)],
      ['municipality', 'x'.repeat(121), undefined],
    ] as const) {
      for (const url of [ALL, SEARCH]) {
        const response = await get(`${url}?${param}=${value}`);
        expect(response.statusCode, `${url} ${param}`).toBe(422);
        expect(response.json().detail[0].loc).toEqual(['querystring', param]);
        if (message) expect(response.json().detail[0].msg).toBe(message);
      }
    }
  });

  it('lists by name in the order of the spec list, each property as the spec list writes it', async () => {
    const spec = page((await get(`${ALL}?limit=500`)).json());
    const table = await walk('sort=business_name', 4);
    expect(table.rows).toEqual(spec);
    expect(table.totals).toEqual([String(farms.length)]);
  });

  it.each<[string, (farm: PropertyRow) => boolean]>([
    ['region=campanha', (farm) => farm.region === 'campanha'],
    ['region=outras', (farm) => farm.region === 'outras'],
    ['municipality=camaqua', (farm) => farm.municipalityKey === municipalityKey('Camaquã')],
    ['municipality=  CAMAQUÃ ', (farm) => farm.municipalityKey === municipalityKey('Camaquã')],
    [
      'region=zona_sul&municipality=pelotas',
      (farm) => farm.municipalityKey === municipalityKey('Pelotas'),
    ],
    ['region=zona_sul&municipality=uruguaiana', () => false],
    ['region=', () => true],
  ])(
    '%s lists exactly the matching properties, by name, every page with the same total',
    async (query, keep) => {
      const expected = (await walk('sort=business_name', 50)).ids.filter((id) => keep(farmOf(id)));
      const { ids, totals } = await walk(query, 2);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([String(expected.length)]);
    },
  );

  it.each(PROPERTY_SORT_KEYS)(
    'sorts by %s both ways, ties broken the same way on every page',
    async (key) => {
      const ascending = await walk(`sort=${key}`, 4);
      const descending = await walk(`sort=-${key}`, 4);
      expect(ascending.ids).toHaveLength(farms.length);
      expect(new Set(ascending.ids).size).toBe(farms.length);
      expect(descending.ids).toEqual([...ascending.ids].reverse());
      const value = (row: Property): string | number => {
        const values: Record<PropertySortKey, string | number> = {
          business_name: row.business_name.toLowerCase(),
          cnpj: row.cnpj,
          municipality: municipalityKey(row.municipality),
          region: regionRank(row.municipality),
          responsible_name: row.responsible_name.toLowerCase(),
          requests: row.process_instances.length,
          created_at: row.created_at,
        };
        return values[key];
      };
      const values = ascending.rows.map(value);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(values).size).toBeGreaterThan(2);
    },
  );

  it('counts each property’s requests as the requests list them', async () => {
    for (const row of (await walk('sort=-requests', 10)).rows)
      expect(row.process_instances).toHaveLength(requestsOf.get(row.id)!);
  });

  it('searches the farm, its CNPJ with its mask and, in the table, its producer', async () => {
    const farm = farms[4]!;
    const masked = farm.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    expect(
      (await walk(`query=${encodeURIComponent(masked)}&sort=business_name`, 5, SEARCH)).ids,
    ).toEqual([farm.id]);
    const marta = producers[1]!;
    const hers = (await walk('sort=-created_at', 50)).rows.filter(
      (row) => row.owner.id === marta.id,
    );
    const found = await walk('query=marta%20bianchi&sort=-created_at', 3, SEARCH);
    expect(found.ids).toEqual(hers.map((row) => row.id));
    expect(found.totals).toEqual([String(hers.length)]);
    // The spec's search finds the property alone, as it always did.
    expect(page((await get(`${SEARCH}?query=marta%20bianchi`)).json())).toEqual([]);
    const inRegion = await walk('query=marta&region=campanha&sort=cnpj', 1, SEARCH);
    expect(inRegion.ids).toEqual(
      hers
        .filter((row) => regionOf(row.municipality) === 'campanha')
        .sort((a, b) => (a.cnpj < b.cnpj ? -1 : 1))
        .map((row) => row.id),
    );
  });

  it("gives a producer the table of their own properties only, staff everyone's", async () => {
    const leopoldo = producers[0]!;
    const own = farms.filter((farm) => farm.ownerId === leopoldo.id);
    const { rows, totals } = await walk('sort=-created_at', 2, ALL, leopoldo);
    expect(rows.map((row) => row.id)).toEqual(
      [...own].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((f) => f.id),
    );
    expect(totals).toEqual([String(own.length)]);
    expect((await walk('query=marta&sort=business_name', 5, SEARCH, leopoldo)).ids).toEqual([]);
    expect((await walk('region=campanha', 5, ALL, technician)).ids.length).toBeGreaterThan(0);
  });

  it('answers the total past the last page, with no rows', async () => {
    const campanha = farms.filter((farm) => farm.region === 'campanha').length;
    const past = await get(`${ALL}?region=campanha&limit=10&offset=200`);
    expect(page(past.json())).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(campanha));
    const none = await get(`${SEARCH}?query=nenhuma&sort=requests&offset=40`);
    expect(page(none.json())).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('costs one statement per page, whatever its size, filters and offset', async () => {
    const headers = await t.auth(admin);
    for (const query of [
      `${ALL}?region=campanha&limit=2`,
      `${ALL}?municipality=pelotas&sort=-requests&limit=50`,
      `${SEARCH}?query=granja&sort=responsible_name&limit=5&offset=300`,
    ]) {
      const statements = await t.queriesDuring(() => t.app.inject({ url: query, headers }));
      // The guard reads the caller; the page and its total are the one statement after it.
      expect(statements, query).toHaveLength(2);
    }
  });

  it('exports the view as it is on screen: the same filters, search and order', async () => {
    const query = 'region=costeira_interna&query=granja&sort=-requests';
    const { rows } = await walk(query, 2, SEARCH);
    for (const format of ['csv', 'xlsx']) {
      const response = await get(`/api/export/properties.${format}?${query}`);
      expect(response.statusCode, format).toBe(200);
    }
    const names = csvColumn((await get(`/api/export/properties.csv?${query}`)).body, 'Propriedade');
    expect(names).toEqual(rows.map((row) => row.business_name));
    expect(names.length).toBeGreaterThan(2);
    const producer = await get('/api/export/properties.csv?query=marta%20bianchi&sort=cnpj');
    expect(csvColumn(producer.body, 'Produtor')).toEqual(
      farms.filter((farm) => farm.ownerId === producers[1]!.id).map(() => 'Marta Bianchi'),
    );
    const refused = await get('/api/export/properties.csv?sort=dono');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['querystring', 'sort']);
  });
});
