import {
  messages,
  PRODUCER_ROLES,
  STAFF_ROLES,
  type Property,
  type PropertyBody,
  type PropertyListQuery,
  type PropertyRegisterBody,
} from '@agroselo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import {
  certificates,
  processInstances as i,
  processes,
  properties,
  stamps,
  users,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageOfRows, type Page } from '../../lib/pagination';
import { prepared } from '../../lib/prepared';
import { searchPageOfRows, searchTotals } from '../../lib/search-totals';
import {
  municipalityColumns,
  normalizeSearch,
  propertySearchTerm,
  searchPattern,
} from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { saoPauloToday } from '../certificates/status';
import { renewalOfferJson } from '../safras/queries';
import { presentProperty, type InstanceJson } from './present';
import { propertyInstances, propertyPageQuery } from './queries';
import { isPropertyTableQuery, listPropertyTable } from './table';

const m = messages.properties;
const owner = alias(users, 'owner');
const technician = alias(users, 'technician');

const isStaff = (caller: Caller) => STAFF_ROLES.includes(caller.role);

/** Producers reach their own properties only; technicians and admins reach all (DESIGN §5). */
const visibleTo = (caller: Caller): SQL | undefined =>
  isStaff(caller) ? undefined : eq(properties.ownerId, caller.id);

/** The seal requests of the property, oldest first, as one json column of the query. */
const instancesJson = propertyInstances<InstanceJson[]>(
  sql`json_build_object(
    'id', ${i.id},
    'rejected', ${i.rejected},
    'initiated', ${i.initiated},
    'finished', ${i.finished},
    'process_id', ${i.processId},
    'safra', ${processes.safra},
    'renewal_offer', ${renewalOfferJson(sql`${i.id}`, sql`${i.processId}`)},
    'stamp_name', ${stamps.name},
    'technician_id', ${technician.id},
    'technician_first_name', ${technician.firstName},
    'technician_last_name', ${technician.lastName},
    'certificate_number', ${certificates.number},
    'certificate_valid_from', ${certificates.validFrom},
    'certificate_level', ${certificates.level},
    'certificate_valid_until', ${certificates.validUntil},
    'certificate_issued_at', ${certificates.issuedAt},
    'certificate_standing', ${certificates.standing},
    'certificate_standing_reason', ${certificates.standingReason},
    'certificate_standing_note', ${certificates.standingNote},
    'certificate_standing_changed_at', ${certificates.standingChangedAt}
  )`,
);

/** Properties with their owner and seal requests, as presentProperty takes them. */
function selectProperties(db: Db) {
  return db
    .select({
      property: properties,
      owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
      instances: instancesJson,
    })
    .from(properties)
    .innerJoin(owner, eq(owner.id, properties.ownerId));
}

/**
 * GET /api/property/all and /search: alphabetical, accents and case aside. Each property comes
 * as the json text PostgreSQL wrote for the caller (queries.ts), sent as it is. The table's
 * filters and sort (DESIGN §4c) go to its own statement (table.ts).
 */
export async function listProperties(
  deps: AppDeps,
  caller: Caller,
  query: PropertyListQuery & { query?: string },
): Promise<Page<string>> {
  if (isPropertyTableQuery(query)) return listPropertyTable(deps.db, caller, query);
  const term = propertySearchTerm(query.query ?? '');
  const staff = isStaff(caller);
  const name = `properties_${staff ? 'all' : 'own'}${term ? '_search' : ''}`;
  const statements = prepared(deps.db, `${name}_statements`, (db) =>
    propertyPageQuery(db, name, staff, Boolean(term)),
  );
  const values = {
    limit: query.limit,
    offset: query.offset,
    ownerId: caller.id,
    viewerId: caller.id,
    today: saoPauloToday(),
    ...(term ? { pattern: searchPattern(term) } : {}),
  };
  const page = await statements.rows.execute(values);
  const countAll = async () => (await statements.totalOnly.execute(values))[0];
  if (term)
    return searchPageOfRows(page, {
      offset: query.offset,
      totals: prepared(deps.db, `${name}_totals`, () => searchTotals()),
      key: `${staff ? '' : caller.id}:${values.pattern}`,
      count: countAll,
    });
  return pageOfRows(page, {
    offset: query.offset,
    countPastEnd: async () => (await countAll())?.total ?? 0,
  });
}

/** One property; someone else's answers 404, so its existence is not revealed. */
export async function getProperty(deps: AppDeps, caller: Caller, id: string): Promise<Property> {
  const [row] = await selectProperties(deps.db)
    .where(and(eq(properties.id, id), visibleTo(caller)))
    .limit(1);
  if (!row) throw notFound();
  return presentProperty(row, caller.id);
}

function columns(body: PropertyBody) {
  return {
    businessName: body.business_name,
    businessType: body.business_type,
    cnpj: body.cnpj,
    municipality: body.municipality,
    irga: body.irga,
    latitude: body.latitude,
    longitude: body.longitude,
    carN: body.car_n,
    farmingLoNumber: body.farming_lo_number,
    farmingLoValidity: body.farming_lo_validity,
    dryingAndStockLoNumber: body.drying_and_stock_lo_number,
    dryingAndStockLoValidity: body.drying_and_stock_lo_validity,
    place: body.place,
    responsibleName: body.responsible_name,
    responsibleTechnicianName: body.responsible_technician_name,
    responsibleTechnicianPhone: body.responsible_technician_phone,
    responsibleTechnicianCrea: body.responsible_technician_crea,
    searchText: normalizeSearch(body.business_name, body.cnpj, body.municipality),
    ...municipalityColumns(body.municipality),
  };
}

/** The unique index on the CNPJ settles duplicates, simultaneous ones included. */
async function mapCnpjTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error, 'properties_cnpj_key')) throw conflict(m.cnpjTaken);
    throw error;
  }
}

/**
 * A producer registers a property of their own; a technician or an admin registers one for the
 * producer named by `owner_email` (docs/decisions/006). A `user`'s first property makes them an
 * `owner`, in the same transaction.
 */
export async function registerProperty(
  deps: AppDeps,
  caller: Caller,
  body: PropertyRegisterBody,
): Promise<Property> {
  const staff = isStaff(caller);
  if (!staff && body.owner_email !== undefined && body.owner_email !== caller.email) {
    throw forbidden(m.ownerOnlyForStaff);
  }
  if (staff && body.owner_email === undefined) {
    throw invalidField('owner_email', m.ownerEmailRequired);
  }
  const id = newId();
  const now = new Date();
  await mapCnpjTaken(
    deps.db.transaction(async (tx) => {
      let ownerId = caller.id;
      if (staff) {
        // Locked so the account cannot turn technician or be disabled halfway.
        const [producer] = await tx
          .select()
          .from(users)
          .where(eq(users.email, body.owner_email!))
          .for('update');
        if (
          !producer ||
          !PRODUCER_ROLES.includes(producer.role) ||
          producer.pending ||
          producer.disabled
        ) {
          throw invalidField('owner_email', m.ownerNotProducer);
        }
        ownerId = producer.id;
      }
      await tx
        .insert(properties)
        .values({ id, ownerId, ...columns(body), createdAt: now, updatedAt: now });
      await tx
        .update(users)
        .set({ role: 'owner', updatedAt: now })
        .where(and(eq(users.id, ownerId), eq(users.role, 'user')));
    }),
  );
  return getProperty(deps, caller, id);
}

/** Every field again, under the registration's rules; the owner stays. */
export async function editProperty(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: PropertyBody,
): Promise<Property> {
  const [updated] = await mapCnpjTaken(
    deps.db
      .update(properties)
      .set({ ...columns(body), updatedAt: new Date() })
      .where(and(eq(properties.id, id), visibleTo(caller)))
      .returning({ id: properties.id }),
  );
  if (!updated) throw notFound();
  return getProperty(deps, caller, id);
}
