import {
  DEFAULT_STALE_DAYS,
  REGION_LABELS,
  REGIONS,
  type Region,
  type Workload,
  type WorkloadFigures,
  type WorkloadQuery,
  type WorkloadSettings,
} from '@agroselo/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  inspections,
  pendencies,
  processes,
  processInstances as i,
  properties as p,
  settings,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { fullName } from '../../lib/people';
import { executeRaw } from '../../lib/raw-statement';
import { saoPauloToday } from '../certificates/status';
import { responsibleId } from '../instances/present';
import { chooseSafra } from '../reports/service';

/** Where the admin's threshold is kept: the settings table, beside the platform's other settings. */
const STALE_DAYS_KEY = 'workload_stale_days';

export async function staleDays(db: Db): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, STALE_DAYS_KEY));
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_STALE_DAYS;
}

/** GET /api/workload/settings (staff: the tables highlight past it too). */
export async function workloadSettings(deps: AppDeps): Promise<WorkloadSettings> {
  return { stale_days: await staleDays(deps.db) };
}

/** PUT /api/workload/settings (admin). */
export async function saveWorkloadSettings(
  deps: AppDeps,
  body: WorkloadSettings,
): Promise<WorkloadSettings> {
  const value = String(body.stale_days);
  await deps.db
    .insert(settings)
    .values({ key: STALE_DAYS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return body;
}

/** The counts of a row of figuresBySafra, after its who, region and grouping flags. */
const COUNTS = [
  'assigned',
  'awaiting_evaluation',
  'awaiting_producer',
  'in_progress',
  'pendencies_open',
  'pendencies_late',
  'inspections_due',
  'concluded',
  'stale',
] as const;
const FIRST_COUNT = 4;

function figuresOf(row: unknown[] | undefined): WorkloadFigures {
  const at = (n: number) => (row?.[n] == null ? null : Number(row[n]));
  const counts = Object.fromEntries(
    COUNTS.map((name, n) => [name, at(FIRST_COUNT + n) ?? 0]),
  ) as Record<(typeof COUNTS)[number], number>;
  return {
    ...counts,
    oldest_waiting_days: at(FIRST_COUNT + COUNTS.length),
    oldest_idle_days: at(FIRST_COUNT + COUNTS.length + 1),
  };
}

/**
 * Every figure of a safra in one statement: its requests with what each needs (pendências,
 * vistorias, days), summed per who answers for them, per region and in all (`grouping sets`).
 * The definitions are those of WorkloadFiguresSchema (contracts/src/workload.ts).
 */
function figuresBySafra(db: Db, safra: string, today: string, stale: number) {
  const day = sql`${today}::date`;
  return executeRaw(
    db,
    sql`
    with requests as (
      select ${i.id} as id, ${responsibleId} as who, ${p.region} as region,
             not ${i.finished} and not ${i.rejected} as open,
             ${i.technicianId} is null as unevaluated, ${i.initiated} as initiated,
             ${i.finished} as finished,
             ${day} - (${i.createdAt} at time zone 'America/Sao_Paulo')::date as waiting,
             ${day} - (coalesce(${i.lastActionAt}, ${i.createdAt}) at time zone 'America/Sao_Paulo')::date as idle
      from ${i} inner join ${p} on ${p.id} = ${i.propertyId}
      where ${i.processId} in (select ${processes.id} from ${processes} where ${processes.safra} = ${safra})
    ),
    waiting_pendencies as (
      select ${pendencies.processInstanceId} as id, count(*) as open,
             count(*) filter (where ${pendencies.dueDate} < ${day}) as late
      from ${pendencies}
      where ${pendencies.status} <> 'resolved'
        and ${pendencies.processInstanceId} in (select id from requests where open)
      group by 1
    )
    select who, region, grouping(who) as by_who, grouping(region) as by_region,
           count(*) filter (where r.open) as assigned,
           count(*) filter (where r.open and unevaluated) as awaiting_evaluation,
           count(*) filter (where r.open and not unevaluated and not initiated) as awaiting_producer,
           count(*) filter (where r.open and initiated) as in_progress,
           coalesce(sum(w.open) filter (where r.open), 0) as pendencies_open,
           coalesce(sum(w.late) filter (where r.open), 0) as pendencies_late,
           count(*) filter (where r.open and initiated and not exists (
             select 1 from ${inspections} where ${inspections.processInstanceId} = r.id)) as inspections_due,
           count(*) filter (where finished) as concluded,
           count(*) filter (where r.open and idle > ${stale}::int) as stale,
           max(waiting) filter (where r.open) as oldest_waiting_days,
           max(idle) filter (where r.open) as oldest_idle_days
    from requests r left join waiting_pendencies w on w.id = r.id
    group by grouping sets ((who), (region), ())`,
  );
}

/** A technician as the board names them: the active ones and those who left alike. */
const technicianColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  crea: users.crea,
};

/** GET /api/workload?safra= (admin): the board of DESIGN §4c. */
export async function workload(deps: AppDeps, query: WorkloadQuery): Promise<Workload> {
  const { safra, seasons } = await chooseSafra(deps.db, query.safra);
  const stale = await staleDays(deps.db);
  const [result, technicians] = await Promise.all([
    safra === null ? null : figuresBySafra(deps.db, safra, saoPauloToday(), stale),
    deps.db
      .select(technicianColumns)
      .from(users)
      .where(sql`${users.role} = 'technician' and not ${users.disabled} and not ${users.pending}`)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
  ]);
  const rows = result ?? [];
  // Columns: who, region, grouping(who), grouping(region), then the figures.
  const grouped = (byWho: number, byRegion: number) =>
    rows.filter((row) => Number(row[2]) === byWho && Number(row[3]) === byRegion);
  const byWho = new Map(grouped(0, 1).map((row) => [row[0] as string | null, row]));
  const byRegion = new Map(grouped(1, 0).map((row) => [row[1] as Region, row]));
  const total = grouped(1, 1)[0];
  const named = new Set(technicians.map((technician) => technician.id));
  // A request whose technician left the role or the platform still counts, under their name.
  const others = [...byWho.keys()].filter((who): who is string => who !== null && !named.has(who));
  const formerNames =
    others.length === 0
      ? []
      : await deps.db.select(technicianColumns).from(users).where(inArray(users.id, others));
  return {
    safra,
    safras: seasons,
    stale_days: stale,
    technicians: [
      ...[...technicians, ...formerNames].map((person) => ({
        technician: {
          id: person.id,
          name: fullName(person),
          crea: person.crea,
          active: named.has(person.id),
        },
        ...figuresOf(byWho.get(person.id)),
      })),
      { technician: null, ...figuresOf(byWho.get(null)) },
    ],
    regions: REGIONS.map((region) => ({
      region,
      region_label: REGION_LABELS[region],
      ...figuresOf(byRegion.get(region)),
    })),
    total: figuresOf(total),
  };
}
