import { safraOf, type ReportQuery, type ReportSummary } from '@agroselo/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { certificates, processes, processInstances, properties } from '../../db/schema';
import { saoPauloToday } from '../certificates/status';
import { figuresOf, NO_FIGURES, summarise, type MunicipalityFigures } from './summary';

const i = processInstances;
const c = certificates;

/** The definitions of contracts/src/reports.ts, as SQL conditions on an instance and its certificate. */
const isRejected = sql`(${i.rejected} or (${i.finished} and ${i.approved} is not true))`;
const isAccepted = sql`(${i.technicianId} is not null and not ${i.rejected})`;
const isInProgress = sql`(${i.initiated} and not ${i.finished})`;
const isCertified = sql`${c.standing} = 'valid'`;

const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`.mapWith(Number);
const hectares = (where: SQL) =>
  sql<number>`coalesce(sum(${i.riceAreaHa}) filter (where ${where}), 0)::float8`.mapWith(Number);
const decisionDays = sql`extract(epoch from ${i.finishedAt} - ${i.createdAt}) / 86400`;
const percentile = (fraction: number) =>
  sql<
    number | null
  >`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${decisionDays}) filter (where ${i.finished})`.mapWith(
    (value) => (value === null ? null : Number(value)),
  );

/**
 * Every figure of a safra in one statement: a row per municipality as spelled, plus the grand
 * total (grouping sets), which alone carries meaningful percentiles of the time to decision.
 */
function figuresBySpelling(db: Db, safra: string) {
  return db
    .select({
      municipality: properties.municipality,
      isTotal: sql<number>`grouping(${properties.municipality})`.mapWith(Number),
      requests: count(sql`true`),
      accepted: count(isAccepted),
      in_progress: count(isInProgress),
      certified: count(isCertified),
      certified_prata: count(sql`${isCertified} and ${c.level} = 'prata'`),
      certified_ouro: count(sql`${isCertified} and ${c.level} = 'ouro'`),
      certified_no_level: count(sql`${isCertified} and ${c.level} is null`),
      rejected: count(isRejected),
      suspended: count(sql`${c.standing} = 'suspended'`),
      hectares_enrolled: hectares(sql`not ${isRejected}`),
      hectares_certified: hectares(isCertified),
      decided: count(sql`${i.finished}`),
      median: percentile(0.5),
      p90: percentile(0.9),
    })
    .from(i)
    .innerJoin(processes, and(eq(processes.id, i.processId), eq(processes.safra, safra)))
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .leftJoin(c, eq(c.processInstanceId, i.id))
    .groupBy(sql`grouping sets ((${properties.municipality}), ())`);
}

/** Every safra with a process, newest first, and whether any request was made in it. */
const safrasOf = (db: Db) =>
  db
    .select({
      safra: processes.safra,
      requested: sql<boolean>`count(${i.id}) > 0`,
    })
    .from(processes)
    .leftJoin(i, eq(i.processId, processes.id))
    .groupBy(processes.safra)
    .orderBy(desc(processes.safra));

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The safra asked, or the one a report opens on (below), and every safra, newest first. */
export async function chooseSafra(db: Db, asked: string | undefined) {
  const seasons = await safrasOf(db);
  const current = safraOf(saoPauloToday());
  const requested = seasons.filter((season) => season.requested);
  const safra =
    asked ??
    requested.find((season) => season.safra === current)?.safra ??
    requested[0]?.safra ??
    seasons[0]?.safra ??
    null;
  return { safra, seasons: seasons.map((season) => season.safra) };
}

/**
 * GET /api/reports/summary: the safra asked; or else the season under way, when requests were made
 * in it (renewals for the next one open before this one ends); or else the newest in which a
 * request was made (a next season's process just copied has none yet); or else the newest at all.
 */
export async function reportSummary(deps: AppDeps, query: ReportQuery): Promise<ReportSummary> {
  const { safra, seasons } = await chooseSafra(deps.db, query.safra);
  const rows = safra === null ? [] : await figuresBySpelling(deps.db, safra);
  const total = rows.find((row) => row.isTotal === 1);
  const municipalities: MunicipalityFigures[] = rows.filter((row) => row.isTotal === 0);
  const { by_region, by_municipality } = summarise(municipalities);
  return {
    safra,
    safras: seasons,
    totals: total ? figuresOf(total) : NO_FIGURES,
    by_region,
    by_municipality,
    decision_days: {
      median: oneDecimal(total?.median ?? null),
      p90: oneDecimal(total?.p90 ?? null),
      count: total?.decided ?? 0,
    },
  };
}
