import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

export const JOBS_TIME_ZONE = 'America/Sao_Paulo';

/** A job that runs once a day, from `hour` (São Paulo time) on, on one server only. */
export interface DailyJob {
  name: string;
  hour: number;
  /**
   * The day's work, inside the transaction that holds the job's lock: keep it to short database
   * work (mail goes through the outbox). Returns a line for the log and the `job_runs` row.
   */
  run(context: { db: Db; now: Date; log: FastifyBaseLogger }): Promise<string | void>;
}

export type JobOutcome =
  | { job: string; status: 'ran'; period: string; summary: string | null }
  | { job: string; status: 'already-done' | 'busy' | 'not-due'; period: string | null }
  | { job: string; status: 'failed'; period: string; error: unknown };

export interface JobRunner {
  /** Runs every job whose period is due and not yet done; safe to call from many servers at once. */
  runDue(now?: Date): Promise<JobOutcome[]>;
  /** Checks now and then every `everyMs`; the timer does not keep the process alive. */
  start(): void;
  stop(): Promise<void>;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: JOBS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * The period a daily job owes at `now`: today's São Paulo date once its hour has come, else
 * yesterday's, so a server that was down at the hour still does the day it missed.
 */
export function duePeriod(job: Pick<DailyJob, 'hour'>, now: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((p) => [p.type, p.value]));
  const today = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number(parts.hour) >= job.hour) return today;
  const yesterday = new Date(`${today}T12:00:00Z`);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  return yesterday.toISOString().slice(0, 10);
}

export function createJobRunner(options: {
  db: Db;
  jobs: readonly DailyJob[];
  log: FastifyBaseLogger;
  everyMs?: number;
  /** Told of every attempt and how long it took (the metrics count them). */
  onOutcome?: (outcome: JobOutcome, seconds: number) => void;
}): JobRunner {
  const { db, jobs, log, everyMs = 5 * 60_000, onOutcome } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;

  async function runOne(job: DailyJob, now: Date): Promise<JobOutcome> {
    const began = performance.now();
    const outcome = await attempt(job, now, () => performance.now() - began);
    onOutcome?.(outcome, (performance.now() - began) / 1000);
    return outcome;
  }

  async function attempt(job: DailyJob, now: Date, elapsedMs: () => number): Promise<JobOutcome> {
    const period = duePeriod(job, now);
    try {
      return await db.transaction(async (tx) => {
        // A transaction-level advisory lock: the other servers skip the job while one runs it, and
        // it is released with the commit that records the run. The row check below is what makes a
        // later server (or this one, restarted) see the period as done.
        const lockKey = `agroselo:job:${job.name}`;
        const result = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        const lock = result.rows[0];
        if (!lock?.locked) return { job: job.name, status: 'busy', period } as const;
        const [done] = await tx
          .select({ name: jobRuns.name })
          .from(jobRuns)
          .where(and(eq(jobRuns.name, job.name), eq(jobRuns.period, period)));
        if (done) return { job: job.name, status: 'already-done', period } as const;
        const summary = (await job.run({ db: tx, now, log })) ?? null;
        // finished_at's default would be the transaction's start: the run's own length instead.
        const finishedAt = new Date(now.getTime() + elapsedMs());
        await tx
          .insert(jobRuns)
          .values({ name: job.name, period, startedAt: now, finishedAt, summary });
        log.info({ job: job.name, period, summary }, 'tarefa agendada concluída');
        return { job: job.name, status: 'ran', period, summary } as const;
      });
    } catch (error) {
      log.error({ err: error, job: job.name, period }, 'tarefa agendada falhou');
      return { job: job.name, status: 'failed', period, error };
    }
  }

  async function runDue(now = new Date()): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const job of jobs) outcomes.push(await runOne(job, now));
    return outcomes;
  }

  const tick = () => {
    if (running) return;
    running = runDue().finally(() => {
      running = null;
    });
  };

  return {
    runDue,
    start() {
      if (timer) return;
      setImmediate(tick);
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
