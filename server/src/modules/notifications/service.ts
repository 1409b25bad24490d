import { STAFF_ROLES, type ListQuery, type PendingItem } from '@agroselo/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { pageFrom, type Page } from '../../lib/pagination';
import { listCounts, processInstances, properties } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { awaitsProducer, awaitsTechnician } from '../instances/conditions';
import { presentPending, type PendingKind } from './present';

const i = processInstances;

/** What waits for this caller: spec §6 and DESIGN §5 (notifications). */
function pendingFor(caller: Caller): { kind: PendingKind; where: SQL; total: SQL } | null {
  if (STAFF_ROLES.includes(caller.role)) {
    // Every staff member sees the same list: its size is the counter triggers keep.
    return {
      kind: 'staff',
      where: awaitsTechnician,
      total: sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = 'instances_awaiting_technician')`,
    };
  }
  if (caller.role === 'owner') {
    const where = and(eq(properties.ownerId, caller.id), awaitsProducer)!;
    const counted = sql`(select count(*) from ${i} inner join ${properties} on ${properties.id} = ${i.propertyId} where ${where})`;
    return { kind: 'owner', where, total: counted };
  }
  return null;
}

/** The bell and its count: one statement, whatever the page size. */
export async function listPending(
  deps: AppDeps,
  caller: Caller,
  query: ListQuery,
): Promise<Page<PendingItem>> {
  const pending = pendingFor(caller);
  if (!pending) return { items: [], total: 0 };
  const total = pending.total.mapWith(Number);
  const rows = await deps.db
    .select({ id: i.id, total: total.as('total') })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .where(pending.where)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, (row) => presentPending(row, pending.kind), {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db.select({ total }).from(sql`(values (1)) as one`);
      return counted?.total ?? 0;
    },
  });
}
