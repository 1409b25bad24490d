import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCertificate,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { certificates, expiryAlerts } from '../../src/db/schema';
import { dailyJobs } from '../../src/jobs';
import { createJobRunner } from '../../src/lib/jobs';
import { dueThreshold, expiryAlertsJob } from '../../src/modules/certificates/expiry-alerts';
import { brazilian, day } from '../support/days';
import { buildTestApp, silentLogger, type TestApp } from '../support/test-app';

const PUBLIC_URL = 'https://agroselo.exemplo.br';

let t: TestApp;
let technician: UserRow;

/** Noon in São Paulo, `offset` days from today: past the job's hour. */
const noon = (offset: number) => new Date(`${day(offset)}T15:00:00Z`);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001827364' });
});

/** The job's day's work at `now`, bypassing job_runs: what a rerun would send. */
const runJob = (now: Date) =>
  t.db.transaction((tx) => expiryAlertsJob(t.deps).run({ db: tx, now, log: silentLogger }));

/** A producer with one farm whose LOs end on the given days (far away unless told). */
async function farmWith(lo: { farming?: string; drying?: string }) {
  const owner = await createUser(t.db, { role: 'owner', firstName: 'Ivone' });
  const farm = await createProperty(t.db, {
    owner,
    businessName: `Granja ${owner.id.slice(-6)}`,
    farmingLoValidity: lo.farming ?? day(400),
    dryingAndStockLoValidity: lo.drying ?? day(400),
  });
  return { owner, farm };
}

const alertsOf = (subjectId: string) =>
  t.db
    .select({
      kind: expiryAlerts.kind,
      expiresOn: expiryAlerts.expiresOn,
      days: expiryAlerts.daysBefore,
    })
    .from(expiryAlerts)
    .where(eq(expiryAlerts.subjectId, subjectId));

describe('dueThreshold', () => {
  const LO = [60, 30, 7, 0];
  it('sends the nearest threshold reached, nothing before the first or after the grace', () => {
    expect(dueThreshold('2027-03-31', '2027-01-29', LO)).toBeNull();
    expect(dueThreshold('2027-03-31', '2027-01-30', LO)).toBe(60);
    expect(dueThreshold('2027-03-31', '2027-02-28', LO)).toBe(60);
    expect(dueThreshold('2027-03-31', '2027-03-01', LO)).toBe(30);
    expect(dueThreshold('2027-03-31', '2027-03-24', LO)).toBe(7);
    expect(dueThreshold('2027-03-31', '2027-03-31', LO)).toBe(0);
    expect(dueThreshold('2027-03-31', '2027-04-07', LO, 7)).toBe(0);
    expect(dueThreshold('2027-03-31', '2027-04-08', LO, 7)).toBeNull();
    expect(dueThreshold('2027-03-31', '2027-04-01', [30])).toBeNull();
  });
});

describe('the daily expiry alerts', () => {
  it('mails each licence at 60, 30 and 7 days and on the day, once each', async () => {
    const { owner, farm } = await farmWith({ farming: day(60) });
    const expected: [number, number, string][] = [
      [0, 60, `vence em ${brazilian(day(60))} (em 60 dias)`],
      [30, 30, `vence em ${brazilian(day(60))} (em 30 dias)`],
      [53, 7, `vence em ${brazilian(day(60))} (em 7 dias)`],
      [60, 0, `vence hoje, ${brazilian(day(60))}`],
    ];
    for (const [index, [offset, days, when]] of expected.entries()) {
      await runJob(noon(offset));
      // A rerun the same day, or the day after, sends nothing more.
      await runJob(noon(offset));
      await runJob(noon(offset + 1));
      const mails = await t.mailTo(owner.email);
      expect(mails, `day ${offset}`).toHaveLength(index + 1);
      expect(mails[0]!.subject).toBe(`A LO de irrigação da ${farm.businessName} ${when}`);
      expect(mails[0]!.text).toContain(`${PUBLIC_URL}/edit-property/${farm.id}`);
      expect((await alertsOf(farm.id)).map((row) => row.days)).toContain(days);
    }
    expect(await alertsOf(farm.id)).toHaveLength(4);
  });

  it('after missed days sends the nearest threshold only, never an earlier one after it', async () => {
    const { owner, farm } = await farmWith({ drying: day(25) });
    await runJob(noon(0));
    const [mail, ...none] = await t.mailTo(owner.email);
    expect(none).toEqual([]);
    expect(mail!.subject).toBe(
      `A LO da unidade de armazenamento da ${farm.businessName} vence em ${brazilian(day(25))} (em 25 dias)`,
    );
    expect(await alertsOf(farm.id)).toEqual([{ kind: 'drying_lo', expiresOn: day(25), days: 30 }]);
    await runJob(noon(1));
    expect(await t.mailTo(owner.email)).toHaveLength(1);
  });

  it('mails a valid certificate 30 days before it ends, and never a suspended one', async () => {
    const { owner, farm } = await farmWith({});
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      initiated: true,
      finished: true,
      approved: true,
    });
    const certificate = await createCertificate(t.db, { instance, validUntil: day(30) });
    const suspended = await createCertificate(t.db, { property: farm, validUntil: day(30) });
    await t.db
      .update(certificates)
      .set({ standing: 'suspended', standingReason: 'other', standingChangedAt: new Date() })
      .where(eq(certificates.id, suspended.id));
    await runJob(noon(-1));
    expect(await t.mailTo(owner.email)).toEqual([]);
    await runJob(noon(0));
    await runJob(noon(0));
    const [mail, ...none] = await t.mailTo(owner.email);
    expect(none).toEqual([]);
    expect(mail!.subject).toBe(
      `Certificado terminando: selo Arroz Sustentável RS da ${farm.businessName}`,
    );
    expect(mail!.text).toContain(
      `O certificado nº ${certificate.number} do selo Arroz Sustentável RS da propriedade ${farm.businessName} vence em ${brazilian(day(30))} (em 30 dias).`,
    );
    expect(mail!.text).toContain(`${PUBLIC_URL}/producer-details/${instance.id}`);
    expect(
      await t.db
        .select({ days: expiryAlerts.daysBefore })
        .from(expiryAlerts)
        .where(and(eq(expiryAlerts.subjectId, suspended.id))),
    ).toEqual([]);
  });

  it('runs once a day among the daily jobs, and leaves long-expired licences alone', async () => {
    const { owner } = await farmWith({ farming: day(-30) });
    const outcomes = await createJobRunner({
      db: t.db,
      jobs: dailyJobs(t.deps),
      log: silentLogger,
    }).runDue(noon(0));
    expect(outcomes.find((outcome) => outcome.job === 'expiry-alerts')).toMatchObject({
      status: 'ran',
    });
    expect(await t.mailTo(owner.email)).toEqual([]);
  });
});
