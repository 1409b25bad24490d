import { STAFF_ROLES, type ListQuery, type PendingItem } from '@agroselo/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { processInstances, properties } from '../../db/schema';
import type { Caller } from '../../plugins/auth';
import { awaitsProducer, awaitsTechnician } from '../instances/conditions';
import { presentPending, type PendingKind } from './present';

const i = processInstances;

/** What waits for this caller: spec §6 and DESIGN §5 (notifications). */
function pendingFor(caller: Caller): { kind: PendingKind; where: SQL } | null {
  if (STAFF_ROLES.includes(caller.role)) {
    return { kind: 'staff', where: awaitsTechnician };
  }
  if (caller.role === 'owner') {
    return { kind: 'owner', where: and(eq(properties.ownerId, caller.id), awaitsProducer)! };
  }
  return null;
}

export async function listPending(
  deps: AppDeps,
  caller: Caller,
  query: ListQuery,
): Promise<Page<PendingItem>> {
  const pending = pendingFor(caller);
  if (!pending) return { items: [], total: 0 };
  const rows = await deps.db
    .select({ id: i.id, total: windowTotal() })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .where(pending.where)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(query.limit)
    .offset(query.offset);
  return pageFrom(rows, (row) => presentPending(row, pending.kind), {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db
        .select({ total: count() })
        .from(i)
        .innerJoin(properties, eq(properties.id, i.propertyId))
        .where(pending.where);
      return counted?.total ?? 0;
    },
  });
}
