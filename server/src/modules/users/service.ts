import {
  messages,
  PRODUCER_ROLES,
  type ManagedUser,
  type SetTechnicianBody,
  type UserEvent,
  type UserEventListQuery,
  type UserEventType,
  type UserListQuery,
} from '@agroselo/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { listCounts, userEvents, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import {
  pageFrom,
  pageOfRows,
  rawPage,
  totalStatement,
  windowTotal,
  type Page,
} from '../../lib/pagination';
import { prepared, unseenPlaceholder } from '../../lib/prepared';
import { rawStatement } from '../../lib/raw-statement';
import { dataVersion, searchPageOfRows, searchTotals } from '../../lib/search-totals';
import { searchPattern, userSearchTerm } from '../../lib/search';
import type { Caller } from '../../plugins/auth';
import { recordUserEvent } from './events';
import { isUserTableQuery, listUserTable } from './table';
import {
  MANAGED_USER_COLUMNS,
  MANAGED_USER_WIDTH,
  managedUserFromRow,
  presentManagedUser,
  presentUserEvent,
} from './present';

type UserRow = typeof users.$inferSelect;

/**
 * One statement per page, prepared with and without a search: the page walks users_list_idx
 * (alphabetical order; search_text starts with the names, lower-cased and unaccented) and the
 * total is the counter triggers keep, or a count of the matches (docs/decisions/010). The page is
 * a raw statement presented as it is read (lib/raw-statement.ts).
 */
function userPageQuery(db: Db, name: string, searching: boolean) {
  const where = searching ? sql`${users.searchText} like ${sql.placeholder('pattern')}` : undefined;
  // A search's rows carry the version of the data instead of a total: its total is counted
  // once per version (lib/search-totals.ts).
  const counted = searching
    ? sql`(${db.select({ total: count() }).from(users).where(where)})`
    : sql`(select ${listCounts.total} from ${listCounts} where ${listCounts.name} = 'users')`;
  const total = searching ? sql<number | null>`null` : counted;
  const version = searching ? dataVersion('user-search') : sql<string | null>`null`;
  return {
    rows: rawStatement(
      db,
      name,
      () =>
        db
          .select({
            ...MANAGED_USER_COLUMNS,
            total: total.as('total'),
            version: version.as('version'),
          })
          .from(users)
          .where(where)
          .orderBy(asc(users.searchText), asc(users.id))
          // The whole list's plan is cached (see unseenPlaceholder); a search is planned for its term.
          .limit(searching ? sql.placeholder('limit') : unseenPlaceholder('limit'))
          .offset(searching ? sql.placeholder('offset') : unseenPlaceholder('offset'))
          .getSQL(),
      rawPage(managedUserFromRow, MANAGED_USER_WIDTH, MANAGED_USER_WIDTH + 1),
    ),
    // Past the last page no row carries the total: only then is it asked for on its own.
    totalOnly: totalStatement(db, name, counted, version),
  };
}

/**
 * The Usuários screen: every account, or those whose name, e-mail or CPF holds `query`. The
 * table's filters and sort (DESIGN §4c) go to its own statement (table.ts).
 */
export async function listUsers(
  deps: AppDeps,
  query: UserListQuery & { query?: string },
): Promise<Page<ManagedUser>> {
  if (isUserTableQuery(query)) return listUserTable(deps.db, query);
  const term = userSearchTerm(query.query ?? '');
  const name = term ? 'users_search' : 'users_all';
  const statements = prepared(deps.db, `${name}_statements`, (db) =>
    userPageQuery(db, name, Boolean(term)),
  );
  const values = {
    limit: query.limit,
    offset: query.offset,
    ...(term ? { pattern: searchPattern(term) } : {}),
  };
  const page = await statements.rows.execute(values);
  const countAll = async () => (await statements.totalOnly.execute(values))[0];
  if (term)
    return searchPageOfRows(page, {
      offset: query.offset,
      totals: prepared(deps.db, 'users_search_totals', () => searchTotals()),
      key: values.pattern ?? '',
      count: countAll,
    });
  return pageOfRows(page, {
    offset: query.offset,
    countPastEnd: async () => (await countAll())?.total ?? 0,
  });
}

const actor = alias(users, 'actor');

/** The history of one account, newest first. */
export async function listUserEvents(
  deps: AppDeps,
  userId: string,
  query: UserEventListQuery,
): Promise<Page<UserEvent>> {
  const rows = await deps.db
    .select({
      event: userEvents,
      actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
      total: windowTotal(),
    })
    .from(userEvents)
    .leftJoin(actor, eq(actor.id, userEvents.actorId))
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(query.limit)
    .offset(query.offset);
  if (rows.length === 0) {
    // Only an empty page asks whether the account exists at all, so a page costs one query.
    const [target] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!target) throw notFound(messages.users.notFound);
  }
  return pageFrom(rows, presentUserEvent, {
    offset: query.offset,
    countPastEnd: async () => {
      const [counted] = await deps.db
        .select({ total: count() })
        .from(userEvents)
        .where(eq(userEvents.userId, userId));
      return counted?.total ?? 0;
    },
  });
}

interface Change {
  set: PgUpdateSetSource<typeof users>;
  event: UserEventType;
  data?: Record<string, string>;
}

/**
 * Locks the account, lets `decide` refuse or describe the change (null: nothing to change), then
 * writes the change and its history entry in the same transaction.
 */
async function changeUser(
  deps: AppDeps,
  caller: Caller,
  userId: string,
  decide: (target: UserRow) => Change | null,
): Promise<ManagedUser> {
  const row = await deps.db.transaction(async (tx: Db) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound(messages.users.notFound);
    const change = decide(target);
    if (!change) return target;
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ ...change.set, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await recordUserEvent(tx, {
      userId,
      actorId: caller.id,
      type: change.event,
      data: change.data,
      at: now,
    });
    return updated!;
  });
  return presentManagedUser(row);
}

/** Admins cannot be disabled, nor can one disable oneself; every token of the account ends. */
export const disableUser = (deps: AppDeps, caller: Caller, userId: string) =>
  changeUser(deps, caller, userId, (target) => {
    if (target.id === caller.id) throw forbidden(messages.users.cannotDisableSelf);
    if (target.role === 'admin') throw forbidden(messages.users.cannotDisableAdmin);
    if (target.disabled) return null;
    return {
      set: { disabled: true, tokenVersion: sql`${users.tokenVersion} + 1` },
      event: 'disabled',
    };
  });

export const enableUser = (deps: AppDeps, caller: Caller, userId: string) =>
  changeUser(deps, caller, userId, (target) =>
    target.disabled ? { set: { disabled: false }, event: 'enabled' } : null,
  );

/** Spec §4: a producer account (user or owner) becomes a technician with its CREA. */
export const setTechnician = (
  deps: AppDeps,
  caller: Caller,
  userId: string,
  body: SetTechnicianBody,
) =>
  changeUser(deps, caller, userId, (target) => {
    if (!PRODUCER_ROLES.includes(target.role))
      throw conflict(messages.users.technicianFromProducerOnly);
    return {
      set: { role: 'technician', crea: body.crea },
      event: 'promoted_technician',
      data: { from: target.role, crea: body.crea },
    };
  });

/** 'Tornar Administrador': any active account that is not one yet. */
export const setAdmin = (deps: AppDeps, caller: Caller, userId: string) =>
  changeUser(deps, caller, userId, (target) => {
    if (target.role === 'admin') throw conflict(messages.users.alreadyAdmin);
    if (target.disabled) throw conflict(messages.users.adminMustBeActive);
    return { set: { role: 'admin' }, event: 'promoted_admin', data: { from: target.role } };
  });
