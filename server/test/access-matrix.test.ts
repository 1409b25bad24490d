import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import {
  ACCESS_MATRIX,
  buildFixture,
  PASSES,
  splitRoute,
  SUBJECTS,
  type Expectation,
  type Fixture,
} from './access-matrix';
import { buildTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let fx: Fixture;

beforeAll(async () => {
  // Both passes call every route as every subject: more than a minute's flood allowance.
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  fx = await buildFixture(t);
});

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const invalidPath = (path: string) => path.replace(UUID, 'nao-e-um-id');
const INVALID_QUERY = 'limit=nada&offset=-1&safra=1999';
/** A list of lists: no route's body has that shape, JSON or multipart (which also takes JSON). */
const INVALID_BODY = { payload: '[[]]', headers: { 'content-type': 'application/json' } };
/** An Idempotency-Key no write takes (a control character): refused after the guard, too. */
const INVALID_KEY = { 'idempotency-key': 'chave\u0001inválida' };
/** Whether the invalid call must fail validation: it garbled ids, or sent a body where one goes. */
const validates = (row: (typeof ACCESS_MATRIX)[number], path: string, validPath: string) =>
  path !== validPath ||
  (row.body !== undefined && !row.route.startsWith('GET') && !row.route.startsWith('DELETE'));

const meets = (expected: Expectation, status: number) =>
  expected === PASSES ? status !== 401 && status !== 403 && status < 500 : status === expected;

it('has a row for every API route the server documents, and none for routes it lacks', () => {
  const spec = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const documented = Object.entries(spec.paths ?? {})
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => HTTP_METHODS.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  const inTable = [...new Set(ACCESS_MATRIX.map((row) => row.route))];
  expect(inTable.sort()).toEqual(documented.sort());
});

it('answers every subject on every endpoint as the access matrix says', async () => {
  const mismatches: string[] = [];
  for (const [index, row] of ACCESS_MATRIX.entries()) {
    const { method, url } = splitRoute(row.route);
    // Every write carries an Idempotency-Key, one per row and the same for every subject: keys
    // are per user, so each subject gets its own answer, and a key never takes anyone past a guard.
    const key = method === 'GET' ? {} : { 'idempotency-key': `matriz-${index}` };
    for (const subject of SUBJECTS) {
      const body = row.body ? await row.body(fx, subject) : {};
      const auth = subject === 'anonymous' ? {} : await t.auth(fx.users[subject]);
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url: row.path?.(fx, subject) ?? url,
        payload: body.payload,
        headers: { ...body.headers, ...key, ...auth },
      });
      const expected = row.expect[subject];
      const refusedInPortuguese =
        ![401, 403].includes(response.statusCode) ||
        typeof response.json<{ detail?: unknown }>().detail === 'string';
      if (!meets(expected, response.statusCode) || !refusedInPortuguese) {
        mismatches.push(
          `${row.route}${row.case ? ` (${row.case})` : ''} as ${subject}: expected ${expected}, ` +
            `got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
    }
  }
  expect(mismatches).toEqual([]);
});

/**
 * The same calls with every part a route validates made invalid: ids that are not ids, a query
 * out of range, a body of the wrong shape, an Idempotency-Key that is none. A caller without a
 * token still gets 401 and a role
 * that may never call the route 403 (DESIGN §6: the guard runs before validation, so a refused
 * caller never learns the schema); every other answer is the validation's 4xx, never a 5xx nor a
 * success.
 */
it('refuses before it validates: 401, then 403 by role, then 422', async () => {
  const mismatches: string[] = [];
  for (const row of ACCESS_MATRIX) {
    const { method, url } = splitRoute(row.route);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    for (const subject of SUBJECTS) {
      const auth = subject === 'anonymous' ? {} : await t.auth(fx.users[subject]);
      const path = invalidPath(row.path?.(fx, subject) ?? url);
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url: `${path}${path.includes('?') ? '&' : '?'}${INVALID_QUERY}`,
        ...(hasBody ? { payload: INVALID_BODY.payload } : {}),
        headers: {
          ...(hasBody ? INVALID_BODY.headers : {}),
          ...(method === 'GET' ? {} : INVALID_KEY),
          ...auth,
        },
      });
      const expected = row.invalid?.[subject] ?? row.expect[subject];
      const exact = expected === 401 || expected === 403 || row.invalid?.[subject] !== undefined;
      const ok = exact
        ? meets(expected, response.statusCode)
        : response.statusCode < 500 &&
          (response.statusCode >= 400 || !validates(row, path, row.path?.(fx, subject) ?? url));
      if (!ok) {
        mismatches.push(
          `${row.route}${row.case ? ` (${row.case})` : ''} as ${subject}: expected ` +
            `${exact ? expected : 'a 4xx'}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
      }
    }
  }
  expect(mismatches).toEqual([]);
});
