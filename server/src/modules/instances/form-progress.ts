import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formInstances } from '../../db/schema';

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
