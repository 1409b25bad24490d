import { messages, REGISTRY_LEVEL_LABELS, type RegistryEntry } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, properties } from '../../src/db/schema';
import { seedDemo, type DemoData } from '../../src/db/seed/demo';
import {
  createCertificate,
  createProperty,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { brazilian, day } from '../support/days';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: DemoData;
let owner: UserRow;
let processId: string;
let otherProcessId: string;
let camaquaCnpj: string;
/** The published certificates of `processId`, newest first. */
let published: { prata: string; semNivel: string; ouro: string };

const m = messages.registry;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const get = (query: Record<string, string | number> = {}) =>
  t.app.inject({
    url: '/api/registry',
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
const numbersOf = (response: { json: () => RegistryEntry[] }) =>
  response.json().map((entry) => entry.certificate_number);
/** Only this file's seal: the demo's certificates are in the registry too. */
const ofSeal = (query: Record<string, string | number> = {}) =>
  get({ process_id: processId, ...query });

beforeAll(async () => {
  t = await buildTestApp();
  demo = await seedDemo(t.db, t.deps.storage);
  owner = await createUser(t.db, {
    role: 'owner',
    firstName: 'Clotilde',
    lastName: 'Registrada',
    phone: '51987651234',
  });
  const farm = (businessName: string, municipality: string) =>
    createProperty(t.db, { owner, businessName, municipality });
  const camaqua = await farm('Granja Árvore Alta', 'Camaquã');
  camaquaCnpj = camaqua.cnpj;
  const lagoa = await farm('Estância do Taim', 'Santa Vitória do Palmar');
  const far = await farm('Sítio Além', 'Nova Esperança do Sul');
  const { process } = await createSeal(t.db, {
    process: { safra: '2030/31', validityStart: day(-30), validityEnd: day(300) },
    stamp: { name: 'Selo do Registro' },
  });
  const other = await createSeal(t.db, { process: { safra: '2031/32' } });
  processId = process.id;
  otherProcessId = other.process.id;
  const certify = async (
    property: { id: string; ownerId: string },
    at: number,
    extra: Parameters<typeof createCertificate>[1] = {},
  ) =>
    (
      await createCertificate(t.db, {
        process,
        property,
        publishConsent: true,
        issuedAt: minutesAgo(at),
        ...extra,
      })
    ).number;
  published = {
    ouro: await certify(far, 1, { level: 'ouro' }),
    semNivel: await certify(lagoa, 2),
    prata: await certify(camaqua, 3, { level: 'prata' }),
  };
  // Left out: no consent, suspended, revoked, expired.
  await certify(camaqua, 4, { publishConsent: false });
  const suspended = await certify(lagoa, 5);
  const revoked = await certify(far, 6);
  await t.db
    .update(certificates)
    .set({ standing: 'suspended', standingReason: 'nonconformity' })
    .where(eq(certificates.number, suspended));
  await t.db
    .update(certificates)
    .set({ standing: 'revoked', standingReason: 'other' })
    .where(eq(certificates.number, revoked));
  await certify(camaqua, 7, { validFrom: day(-400), validUntil: day(-1) });
  await createCertificate(t.db, { process: other.process, publishConsent: true });
});

describe('GET /api/registry', () => {
  it('is public: the consenting, valid, unexpired certificates, newest first, with their total', async () => {
    const response = await ofSeal();
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(numbersOf(response)).toEqual([published.ouro, published.semNivel, published.prata]);
    expect(response.json()[2]).toEqual({
      certificate_number: published.prata,
      business_name: 'Granja Árvore Alta',
      municipality: 'Camaquã',
      region: 'costeira_interna',
      region_label: 'Planície Costeira Interna',
      seal: { name: 'Selo do Registro', process_id: processId },
      safra: '2030/31',
      level: 'prata',
      valid_from: day(-30),
      valid_until: day(300),
    });
  });

  it("lists the demo's certified property, which consented", async () => {
    const response = await get({ municipality: 'Santa Vitória do Palmar', limit: 500 });
    expect(numbersOf(response)).toContain(demo.certified.number);
    expect(numbersOf(response)).toContain(published.semNivel);
  });

  it('filters by seal, safra, level, region and municipality', async () => {
    expect(numbersOf(await get({ process_id: otherProcessId }))).toHaveLength(1);
    expect(numbersOf(await get({ safra: '2030/31' }))).toEqual([
      published.ouro,
      published.semNivel,
      published.prata,
    ]);
    expect(numbersOf(await ofSeal({ safra: '2031/32' }))).toEqual([]);
    // A blank safra filters nothing, as on every list with a safra filter.
    expect(numbersOf(await ofSeal({ safra: '' }))).toEqual(numbersOf(await ofSeal()));
    expect(numbersOf(await ofSeal({ level: 'prata' }))).toEqual([published.prata]);
    expect(numbersOf(await ofSeal({ level: 'ouro' }))).toEqual([published.ouro]);
    expect(numbersOf(await ofSeal({ level: 'sem_nivel' }))).toEqual([published.semNivel]);
    expect(numbersOf(await ofSeal({ region: 'costeira_interna' }))).toEqual([published.prata]);
    expect(numbersOf(await ofSeal({ region: 'zona_sul' }))).toEqual([published.semNivel]);
    expect(numbersOf(await ofSeal({ region: 'outras' }))).toEqual([published.ouro]);
    expect(numbersOf(await ofSeal({ region: 'campanha' }))).toEqual([]);
    expect(numbersOf(await ofSeal({ municipality: 'santa vitoria' }))).toEqual([
      published.semNivel,
    ]);
    expect(numbersOf(await ofSeal({ municipality: '   ' }))).toHaveLength(3);
  });

  it('searches the name, the municipality or the number, without accents', async () => {
    expect(numbersOf(await ofSeal({ query: 'arvore ALTA' }))).toEqual([published.prata]);
    expect(numbersOf(await ofSeal({ query: 'camaqua' }))).toEqual([published.prata]);
    expect(numbersOf(await ofSeal({ query: 'Vitória' }))).toEqual([published.semNivel]);
    expect(numbersOf(await ofSeal({ query: published.ouro.toLowerCase() }))).toEqual([
      published.ouro,
    ]);
    expect(numbersOf(await ofSeal({ query: published.ouro.slice(4, 9) }))).toEqual([
      published.ouro,
    ]);
    expect(numbersOf(await ofSeal({ query: '100%_' }))).toEqual([]);
  });

  it('does not search the CNPJ or the owner', async () => {
    expect(numbersOf(await ofSeal({ query: 'Clotilde' }))).toEqual([]);
    expect(numbersOf(await ofSeal({ query: camaquaCnpj }))).toEqual([]);
  });

  it('answers an empty page past the end, with the total', async () => {
    const response = await ofSeal({ offset: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('3');
  });

  it('pages: limit and offset', async () => {
    const page = await ofSeal({ limit: 1, offset: 1 });
    expect(numbersOf(page)).toEqual([published.semNivel]);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('costs one query whatever the page size', async () => {
    const queries = async (limit: number) => (await t.queriesDuring(() => get({ limit }))).length;
    expect(await queries(1)).toBe(1);
    expect(await queries(100)).toBe(1);
  });

  it('refuses malformed filters (422, as every validation error) with a pt-BR message', async () => {
    const refusal = async (query: Record<string, string>, message: string) => {
      const response = await get(query);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain(message);
    };
    await refusal({ safra: '2026-27' }, messages.safras.safraInvalid);
    await refusal({ level: 'bronze' }, m.levelInvalid);
    await refusal({ region: 'serra' }, m.regionInvalid);
    await refusal({ process_id: 'nao-e-id' }, messages.common.invalidId);
    await refusal({ query: 'x'.repeat(201) }, '200');
  });

  it('holds nothing personal: no CPF, CNPJ, e-mail, phone or name of anyone', async () => {
    const response = await get({ limit: 500 });
    const answer = JSON.stringify(response.json());
    expect(response.json().length).toBeGreaterThanOrEqual(5);
    const people = [demo.admin, demo.technician, demo.producer, demo.otherProducer, owner];
    for (const person of people) {
      for (const value of [person.cpf, person.email, person.phone, person.lastName]) {
        expect(answer).not.toContain(value);
      }
      expect(answer).not.toContain(`${person.firstName} ${person.lastName}`);
    }
    const farms = await t.db.select().from(properties);
    for (const farm of farms) {
      expect(answer).not.toContain(farm.cnpj);
      expect(answer).not.toContain(farm.responsibleName);
    }
    for (const entry of response.json()) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'business_name',
          'certificate_number',
          'level',
          'municipality',
          'region',
          'region_label',
          'safra',
          'seal',
          'valid_from',
          'valid_until',
        ].sort(),
      );
    }
  });
});

describe('GET /api/registry.csv', () => {
  it('streams the filtered registry as CSV for Excel in Brazil', async () => {
    const response = await t.app.inject({
      url: `/api/registry.csv?process_id=${processId}&level=prata`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('certificados-');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Certificado;Propriedade;Município;Região;Selo;Safra;Nível;Válido de;Válido até',
      `${published.prata};Granja Árvore Alta;Camaquã;Planície Costeira Interna;Selo do Registro;2030/31;${REGISTRY_LEVEL_LABELS.prata};${brazilian(day(-30))};${brazilian(day(300))}`,
    ]);
  });

  it('honours every filter and leaves out who may not be listed', async () => {
    const csv = async (query: string) =>
      (await t.app.inject({ url: `/api/registry.csv?process_id=${processId}&${query}` })).body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';')[0]);
    expect(await csv('')).toEqual([published.ouro, published.semNivel, published.prata]);
    expect(await csv('region=outras')).toEqual([published.ouro]);
    expect(await csv('level=sem_nivel')).toEqual([published.semNivel]);
    expect(await csv('query=arvore')).toEqual([published.prata]);
    expect(await csv('safra=2031/32')).toEqual([]);
    expect(await csv('municipality=camaqua')).toEqual([published.prata]);
  });

  it('refuses malformed filters (422, as every validation error) with a pt-BR message', async () => {
    const response = await t.app.inject({ url: '/api/registry.csv?region=serra' });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain(m.regionInvalid);
    const safra = await t.app.inject({ url: '/api/registry.csv?safra=2026' });
    expect(safra.statusCode).toBe(422);
    expect(JSON.stringify(safra.json())).toContain(messages.safras.safraInvalid);
  });

  it('holds nothing personal', async () => {
    const body = (await t.app.inject({ url: '/api/registry.csv' })).body;
    for (const person of [demo.producer, demo.otherProducer, owner]) {
      for (const value of [person.cpf, person.email, person.phone, person.lastName]) {
        expect(body).not.toContain(value);
      }
    }
  });
});
