import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authFailures, jobRuns } from '../../src/db/schema';
import { dailyJobs } from '../../src/jobs';
import { newId } from '../../src/lib/ids';
import { createJobRunner, duePeriod, type DailyJob } from '../../src/lib/jobs';
import { buildTestApp, silentLogger, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const runner = (jobs: DailyJob[]) => createJobRunner({ db: t.db, jobs, log: silentLogger });

describe('the day a daily job owes', () => {
  it('is today in São Paulo once the hour has come there, else yesterday', () => {
    const job = { hour: 3 };
    // 05:59 UTC is 02:59 in São Paulo: the 10th is not due yet, the 9th is.
    expect(duePeriod(job, new Date('2026-03-10T05:59:00Z'))).toBe('2026-03-09');
    expect(duePeriod(job, new Date('2026-03-10T06:00:00Z'))).toBe('2026-03-10');
    // 01:30 UTC on the 1st is still 22:30 on the last day of February in São Paulo.
    expect(duePeriod({ hour: 0 }, new Date('2026-03-01T01:30:00Z'))).toBe('2026-02-28');
    expect(duePeriod({ hour: 0 }, new Date('2026-01-01T02:59:00Z'))).toBe('2025-12-31');
  });
});

describe('the jobs runner', () => {
  it('runs a job once per day, records it, and again the next day', async () => {
    let runs = 0;
    const jobs = runner([{ name: 'contagem', hour: 0, run: async () => `execução ${++runs}` }]);
    const day = new Date('2026-04-01T15:00:00Z');
    expect(await jobs.runDue(day)).toEqual([
      { job: 'contagem', status: 'ran', period: '2026-04-01', summary: 'execução 1' },
    ]);
    expect((await jobs.runDue(day))[0]).toMatchObject({ status: 'already-done' });
    expect(
      (await runner([{ name: 'contagem', hour: 0, run: async () => `x${++runs}` }]).runDue(day))[0],
    ).toMatchObject({ status: 'already-done' });
    expect((await jobs.runDue(new Date('2026-04-02T15:00:00Z')))[0]).toMatchObject({
      status: 'ran',
      period: '2026-04-02',
    });
    expect(runs).toBe(2);
    const rows = await t.db.select().from(jobRuns).where(eq(jobRuns.name, 'contagem'));
    expect(rows.map((row) => row.period).sort()).toEqual(['2026-04-01', '2026-04-02']);
  });

  it('runs once when two runners reach the same day together', async () => {
    let runs = 0;
    const job: DailyJob = {
      name: 'concorrente',
      hour: 0,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      },
    };
    const day = new Date('2026-05-01T15:00:00Z');
    const outcomes = await Promise.all([runner([job]).runDue(day), runner([job]).runDue(day)]);
    expect(runs).toBe(1);
    const statuses = outcomes.flat().map((o) => o.status);
    expect(statuses.filter((status) => status === 'ran')).toHaveLength(1);
    // The other found the lock taken (two PostgreSQL sessions) or the day done (PGlite, one).
    expect(['busy', 'already-done']).toContain(statuses.find((status) => status !== 'ran'));
  });

  it('keeps no record of a failed run, so the next check tries again', async () => {
    let fail = true;
    const jobs = runner([
      {
        name: 'instavel',
        hour: 0,
        run: async ({ db }) => {
          await db
            .insert(authFailures)
            .values({ id: newId(), kind: 'password', accountKey: 'meio-feito' });
          if (fail) throw new Error('falhou no meio');
          return 'ok';
        },
      },
    ]);
    const day = new Date('2026-06-01T15:00:00Z');
    expect((await jobs.runDue(day))[0]).toMatchObject({ status: 'failed' });
    // What the failed run wrote went with it.
    expect(
      await t.db.select().from(authFailures).where(eq(authFailures.accountKey, 'meio-feito')),
    ).toEqual([]);
    fail = false;
    expect((await jobs.runDue(day))[0]).toMatchObject({ status: 'ran', summary: 'ok' });
  });
});

describe('the daily sweep of auth_failures', () => {
  it('removes failures older than the attempt window and keeps the rest', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 16 * 60_000);
    await t.db.insert(authFailures).values([
      { id: newId(), kind: 'password', accountKey: 'esquecido@fazenda.com.br', createdAt: old },
      { id: newId(), kind: 'code', accountKey: 'esquecido-codigo', createdAt: old },
      { id: newId(), kind: 'password', accountKey: 'recente@fazenda.com.br', createdAt: now },
    ]);
    const [outcome] = await createJobRunner({
      db: t.db,
      jobs: dailyJobs(t.deps),
      log: silentLogger,
    }).runDue(now);
    expect(outcome).toMatchObject({ job: 'auth-failures-sweep', status: 'ran' });
    const left = await t.db.select({ key: authFailures.accountKey }).from(authFailures);
    expect(left.map((row) => row.key)).not.toContain('esquecido@fazenda.com.br');
    expect(left.map((row) => row.key)).not.toContain('esquecido-codigo');
    expect(left.map((row) => row.key)).toContain('recente@fazenda.com.br');
    const [run] = await t.db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.name, 'auth-failures-sweep'),
          eq(jobRuns.period, duePeriod(dailyJobs(t.deps)[0]!, now)),
        ),
      );
    expect(run?.summary).toMatch(/^\d+ falhas antigas removidas$/);
  });
});
