import {
  ROLE_LABELS,
  ROLES,
  type ManagedUser,
  type UserFilter,
  type UserSortKey,
} from '@agroselo/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Page } from '../../lib/pagination';
import { searchPattern, userSearchTerm } from '../../lib/search';
import { readTablePage, tableSort, type TableSort } from '../../lib/table-page';
import { MANAGED_USER_COLUMNS, managedUserFromRow } from './present';

/** The roles in the order of their labels, as the table shows them. */
const roleOrder = sql`case ${users.role} ${sql.raw(
  [...ROLES]
    .sort((a, b) => ROLE_LABELS[a].localeCompare(ROLE_LABELS[b], 'pt-BR'))
    .map((role, at) => `when '${role}' then ${at}`)
    .join(' '),
)} end`;

/** The sort value of each column; `name` is the spec's list order (users_list_idx). */
const USER_SORT_COLUMNS: Record<UserSortKey, SQL> = {
  name: sql`${users.searchText}`,
  email: sql`${users.email}`,
  role: roleOrder,
  // Active, then active with the e-mail still unconfirmed, then disabled.
  status: sql`case when ${users.disabled} then 2 when ${users.pending} then 1 else 0 end`,
  created_at: sql`${users.createdAt}`,
};

/** The table's order: the column asked for, or the spec's alphabetical one. */
export const userTableSort = (sort: string | undefined): TableSort =>
  tableSort(USER_SORT_COLUMNS, sort, 'name');

export type UserTableQuery = Partial<UserFilter> & { query?: string };

/** The Usuários table's filters and search (name, e-mail or CPF) as one condition on `users`. */
export function userTableWhere(filter: UserTableQuery): SQL | undefined {
  const term = userSearchTerm(filter.query ?? '');
  return and(
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.disabled, filter.status === 'inactive') : undefined,
    term ? sql`${users.searchText} like ${searchPattern(term)}` : undefined,
  );
}

/**
 * Any parameter of the table (a filter or a sort): what the spec's calls never send, so they keep
 * their prepared statements and trigger-kept totals (service.ts).
 */
export const isUserTableQuery = (query: UserFilter): boolean =>
  query.role !== undefined || query.status !== undefined || query.sort !== undefined;

const COLUMNS = Object.values(MANAGED_USER_COLUMNS).map((column) => sql`${column}`);

/** A page of the Usuários table and its total in one statement (lib/table-page.ts). */
export function listUserTable(
  db: Db,
  query: UserTableQuery & { limit: number; offset: number },
): Promise<Page<ManagedUser>> {
  return readTablePage(
    db,
    {
      source: sql`${users}`,
      where: userTableWhere(query),
      ...userTableSort(query.sort),
      id: sql`${users.id}`,
      limit: query.limit,
      offset: query.offset,
      columns: COLUMNS,
      rows: sql`left join ${users} on ${users.id} = page.id`,
    },
    managedUserFromRow,
  );
}
