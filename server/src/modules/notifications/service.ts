import { STAFF_ROLES, type ListQuery, type PendingItem } from '@agroselo/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { prepared, unseenPlaceholder } from '../../lib/prepared';
import { pageFrom, totalStatement, type Page } from '../../lib/pagination';
import { listCounts, processInstances, properties } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { awaitsProducer, awaitsTechnician } from '../instances/conditions';
import { presentPending, type PendingKind } from './present';

const i = processInstances;

/** What waits for a caller of this kind: spec §6 and DESIGN §5 (notifications). */
function pendingConditions(kind: PendingKind): { where: SQL; total: SQL } {
  if (kind === 'staff') {
    // Every staff member sees the same list: its size is the counter triggers keep.
    return {
      where: awaitsTechnician,
      total: sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = 'instances_awaiting_technician')`,
    };
  }
  const where = and(eq(properties.ownerId, sql.placeholder('ownerId')), awaitsProducer)!;
  return {
    where,
    total: sql`(select count(*) from ${i} inner join ${properties} on ${properties.id} = ${i.propertyId} where ${where})`,
  };
}

/** The bell's page and its total in one statement, prepared once per kind of caller. */
function pendingQuery(db: Db, name: string, kind: PendingKind) {
  const { where, total } = pendingConditions(kind);
  const counted = total.mapWith(Number);
  return {
    rows: db
      .select({ id: i.id, total: counted.as('total') })
      .from(i)
      .innerJoin(properties, eq(properties.id, i.propertyId))
      .where(where)
      .orderBy(desc(i.createdAt), desc(i.id))
      // Planned once and kept: see unseenPlaceholder.
      .limit(unseenPlaceholder('limit'))
      .offset(unseenPlaceholder('offset'))
      .prepare(name),
    totalOnly: totalStatement(db, name, total),
  };
}

const kindOf = (caller: Caller): PendingKind | null =>
  STAFF_ROLES.includes(caller.role) ? 'staff' : caller.role === 'owner' ? 'owner' : null;

export async function listPending(
  deps: AppDeps,
  caller: Caller,
  query: ListQuery,
): Promise<Page<PendingItem>> {
  const kind = kindOf(caller);
  if (!kind) return { items: [], total: 0 };
  const name = `pending_${kind}`;
  const statements = prepared(deps.db, name, (db) => pendingQuery(db, name, kind));
  const values = { limit: query.limit, offset: query.offset, ownerId: caller.id };
  const rows = await statements.rows.execute(values);
  return pageFrom(rows, (row) => presentPending(row, kind), {
    offset: query.offset,
    countPastEnd: async () => (await statements.totalOnly.execute(values))[0]?.total ?? 0,
  });
}
