import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client';
import { createProperty, createUser } from '../../src/db/seed/factories';
import { expiryAlerts } from '../../src/db/schema';
import { createJobRunner } from '../../src/lib/jobs';
import { expiryAlertsJob } from '../../src/modules/certificates/expiry-alerts';
import { day } from '../support/days';
import { buildTestApp, clonePgTemplate, silentLogger, type TestApp } from '../support/test-app';

/**
 * Two servers (two connection pools) on one PostgreSQL run the expiry alerts at the same moment:
 * each alert is mailed once, through the job's lock and, without it, through the ledger's
 * ON CONFLICT DO NOTHING alone.
 */
const noon = (offset: number) => new Date(`${day(offset)}T15:00:00Z`);

describe('expiry alerts with two servers on PostgreSQL', () => {
  let clone: Awaited<ReturnType<typeof clonePgTemplate>>;
  let a: Database;
  let b: Database;
  let t: TestApp;

  beforeAll(async () => {
    clone = await clonePgTemplate();
    a = await openPostgres(clone.url);
    b = await openPostgres(clone.url);
    t = await buildTestApp({ PUBLIC_URL: 'https://agroselo.exemplo.br' }, { database: a });
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await clone?.drop();
  }, 60_000);

  const farmExpiringIn = async (days: number) => {
    const owner = await createUser(t.db, { role: 'owner' });
    const farm = await createProperty(t.db, {
      owner,
      farmingLoValidity: day(days),
      dryingAndStockLoValidity: day(days),
    });
    return { owner, farm };
  };
  const alertsOf = (subjectId: string) =>
    t.db.select().from(expiryAlerts).where(eq(expiryAlerts.subjectId, subjectId));

  it('runs the daily job on one of the two and mails each alert once', async () => {
    const { owner, farm } = await farmExpiringIn(30);
    const runners = [a, b].map((database) =>
      createJobRunner({ db: database.db, jobs: [expiryAlertsJob(t.deps)], log: silentLogger }),
    );
    const outcomes = (await Promise.all(runners.map((runner) => runner.runDue(noon(0))))).flat();
    expect(outcomes.filter((outcome) => outcome.status === 'ran')).toHaveLength(1);
    expect(await t.mailTo(owner.email)).toHaveLength(2);
    expect(await alertsOf(farm.id)).toHaveLength(2);
  });

  it('even without the lock, two transactions at once mail each alert once', async () => {
    const { owner, farm } = await farmExpiringIn(7);
    const job = expiryAlertsJob(t.deps);
    await Promise.all(
      [a, b].map((database) =>
        database.db.transaction((tx) => job.run({ db: tx, now: noon(0), log: silentLogger })),
      ),
    );
    expect(await t.mailTo(owner.email)).toHaveLength(2);
    expect((await alertsOf(farm.id)).map((row) => row.daysBefore)).toEqual([7, 7]);
  });
});
