/**
 * The Usuários table (issue 43): filters by role and status, the search, every sort key both ways
 * and their combinations with paging, each page one statement with its total, and the export of
 * the view. The spec's calls without these parameters answer as before (users.test.ts).
 */
import {
  ManagedUserSchema,
  messages,
  ROLE_LABELS,
  USER_SORT_KEYS,
  type ManagedUser,
  type Role,
  type UserSortKey,
} from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { csvColumn } from '../support/csv';
import { walkPages } from '../support/pages';
import { buildTestApp, type TestApp } from '../support/test-app';

const ALL = '/api/user/all';
const SEARCH = '/api/user/search';
const DAY = 86_400_000;
const ROLES_USED: Role[] = ['user', 'owner', 'technician', 'admin', 'staff'];
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Davi', 'Elisa', 'Fábio', 'Gilda', 'Hugo', 'Íris'];

let t: TestApp;
let admin: UserRow;
/** Every account of the database, the caller included. */
const everyone: UserRow[] = [];

const get = async (url: string, caller: UserRow | null = admin) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });
const page = (body: unknown) => z.array(ManagedUserSchema.strict()).parse(body);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, {
    role: 'admin',
    firstName: 'Zuleica',
    lastName: 'Admin',
    email: 'zuleica.admin@exemplo.com.br',
    createdAt: new Date(Date.now() - 400 * DAY),
  });
  everyone.push(admin);
  for (let n = 0; n < 27; n++) {
    const firstName = FIRST_NAMES[n % FIRST_NAMES.length]!;
    everyone.push(
      await createUser(t.db, {
        role: ROLES_USED[n % ROLES_USED.length],
        firstName,
        lastName: `Souza ${String.fromCharCode(97 + ((n * 11) % 26))}${n}`,
        // E-mails in another order than the names.
        email: `${String.fromCharCode(122 - ((n * 7) % 26))}${n}.conta@exemplo.com.br`,
        disabled: n % 4 === 1,
        pending: n % 5 === 2,
        createdAt: new Date(Date.now() - (n * 13 + 1) * DAY),
      }),
    );
  }
});

/** Every page of a view, `size` rows at a time, with the totals the pages announced. */
const walk = (query: string, size: number, url = ALL) =>
  walkPages((path) => get(path), `${url}?${query}`, size, page);

const statusRank = (user: { disabled: boolean; pending: boolean }) =>
  user.disabled ? 2 : user.pending ? 1 : 0;
const roleRank = (role: Role) =>
  Object.values(ROLE_LABELS)
    .sort((a, b) => a.localeCompare(b, 'pt-BR'))
    .indexOf(ROLE_LABELS[role]);

describe('GET /api/user/all: the Usuários table', () => {
  it('answers 401, then 403 to everyone but admins, then 422 naming each malformed parameter', async () => {
    expect((await get(`${ALL}?role=admin`, null)).statusCode).toBe(401);
    const technician = everyone.find((user) => user.role === 'technician' && !user.disabled)!;
    expect((await get(`${ALL}?role=admin`, technician)).statusCode).toBe(403);
    for (const [param, value, message] of [
      ['role', 'chefe', messages.users.roleFilterInvalid],
      ['status', 'ativo', messages.users.statusFilterInvalid],
      ['sort', 'cpf', messages.common.sortInvalid(USER_SORT_KEYS)],
      ['sort', '--name', messages.common.sortInvalid(USER_SORT_KEYS)],
    ] as const) {
      for (const url of [ALL, SEARCH]) {
        const response = await get(`${url}?${param}=${value}`);
        expect(response.statusCode, `${url} ${param}`).toBe(422);
        expect(response.json().detail[0]).toMatchObject({
          loc: ['querystring', param],
          msg: message,
        });
      }
    }
  });

  it.each<[string, (user: UserRow) => boolean]>([
    ['role=admin', (user) => user.role === 'admin'],
    ['role=technician', (user) => user.role === 'technician'],
    ['role=user', (user) => user.role === 'user'],
    ['status=active', (user) => !user.disabled],
    ['status=inactive', (user) => user.disabled],
    ['role=owner&status=active', (user) => user.role === 'owner' && !user.disabled],
    ['role=staff&status=inactive', (user) => user.role === 'staff' && user.disabled],
    ['role=', () => true],
  ])(
    '%s lists exactly the matching accounts, by name, every page with the same total',
    async (query, keep) => {
      const expected = (await walk('sort=name', 50)).rows
        .filter((row) => keep(everyone.find((user) => user.id === row.id)!))
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      const { ids, totals } = await walk(query, 3);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([String(expected.length)]);
    },
  );

  it('lists by name in the order of the spec list, which it leaves as it was', async () => {
    const spec = await get(`${ALL}?limit=500`);
    const table = await walk('sort=name', 4);
    expect(table.ids).toEqual(page(spec.json()).map((user) => user.id));
    expect(table.totals).toEqual([spec.headers['x-total-count']]);
    expect(table.ids).toHaveLength(everyone.length);
  });

  it.each(USER_SORT_KEYS)(
    'sorts by %s both ways, ties broken the same way on every page',
    async (key) => {
      const ascending = await walk(`sort=${key}`, 4);
      const descending = await walk(`sort=-${key}`, 4);
      expect(ascending.ids).toHaveLength(everyone.length);
      expect(new Set(ascending.ids).size).toBe(everyone.length);
      expect(descending.ids).toEqual([...ascending.ids].reverse());
      const value = (row: ManagedUser): string | number => {
        const values: Record<UserSortKey, string | number> = {
          name: ascending.ids.indexOf(row.id),
          email: row.email,
          role: roleRank(row.role),
          status: statusRank(row),
          created_at: row.created_at,
        };
        return values[key];
      };
      const values = ascending.rows.map(value);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      if (key === 'status') expect(new Set(values).size).toBe(3);
    },
  );

  it('searches by name, e-mail or CPF within the filters, sorted, through /search', async () => {
    const souzas = everyone.filter((user) => user.lastName.startsWith('Souza'));
    const active = souzas.filter((user) => !user.disabled && user.firstName === 'Ana');
    const { rows, totals } = await walk(
      'query=ana%20souza&status=active&sort=-created_at',
      1,
      SEARCH,
    );
    expect(rows.map((row) => row.id)).toEqual(
      [...active].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((u) => u.id),
    );
    expect(totals).toEqual([String(active.length)]);
    const byCpf = everyone[5]!;
    const masked = byCpf.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    expect((await walk(`query=${masked}&sort=name`, 5, SEARCH)).ids).toEqual([byCpf.id]);
    expect(
      (await walk(`query=${encodeURIComponent(byCpf.email)}&role=${byCpf.role}`, 5, SEARCH)).ids,
    ).toEqual([byCpf.id]);
  });

  it('answers the total past the last page and for no match, with no rows', async () => {
    const technicians = everyone.filter((user) => user.role === 'technician').length;
    const past = await get(`${ALL}?role=technician&limit=10&offset=200`);
    expect(page(past.json())).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(technicians));
    const none = await get(
      `${SEARCH}?query=${encodeURIComponent('ninguém mesmo')}&sort=email&offset=20`,
    );
    expect(page(none.json())).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('costs one statement per page, whatever its size, filters and offset', async () => {
    const headers = await t.auth(admin);
    for (const query of [
      `${ALL}?role=owner&limit=2`,
      `${ALL}?status=inactive&sort=-created_at&limit=50`,
      `${SEARCH}?query=souza&role=staff&sort=role&limit=5&offset=300`,
    ]) {
      const statements = await t.queriesDuring(() => t.app.inject({ url: query, headers }));
      // The guard reads the caller; the page and its total are the one statement after it.
      expect(statements, query).toHaveLength(2);
    }
  });

  it('exports the view as it is on screen: the same filters, search and order', async () => {
    const query = 'status=active&query=souza&sort=-email';
    const { rows } = await walk(query, 5, SEARCH);
    for (const format of ['csv', 'xlsx']) {
      const response = await get(`/api/export/users.${format}?${query}`);
      expect(response.statusCode, format).toBe(200);
    }
    const emails = csvColumn((await get(`/api/export/users.csv?${query}`)).body, 'E-mail');
    expect(emails).toEqual(rows.map((row) => row.email));
    expect(emails.length).toBeGreaterThan(5);
    const refused = await get('/api/export/users.csv?status=talvez');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['querystring', 'status']);
  });
});
