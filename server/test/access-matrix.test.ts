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
  t = await buildTestApp();
  fx = await buildFixture(t);
});

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

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
