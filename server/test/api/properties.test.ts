import {
  InstanceStatus,
  messages,
  PropertySchema,
  type Property,
  type PropertyFormInput,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { properties, users } from '../../src/db/schema';
import {
  createInstance,
  createProperty,
  createSeal,
  createUser,
  randomCnpj,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.properties;
const ALL_URL = '/api/property/all';
const SEARCH_URL = '/api/property/search';
const REGISTER_URL = '/api/property/register';
const editUrl = (id: string) => `/api/property/${id}/edit`;

/** A valid alphanumeric CNPJ (IN RFB 2.229/2024) and the same with a wrong check digit. */
const ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';
const ALPHANUMERIC_CNPJ_WRONG = '12.ABC.345/01DE-36';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let otherOwner: UserRow;
let user: UserRow;
let pendingUser: UserRow;
let staffRole: UserRow;
let saoJoao: PropertyRow;
let lagoaMirim: PropertyRow;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra',
    crea: '00000001234567',
  });
  owner = await createUser(t.db, { role: 'owner', firstName: 'Sérgio', lastName: 'Antunes' });
  otherOwner = await createUser(t.db, { role: 'owner' });
  user = await createUser(t.db, { role: 'user' });
  pendingUser = await createUser(t.db, { role: 'user', pending: true });
  staffRole = await createUser(t.db, { role: 'staff' });
  saoJoao = await createProperty(t.db, {
    owner,
    businessName: 'Granja São João',
    cnpj: '29384756000163',
    municipality: 'Camaquã',
  });
  await createProperty(t.db, {
    owner,
    businessName: 'Arrozeira Três Marias',
    cnpj: '12ABC34501DE35',
    municipality: 'Pelotas',
  });
  lagoaMirim = await createProperty(t.db, {
    owner: otherOwner,
    businessName: 'Fazenda Lagoa Mirim',
    cnpj: '11222333000181',
    municipality: 'Santa Vitória do Palmar',
  });
});

const get = async (caller: UserRow | null, url: string) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });

const send = async (
  method: 'POST' | 'PUT',
  caller: UserRow | null,
  url: string,
  body: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    payload: body,
    headers: caller ? await t.auth(caller) : {},
  });

const parseList = (body: unknown) => z.array(PropertySchema.strict()).parse(body);
const namesOf = (body: unknown) => parseList(body).map((p) => p.business_name);

/** What the web form sends: masks included, coordinates as typed. */
const validBody = (overrides: Partial<PropertyFormInput> & Record<string, unknown> = {}) => ({
  business_name: 'Granja Nova Esperança',
  business_type: 'Granja',
  cnpj: randomCnpj(),
  municipality: 'Arroio Grande',
  irga: '2104999',
  latitude: '-32,2371',
  longitude: -53.0869,
  car_n: 'rs43010087a1c2e9f4b8d41a6b3c0f5e7d9a2b4c6',
  farming_lo_number: '01111/2025-DL',
  farming_lo_validity: '2029-01-31',
  drying_and_stock_lo_number: '02222/2025-DL',
  drying_and_stock_lo_validity: '2028-05-31T15:00:00.000Z',
  place: 'Passo das Pedras',
  responsible_name: 'Ana Lima',
  responsible_technician_name: 'Luciana Fagundes',
  responsible_technician_phone: '(53) 99111-2233',
  responsible_technician_crea: '12.345-67',
  ...overrides,
});

const rowOf = async (id: string) =>
  (await t.db.select().from(properties).where(eq(properties.id, id)))[0];
const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe.each([ALL_URL, SEARCH_URL, () => `/api/property/${saoJoao.id}`])(
  'GET %s: access',
  (url) => {
    const path = () => (typeof url === 'function' ? url() : url);

    it('answers 401 without a token', async () => {
      const response = await get(null, path());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: messages.auth.notAuthenticated });
    });

    it('answers 403 to an unverified account and to a role with no properties (staff)', async () => {
      expect((await get(pendingUser, path())).json()).toEqual({
        detail: messages.auth.accountNotVerified,
      });
      const response = await get(staffRole, path());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    });
  },
);

describe('GET /api/property/all', () => {
  it('gives a producer their own properties only, by name', async () => {
    const response = await get(owner, ALL_URL);
    expect(response.statusCode).toBe(200);
    expect(namesOf(response.json())).toEqual(['Arrozeira Três Marias', 'Granja São João']);
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('gives a producer without properties an empty list', async () => {
    const response = await get(user, ALL_URL);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['technician', () => technician],
    ['admin', () => admin],
  ])('gives a %s every property', async (_role, caller) => {
    const response = await get(caller(), `${ALL_URL}?limit=500`);
    const names = namesOf(response.json());
    expect(names).toEqual(
      expect.arrayContaining(['Arrozeira Três Marias', 'Fazenda Lagoa Mirim', 'Granja São João']),
    );
    expect(Number(response.headers['x-total-count'])).toBe(names.length);
  });

  it('describes each property with its owner and its seal requests, oldest first', async () => {
    const producer = await createUser(t.db, { role: 'owner', firstName: 'Ana', lastName: 'Lima' });
    const farm = await createProperty(t.db, {
      owner: producer,
      businessName: 'Granja Com Pedidos',
      cnpj: '45678912000105',
      responsibleTechnicianName: 'Luciana',
      responsibleTechnicianPhone: '53991112233',
      responsibleTechnicianCrea: '00000001234567',
    });
    const superior = await createSeal(t.db, { stamp: { name: 'Arroz de Qualidade Superior' } });
    const sustainable = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
    const rejected = await createInstance(t.db, {
      process: superior.process,
      property: farm,
      technician,
      rejected: true,
      createdAt: minutesAgo(30),
    });
    const waiting = await createInstance(t.db, {
      process: superior.process,
      property: farm,
      createdAt: minutesAgo(20),
    });
    const ongoing = await createInstance(t.db, {
      process: sustainable.process,
      property: farm,
      technician,
      initiated: true,
      createdAt: minutesAgo(10),
    });

    const [item] = parseList((await get(producer, ALL_URL)).json());
    expect(item).toEqual({
      id: farm.id,
      owner: { id: producer.id, name: 'Ana Lima' },
      business_name: 'Granja Com Pedidos',
      business_type: farm.businessType,
      cnpj: '45678912000105',
      municipality: farm.municipality,
      irga: farm.irga,
      latitude: farm.latitude,
      longitude: farm.longitude,
      car_n: farm.carN,
      farming_lo_number: farm.farmingLoNumber,
      farming_lo_validity: farm.farmingLoValidity,
      drying_and_stock_lo_number: farm.dryingAndStockLoNumber,
      drying_and_stock_lo_validity: farm.dryingAndStockLoValidity,
      place: farm.place,
      responsible_name: farm.responsibleName,
      responsible_technician_name: 'Luciana',
      responsible_technician_phone: '53991112233',
      responsible_technician_crea: '00000001234567',
      process_instances: [
        {
          id: rejected.id,
          rejected: true,
          initiated: false,
          finished: false,
          technician: { id: technician.id, name: 'Rafael Dutra' },
          status: InstanceStatus.REJECTED,
          process: { id: superior.process.id, stamp: { name: 'Arroz de Qualidade Superior' } },
          certificate: null,
          safra: superior.process.safra,
          renewal_offer: null,
        },
        {
          id: waiting.id,
          rejected: false,
          initiated: false,
          finished: false,
          technician: null,
          status: InstanceStatus.PENDING,
          process: { id: superior.process.id, stamp: { name: 'Arroz de Qualidade Superior' } },
          certificate: null,
          safra: superior.process.safra,
          renewal_offer: null,
        },
        {
          id: ongoing.id,
          rejected: false,
          initiated: true,
          finished: false,
          technician: { id: technician.id, name: 'Rafael Dutra' },
          status: InstanceStatus.ONGOING,
          process: { id: sustainable.process.id, stamp: { name: 'Arroz Sustentável RS' } },
          certificate: null,
          safra: sustainable.process.safra,
          renewal_offer: null,
        },
      ],
      created_at: farm.createdAt.toISOString(),
      updated_at: farm.updatedAt.toISOString(),
    });
  });

  it('pages with limit and offset while X-Total-Count keeps the full count', async () => {
    const page = await get(owner, `${ALL_URL}?limit=1&offset=1`);
    expect(namesOf(page.json())).toEqual(['Granja São João']);
    expect(page.headers['x-total-count']).toBe('2');

    const beyond = await get(owner, `${ALL_URL}?limit=1&offset=5`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('2');
  });

  it('answers 422 to a limit or offset out of range', async () => {
    for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?limit=muitos']) {
      const response = await get(admin, `${ALL_URL}${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe('querystring');
    }
  });

  it('answers any page in two queries, the caller and the page with its instances', async () => {
    // Enough properties with requests that a follow-up query per row would show.
    const producer = await createUser(t.db, { role: 'owner' });
    const seal = await createSeal(t.db);
    for (let n = 0; n < 3; n += 1) {
      const farm = await createProperty(t.db, { owner: producer });
      await createInstance(t.db, { process: seal.process, property: farm });
    }
    for (const [caller, limit] of [
      [admin, 1],
      [admin, 500],
      [producer, 100],
    ] as const) {
      const headers = await t.auth(caller);
      const queries = await t.queriesDuring(() =>
        t.app.inject({ url: `${ALL_URL}?limit=${limit}`, headers }),
      );
      expect(queries, `limit=${limit}`).toHaveLength(2);
    }
  });
});

describe('GET /api/property/search', () => {
  const search = (caller: UserRow, query: string, extra = '') =>
    get(caller, `${SEARCH_URL}?query=${encodeURIComponent(query)}${extra}`);

  it.each(['sao joao', 'SÃO JOÃO', '  são joão ', 'joao'])(
    'finds the business name in part, ignoring case and accents (%j)',
    async (query) => {
      const response = await search(admin, query);
      expect(response.statusCode).toBe(200);
      expect(namesOf(response.json())).toEqual(['Granja São João']);
      expect(response.headers['x-total-count']).toBe('1');
    },
  );

  it.each(['camaqua', 'Camaquã'])('finds the municipality (%j)', async (query) => {
    expect(namesOf((await search(owner, query)).json())).toEqual(['Granja São João']);
  });

  it.each(['11222333000181', '11.222.333/0001-81', '11.222.333', '333/0001'])(
    'finds a numeric CNPJ with or without its mask, whole or in part (%s)',
    async (query) => {
      expect(namesOf((await search(technician, query)).json())).toEqual(['Fazenda Lagoa Mirim']);
    },
  );

  it.each(['12ABC34501DE35', '12.ABC.345/01DE-35', '12.abc.345', 'abc.345/01de'])(
    'finds an alphanumeric CNPJ with or without its mask, whole or in part (%s)',
    async (query) => {
      expect(namesOf((await search(technician, query)).json())).toEqual(['Arrozeira Três Marias']);
    },
  );

  it("does not find another producer's property for a producer", async () => {
    const response = await search(owner, 'lagoa');
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(namesOf((await search(otherOwner, 'lagoa')).json())).toEqual(['Fazenda Lagoa Mirim']);
  });

  it('takes LIKE wildcards literally and gives the whole list for an empty query', async () => {
    for (const query of ['%', '_', 'Uruguaiana']) {
      expect((await search(admin, query)).json(), query).toEqual([]);
    }
    const all = await search(owner, '');
    expect(namesOf(all.json())).toEqual(['Arrozeira Três Marias', 'Granja São João']);
    const page = await search(owner, 'a', '&limit=1&offset=1');
    expect(namesOf(page.json())).toEqual(['Granja São João']);
    expect(page.headers['x-total-count']).toBe('2');
  });

  it('answers 422 to a query longer than 200 characters', async () => {
    const response = await search(admin, 'a'.repeat(201));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['querystring', 'query']);
  });
});

describe('GET /api/property/{id}', () => {
  it("answers 404 to another producer's property and to a producer without properties", async () => {
    for (const caller of [otherOwner, user]) {
      const response = await get(caller, `/api/property/${saoJoao.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: messages.common.notFound });
    }
  });

  it('answers 404 to an unknown id and 422 to a malformed one', async () => {
    expect((await get(admin, `/api/property/${user.id}`)).statusCode).toBe(404);
    const malformed = await get(admin, '/api/property/123');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0]).toMatchObject({
      loc: ['params', 'id'],
      msg: messages.common.invalidId,
    });
  });

  it.each([
    ['its owner', () => owner],
    ['a technician', () => technician],
    ['an admin', () => admin],
  ])('gives the property to %s', async (_who, caller) => {
    const response = await get(caller(), `/api/property/${saoJoao.id}`);
    expect(response.statusCode).toBe(200);
    const property = PropertySchema.strict().parse(response.json());
    expect(property).toMatchObject({
      id: saoJoao.id,
      business_name: 'Granja São João',
      owner: { id: owner.id, name: 'Sérgio Antunes' },
      process_instances: [],
    });
  });
});

describe('POST /api/property/register', () => {
  it('answers 401 without a token and 403 to an unverified account', async () => {
    expect((await send('POST', null, REGISTER_URL, validBody())).statusCode).toBe(401);
    const pending = await send('POST', pendingUser, REGISTER_URL, validBody());
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it('answers an empty form with every required message, by field', async () => {
    const response = await send('POST', owner, REGISTER_URL, {});
    expect(response.statusCode).toBe(422);
    const issues = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
    expect(issues.map((issue) => [issue.loc.join('.'), issue.msg])).toEqual([
      ['body.business_name', m.businessNameRequired],
      ['body.business_type', m.businessTypeRequired],
      ['body.cnpj', m.cnpjRequired],
      ['body.municipality', m.municipalityRequired],
      ['body.irga', m.irgaRequired],
      ['body.latitude', m.latitudeRequired],
      ['body.longitude', m.longitudeRequired],
      ['body.car_n', m.carRequired],
      ['body.farming_lo_number', m.farmingLoNumberRequired],
      ['body.farming_lo_validity', m.farmingLoValidityRequired],
      ['body.drying_and_stock_lo_number', m.dryingLoNumberRequired],
      ['body.drying_and_stock_lo_validity', m.dryingLoValidityRequired],
      ['body.place', m.placeRequired],
      ['body.responsible_name', m.responsibleNameRequired],
    ]);
  });

  it.each([
    ['business_name', '   ', m.businessNameInvalid],
    ['business_type', '  ', m.businessTypeInvalid],
    ['municipality', ' ', m.municipalityInvalid],
    ['responsible_name', '   ', m.responsibleNameInvalid],
    ['responsible_technician_name', '  ', m.technicianNameInvalid],
    ['cnpj', '11.222.333/0001-82', m.cnpjInvalid],
    ['cnpj', ALPHANUMERIC_CNPJ_WRONG, m.cnpjInvalid],
    ['cnpj', '12ABC34501DEXX', m.cnpjInvalid],
    ['car_n', 'RS-4303509-7A1C.2E9F.4B8D', m.carTooShort],
    ['car_n', 'RS-4303509-7A1C.2E9F.4B8D.41A6.B3C0.F5E7_D9A2', m.carInvalid],
    ['latitude', '-91', m.latitudeInvalid],
    ['latitude', 'sul', m.latitudeInvalid],
    ['longitude', 180.5, m.longitudeInvalid],
    ['farming_lo_validity', '31/12/2028', m.dateInvalid],
    ['drying_and_stock_lo_validity', '2028-13-01', m.dateInvalid],
    ['responsible_technician_phone', '(53) 9111-2233', m.technicianPhoneInvalid],
    ['responsible_technician_crea', '1234567890', m.technicianCreaInvalid],
    ['business_name', 'Granja\u0000', messages.common.invalidCharacter],
  ])('answers 422 to %s = %j with its message', async (field, value, message) => {
    const response = await send('POST', owner, REGISTER_URL, validBody({ [field]: value }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', field], msg: message, type: expect.any(String) }],
    });
  });

  it('registers the property for its producer and stores every field normalized', async () => {
    const response = await send('POST', owner, REGISTER_URL, validBody());
    expect(response.statusCode).toBe(201);
    const created = PropertySchema.strict().parse(response.json());
    expect(created).toMatchObject({
      owner: { id: owner.id },
      latitude: -32.2371,
      longitude: -53.0869,
      car_n: 'RS-4301008-7A1C.2E9F.4B8D.41A6.B3C0.F5E7.D9A2.B4C6',
      farming_lo_validity: '2029-01-31',
      drying_and_stock_lo_validity: '2028-05-31',
      responsible_technician_phone: '53991112233',
      responsible_technician_crea: '00000001234567',
      process_instances: [],
    });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      ownerId: owner.id,
      businessName: 'Granja Nova Esperança',
      searchText: `granja nova esperanca ${created.cnpj} arroio grande`,
    });
    expect(await roleOf(owner.id)).toBe('owner');
  });

  it('accepts an alphanumeric CNPJ, stores it upper case without the mask, finds it masked', async () => {
    const producer = await createUser(t.db, { role: 'owner' });
    const wrong = await send(
      'POST',
      producer,
      REGISTER_URL,
      validBody({ cnpj: '98.XYZ.654/01AB-31' }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0]).toMatchObject({ loc: ['body', 'cnpj'], msg: m.cnpjInvalid });

    const response = await send(
      'POST',
      producer,
      REGISTER_URL,
      validBody({ cnpj: '98.xyz.654/01ab-30', business_name: 'Granja Alfanumérica' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().cnpj).toBe('98XYZ65401AB30');
    expect((await rowOf(response.json().id))?.cnpj).toBe('98XYZ65401AB30');
    const found = await get(
      producer,
      `${SEARCH_URL}?query=${encodeURIComponent('98.XYZ.654/01AB-30')}`,
    );
    expect(namesOf(found.json())).toEqual(['Granja Alfanumérica']);

    const duplicate = await send(
      'POST',
      owner,
      REGISTER_URL,
      validBody({ cnpj: ALPHANUMERIC_CNPJ }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: m.cnpjTaken });
  });

  it('keeps a CAR outside the official shape as typed, upper case and unpadded', async () => {
    const car = 'car rs 0001 abc defghijklmnopqrstuvwxyz';
    const response = await send('POST', owner, REGISTER_URL, validBody({ car_n: car }));
    expect(response.statusCode).toBe(201);
    expect(response.json().car_n).toBe('CAR RS 0001 ABC DEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('leaves the optional fields empty when they are blank', async () => {
    const response = await send(
      'POST',
      owner,
      REGISTER_URL,
      validBody({
        responsible_technician_name: '',
        responsible_technician_phone: null,
        responsible_technician_crea: undefined,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      responsible_technician_name: null,
      responsible_technician_phone: null,
      responsible_technician_crea: null,
    });
  });

  it("answers 409 'CNPJ já cadastrado' to a CNPJ already registered, masked or not", async () => {
    for (const cnpj of ['29384756000163', '29.384.756/0001-63']) {
      const response = await send('POST', otherOwner, REGISTER_URL, validBody({ cnpj }));
      expect(response.statusCode, cnpj).toBe(409);
      expect(response.json()).toEqual({ detail: m.cnpjTaken });
    }
  });

  it('turns a user into an owner with their first property, and not when it fails', async () => {
    const newcomer = await createUser(t.db, { role: 'user' });
    const refused = await send('POST', newcomer, REGISTER_URL, validBody({ cnpj: saoJoao.cnpj }));
    expect(refused.statusCode).toBe(409);
    expect(await roleOf(newcomer.id)).toBe('user');

    const response = await send('POST', newcomer, REGISTER_URL, validBody());
    expect(response.statusCode).toBe(201);
    expect(await roleOf(newcomer.id)).toBe('owner');
    const mine = await get(newcomer, ALL_URL);
    expect(parseList(mine.json()).map((p) => p.id)).toEqual([response.json().id]);
  });

  it('refuses a producer registering for someone else', async () => {
    const response = await send(
      'POST',
      owner,
      REGISTER_URL,
      validBody({ owner_email: otherOwner.email }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: m.ownerOnlyForStaff });
    const own = await send('POST', owner, REGISTER_URL, validBody({ owner_email: owner.email }));
    expect(own.statusCode).toBe(201);
  });

  describe('by a technician or an admin', () => {
    it('needs the e-mail of a verified, active producer', async () => {
      const missing = await send('POST', technician, REGISTER_URL, validBody());
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        detail: [{ loc: ['body', 'owner_email'], msg: m.ownerEmailRequired, type: 'value_error' }],
      });
      const disabled = await createUser(t.db, { role: 'owner', disabled: true });
      for (const email of [
        'ninguem@fazenda.com.br',
        admin.email,
        technician.email,
        pendingUser.email,
        disabled.email,
      ]) {
        const response = await send('POST', admin, REGISTER_URL, validBody({ owner_email: email }));
        expect(response.statusCode, email).toBe(422);
        expect(response.json().detail).toEqual([
          { loc: ['body', 'owner_email'], msg: m.ownerNotProducer, type: 'value_error' },
        ]);
      }
    });

    it('registers the property for that producer, making a user an owner', async () => {
      const newcomer = await createUser(t.db, {
        role: 'user',
        firstName: 'Joana',
        lastName: 'Reis',
      });
      const response = await send(
        'POST',
        technician,
        REGISTER_URL,
        validBody({ owner_email: newcomer.email.toUpperCase() }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().owner).toEqual({ id: newcomer.id, name: 'Joana Reis' });
      expect(await roleOf(newcomer.id)).toBe('owner');
      expect(namesOf((await get(newcomer, ALL_URL)).json())).toEqual(['Granja Nova Esperança']);
    });
  });
});

describe('PUT /api/property/{id}/edit', () => {
  let farm: PropertyRow;
  beforeAll(async () => {
    farm = await createProperty(t.db, { owner, businessName: 'Granja Para Editar' });
  });

  it('answers 401 without a token and 403 to an unverified account', async () => {
    expect((await send('PUT', null, editUrl(farm.id), validBody())).statusCode).toBe(401);
    expect((await send('PUT', pendingUser, editUrl(farm.id), validBody())).statusCode).toBe(403);
  });

  it("answers 404 to another producer's property, unchanged", async () => {
    for (const caller of [otherOwner, user]) {
      const response = await send('PUT', caller, editUrl(farm.id), validBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: messages.common.notFound });
    }
    expect((await rowOf(farm.id))?.businessName).toBe('Granja Para Editar');
  });

  it('applies the registration rules', async () => {
    const response = await send('PUT', owner, editUrl(farm.id), {
      ...validBody({ car_n: 'RS-123', responsible_technician_crea: '123' }),
      latitude: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([
      m.latitudeRequired,
      m.carTooShort,
      m.technicianCreaInvalid,
    ]);
  });

  it("answers 409 to another property's CNPJ and accepts its own", async () => {
    const taken = await send('PUT', owner, editUrl(farm.id), validBody({ cnpj: lagoaMirim.cnpj }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: m.cnpjTaken });
    const same = await send('PUT', owner, editUrl(farm.id), validBody({ cnpj: farm.cnpj }));
    expect(same.statusCode).toBe(200);
  });

  it('saves every field for its owner, and search finds the new name', async () => {
    const cnpj = randomCnpj();
    const saved = await send(
      'PUT',
      owner,
      editUrl(farm.id),
      validBody({
        business_name: 'Granja Editada Açude',
        cnpj,
        responsible_technician_name: '',
        responsible_technician_phone: '',
        responsible_technician_crea: '',
      }),
    );
    expect(saved.statusCode).toBe(200);
    const property: Property = PropertySchema.strict().parse(saved.json());
    expect(property).toMatchObject({
      id: farm.id,
      owner: { id: owner.id },
      business_name: 'Granja Editada Açude',
      cnpj,
      responsible_technician_name: null,
    });
    const row = await rowOf(farm.id);
    expect(row!.updatedAt.getTime()).toBeGreaterThan(farm.updatedAt.getTime());
    const found = await get(owner, `${SEARCH_URL}?query=acude`);
    expect(namesOf(found.json())).toEqual(['Granja Editada Açude']);
  });

  it.each([
    ['a technician', () => technician],
    ['an admin', () => admin],
  ])("lets %s edit any producer's property; the owner stays", async (_who, caller) => {
    const response = await send(
      'PUT',
      caller(),
      editUrl(lagoaMirim.id),
      validBody({ business_name: 'Fazenda Lagoa Mirim', cnpj: lagoaMirim.cnpj }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().owner.id).toBe(otherOwner.id);
    expect((await rowOf(lagoaMirim.id))?.ownerId).toBe(otherOwner.id);
  });
});
