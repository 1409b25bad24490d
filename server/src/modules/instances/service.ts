import {
  STAFF_ROLES,
  type InstanceListFilter,
  type InstanceListQuery,
  type InstanceSummary,
} from '@agroselo/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import { pageFrom, windowTotal, type Page } from '../../lib/pagination';
import { formInstances, processInstances, properties, stamps, users } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { matchesSearch, propertySearchTerm } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { awaitsTechnician, isOpen } from './conditions';
import { presentInstanceSummary } from './present';

const i = processInstances;
const technician = alias(users, 'technician');

const LIST_FILTERS: Record<InstanceListFilter, SQL> = {
  // Rejected and finished instances have left the dashboard for good.
  in_progress: isOpen,
  pending: awaitsTechnician,
};

/** Form instances of an instance, all and finished, as columns of the query that lists it. */
export const formProgress = (instanceId: AnyPgColumn) => ({
  formsTotal:
    sql<number>`(select count(*) from ${formInstances} where ${formInstances.processInstanceId} = ${instanceId})`.mapWith(
      Number,
    ),
  formsFinished:
    sql<number>`(select count(*) from ${formInstances} where ${formInstances.processInstanceId} = ${instanceId} and ${formInstances.commited})`.mapWith(
      Number,
    ),
});

/** The staff dashboards (Processos em andamento, Pendentes): newest request first. */
export async function listInstances(
  deps: AppDeps,
  caller: Caller,
  query: InstanceListQuery & { query?: string },
): Promise<Page<InstanceSummary>> {
  if (!STAFF_ROLES.includes(caller.role)) throw forbidden();
  const term = propertySearchTerm(query.query ?? '');
  const where = and(
    LIST_FILTERS[query.status],
    term ? matchesSearch(properties.searchText, term) : undefined,
  );

  const rows = await deps.db
    .select({
      instance: i,
      property: {
        id: properties.id,
        businessName: properties.businessName,
        cnpj: properties.cnpj,
        municipality: properties.municipality,
      },
      stampName: stamps.name,
      technician: {
        id: technician.id,
        firstName: technician.firstName,
        lastName: technician.lastName,
      },
      ...formProgress(i.id),
      total: windowTotal(),
    })
    .from(i)
    .innerJoin(properties, eq(properties.id, i.propertyId))
    .innerJoin(stamps, eq(stamps.processId, i.processId))
    .leftJoin(technician, eq(technician.id, i.technicianId))
    .where(where)
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(query.limit)
    .offset(query.offset);

  return pageFrom(
    rows,
    (row) =>
      presentInstanceSummary({
        ...row,
        progress: { finished: row.formsFinished, total: row.formsTotal },
      }),
    {
      offset: query.offset,
      countPastEnd: async () => {
        const [counted] = await deps.db
          .select({ total: count() })
          .from(i)
          .innerJoin(properties, eq(properties.id, i.propertyId))
          .where(where);
        return counted?.total ?? 0;
      },
    },
  );
}
