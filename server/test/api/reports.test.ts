import {
  messages,
  nextSafra,
  safraOf,
  type ReportFigures,
  type ReportSummary,
} from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, processInstances } from '../../src/db/schema';
import {
  createCertificate,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { saoPauloToday } from '../../src/modules/certificates/status';
import { NO_FIGURES } from '../../src/modules/reports/summary';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;

const get = async (url: string, caller?: UserRow) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });

const DAY = 86_400_000;
const SAFRA = '2031/32';

/**
 * A request of the known data set: its rice area and, when concluded, `days` from request to
 * decision; a certificate (level, standing) when told.
 */
async function request(
  process: { id: string },
  property: PropertyRow,
  input: {
    ha: number | null;
    accepted?: boolean;
    rejected?: boolean;
    initiated?: boolean;
    concluded?: { approved: boolean; days: number };
    certificate?: { level: 'prata' | 'ouro' | null; standing: 'valid' | 'suspended' | 'revoked' };
  },
) {
  const instance = await createInstance(t.db, {
    process,
    property,
    technician: input.accepted || input.rejected ? technician : null,
    rejected: input.rejected,
    initiated: input.initiated || Boolean(input.concluded),
    finished: Boolean(input.concluded),
    approved: input.concluded?.approved,
  });
  const now = Date.now();
  await t.db
    .update(processInstances)
    .set({
      riceAreaHa: input.ha,
      ...(input.concluded
        ? { createdAt: new Date(now - input.concluded.days * DAY), finishedAt: new Date(now) }
        : {}),
    })
    .where(eq(processInstances.id, instance.id));
  if (input.certificate) {
    const certificate = await createCertificate(t.db, { instance, level: input.certificate.level });
    await t.db
      .update(certificates)
      .set({ standing: input.certificate.standing })
      .where(eq(certificates.id, certificate.id));
  }
}

const figures = (values: Partial<ReportFigures>): ReportFigures => ({ ...NO_FIGURES, ...values });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  technician = await createUser(t.db, { role: 'technician' });
  owner = await createUser(t.db, { role: 'owner' });

  const a = (await createSeal(t.db, { process: { safra: SAFRA, levels: ['prata', 'ouro'] } }))
    .process;
  const b = (await createSeal(t.db, { process: { safra: SAFRA } })).process;
  const c = (await createSeal(t.db, { process: { safra: SAFRA } })).process;
  const earlier = (await createSeal(t.db, { process: { safra: '2030/31' } })).process;
  // The next season copied but not open to requests yet: listed, never the default.
  await createSeal(t.db, { process: { safra: '2040/41', released: false } });

  const pelotas = await createProperty(t.db, { owner, municipality: 'Pelotas' });
  const pelotasLower = await createProperty(t.db, { owner, municipality: 'pelotas' });
  const uruguaiana = await createProperty(t.db, { owner, municipality: 'Uruguaiana' });
  const portoAlegre = await createProperty(t.db, { owner, municipality: 'Porto Alegre' });
  const camaqua = await createProperty(t.db, { owner, municipality: 'CAMAQUA' });

  await request(a, pelotas, { ha: 10 });
  await request(b, pelotas, { ha: 20.5, accepted: true });
  await request(c, pelotas, { ha: null, accepted: true });
  await request(a, pelotasLower, { ha: 30, rejected: true });
  await request(b, pelotasLower, { ha: 40.25, accepted: true, initiated: true });
  const approved = (days: number) => ({ approved: true, days });
  await request(a, uruguaiana, {
    ha: 100,
    accepted: true,
    concluded: approved(10),
    certificate: { level: 'prata', standing: 'valid' },
  });
  await request(b, uruguaiana, {
    ha: 200,
    accepted: true,
    concluded: approved(20),
    certificate: { level: 'ouro', standing: 'valid' },
  });
  await request(a, portoAlegre, {
    ha: 50,
    accepted: true,
    concluded: approved(30),
    certificate: { level: null, standing: 'valid' },
  });
  await request(b, portoAlegre, {
    ha: 60,
    accepted: true,
    concluded: approved(40),
    certificate: { level: 'prata', standing: 'suspended' },
  });
  await request(a, camaqua, {
    ha: 70,
    accepted: true,
    concluded: approved(50),
    certificate: { level: 'ouro', standing: 'revoked' },
  });
  await request(b, camaqua, { ha: 80, accepted: true, concluded: { approved: false, days: 60 } });

  await request(earlier, pelotas, { ha: 999, accepted: true });
});

describe('GET /api/reports/summary', () => {
  it('answers 401 without a token and 403 to producers', async () => {
    expect((await get('/api/reports/summary')).statusCode).toBe(401);
    const producer = await get('/api/reports/summary', owner);
    expect(producer.statusCode).toBe(403);
  });

  it('answers 422 with the safra message when the safra is malformed, as every safra filter', async () => {
    for (const safra of ['2031-32', '2026', '2031/33']) {
      const response = await get(`/api/reports/summary?safra=${safra}`, admin);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: [
          { loc: ['querystring', 'safra'], msg: messages.safras.safraInvalid, type: 'custom' },
        ],
      });
    }
  });

  it('takes a blank safra as none asked, as a cleared select sends it', async () => {
    const blank = await get('/api/reports/summary?safra=', admin);
    expect(blank.statusCode).toBe(200);
    expect(blank.json<ReportSummary>().safra).toBe(SAFRA);
  });

  it('counts every figure of the safra, in total, by region and by municipality', async () => {
    const response = await get(`/api/reports/summary?safra=${encodeURIComponent(SAFRA)}`, admin);
    expect(response.statusCode).toBe(200);
    const summary = response.json<ReportSummary>();
    expect(summary.safra).toBe(SAFRA);
    expect(summary.totals).toEqual({
      requests: 11,
      accepted: 9,
      in_progress: 1,
      certified: 3,
      certified_prata: 1,
      certified_ouro: 1,
      certified_no_level: 1,
      rejected: 2,
      suspended: 1,
      hectares_enrolled: 550.75,
      hectares_certified: 350,
    });

    const pelotas = figures({
      requests: 5,
      accepted: 3,
      in_progress: 1,
      rejected: 1,
      hectares_enrolled: 70.75,
    });
    const uruguaiana = figures({
      requests: 2,
      accepted: 2,
      certified: 2,
      certified_prata: 1,
      certified_ouro: 1,
      hectares_enrolled: 300,
      hectares_certified: 300,
    });
    const portoAlegre = figures({
      requests: 2,
      accepted: 2,
      certified: 1,
      certified_no_level: 1,
      suspended: 1,
      hectares_enrolled: 110,
      hectares_certified: 50,
    });
    const camaqua = figures({ requests: 2, accepted: 2, rejected: 1, hectares_enrolled: 70 });
    expect(summary.by_municipality).toEqual([
      { municipality: 'CAMAQUA', region: 'costeira_interna', ...camaqua },
      { municipality: 'Pelotas', region: 'zona_sul', ...pelotas },
      { municipality: 'Porto Alegre', region: 'outras', ...portoAlegre },
      { municipality: 'Uruguaiana', region: 'fronteira_oeste', ...uruguaiana },
    ]);
    expect(summary.by_region).toEqual([
      { region: 'fronteira_oeste', label: 'Fronteira Oeste', ...uruguaiana },
      { region: 'campanha', label: 'Campanha', ...NO_FIGURES },
      { region: 'central', label: 'Região Central', ...NO_FIGURES },
      { region: 'costeira_interna', label: 'Planície Costeira Interna', ...camaqua },
      { region: 'costeira_externa', label: 'Planície Costeira Externa', ...NO_FIGURES },
      { region: 'zona_sul', label: 'Zona Sul', ...pelotas },
      { region: 'outras', label: 'Outras regiões', ...portoAlegre },
    ]);
    // Concluded after 10, 20, 30, 40, 50 and 60 days (percentile_cont interpolates).
    expect(summary.decision_days).toEqual({ median: 35, p90: 55, count: 6 });
  });

  it('lists every safra with a process, newest first, and defaults to the newest with a request', async () => {
    const response = await get('/api/reports/summary', technician);
    expect(response.statusCode).toBe(200);
    const summary = response.json<ReportSummary>();
    expect(summary.safras).toEqual(['2040/41', SAFRA, '2030/31']);
    expect(summary.safra).toBe(SAFRA);
    expect(summary.totals.requests).toBe(11);
  });

  it('counts only the safra asked', async () => {
    const earlier = (
      await get('/api/reports/summary?safra=2030/31', technician)
    ).json<ReportSummary>();
    expect(earlier.totals).toEqual(figures({ requests: 1, accepted: 1, hectares_enrolled: 999 }));
    expect(earlier.by_municipality).toEqual([
      {
        municipality: 'Pelotas',
        region: 'zona_sul',
        ...figures({ requests: 1, accepted: 1, hectares_enrolled: 999 }),
      },
    ]);
    expect(earlier.decision_days).toEqual({ median: null, p90: null, count: 0 });
  });

  it('answers zeros for a safra without requests', async () => {
    const empty = (await get('/api/reports/summary?safra=2040/41', admin)).json<ReportSummary>();
    expect(empty.safra).toBe('2040/41');
    expect(empty.totals).toEqual(NO_FIGURES);
    expect(empty.by_municipality).toEqual([]);
    expect(empty.by_region.every((region) => region.requests === 0)).toBe(true);
    expect(empty.decision_days).toEqual({ median: null, p90: null, count: 0 });
  });
});

describe('GET /api/reports/summary without a safra: the default', () => {
  // A database of its own, filled branch by branch: each step adds what the next rule needs.
  let u: TestApp;
  let staff: UserRow;
  let farm: PropertyRow;
  const current = safraOf(saoPauloToday());
  const later = nextSafra(nextSafra(current));
  const earlier = safraOf(`${Number(current.slice(0, 4)) - 2}-08-01`);
  const defaultSafra = async () => {
    const response = await u.app.inject({
      url: '/api/reports/summary',
      headers: await u.auth(staff),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ReportSummary>();
  };
  const seal = async (safra: string) => (await createSeal(u.db, { process: { safra } })).process;

  beforeAll(async () => {
    u = await buildTestApp();
    staff = await createUser(u.db, { role: 'technician' });
    farm = await createProperty(u.db);
  });

  it('is none while no process exists', async () => {
    const summary = await defaultSafra();
    expect(summary.safra).toBeNull();
    expect(summary.safras).toEqual([]);
    expect(summary.totals).toEqual(NO_FIGURES);
  });

  it('is the newest safra when no request was made in any', async () => {
    await seal(earlier);
    await seal(later);
    expect((await defaultSafra()).safra).toBe(later);
  });

  it('is the newest safra with a request, passing over newer ones without', async () => {
    await createInstance(u.db, { process: await seal(earlier), property: farm });
    const summary = await defaultSafra();
    expect(summary.safras).toEqual([later, earlier]);
    expect(summary.safra).toBe(earlier);
    expect(summary.totals.requests).toBe(1);
  });

  it('passes over the current season while it has no request', async () => {
    await seal(current);
    expect((await defaultSafra()).safra).toBe(earlier);
  });

  it('is the current season once it has requests, even when a newer one has some too', async () => {
    await createInstance(u.db, { process: await seal(later), property: farm });
    expect((await defaultSafra()).safra).toBe(later);
    await createInstance(u.db, { process: await seal(current), property: farm });
    const summary = await defaultSafra();
    expect(summary.safras).toEqual([later, current, earlier]);
    expect(summary.safra).toBe(current);
    expect(summary.totals.requests).toBe(1);
  });
});
