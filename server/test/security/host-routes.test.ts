import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { SUBJECTS, type Subject } from '../access-matrix';
import { buildTestApp, type TestApp } from '../support/test-app';
import { hostileString, queryString } from './hostile';
import { countChanges, leaksIn, missingSecurityHeaders, tableCounter } from './routes';

/**
 * The host's routes (/healthz, /readyz, /metrics: issue 44) live outside /api and out of the
 * OpenAPI document, so the access matrix and the fuzz gate, which walk that document, do not reach
 * them. This is their matrix and their fuzzing, held to the same rules: every subject, every
 * credential, hostile headers, methods and query strings; no 5xx, no internals or secrets, the
 * security headers on every answer, no row written, and the metrics only for their own token.
 */
const TOKEN = 'metricas-do-host-'.padEnd(48, 'k');
const JWT_SECRET = 'test-secret-test-secret-test-secret-1234';
const SEED = Number(process.env.FUZZ_SEED ?? 1212);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_200) / 4;

export const HOST_ROUTES = ['/healthz', '/readyz', '/metrics'] as const;
type HostRoute = (typeof HOST_ROUTES)[number];

/** A subject's status on each route: with its own session token, and with the metrics token. */
const EXPECT: Record<HostRoute, { session: (subject: Subject) => number; metricsToken: number }> = {
  '/healthz': { session: () => 200, metricsToken: 200 },
  '/readyz': { session: () => 200, metricsToken: 200 },
  // A session token, an admin's included, is not the metrics token.
  '/metrics': { session: (subject) => (subject === 'anonymous' ? 401 : 403), metricsToken: 200 },
};

let t: TestApp;
let users: Record<Exclude<Subject, 'anonymous'>, UserRow>;
let countRows: () => Promise<Record<string, number>>;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '100000000' });
  const [pending, user, owner, otherOwner, technician, admin] = await Promise.all([
    createUser(t.db, { role: 'user', pending: true }),
    createUser(t.db, { role: 'user' }),
    createUser(t.db, { role: 'owner' }),
    createUser(t.db, { role: 'owner' }),
    createUser(t.db, { role: 'technician' }),
    createUser(t.db, { role: 'admin' }),
  ]);
  users = { pending, user, owner, otherOwner, technician, admin };
  countRows = await tableCounter(t);
});

const sessionOf = async (subject: Subject): Promise<{ authorization?: string }> =>
  subject === 'anonymous' ? {} : t.auth(users[subject]);

/** What is wrong with an answer, whatever was asked. */
function problemsOf(
  url: string,
  response: Awaited<ReturnType<TestApp['app']['inject']>>,
  secrets: string[],
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500 && !(url.startsWith('/readyz') && status === 503))
    problems.push(`answered ${status}: ${response.body.slice(0, 200)}`);
  const leaks = leaksIn(response.body, secrets, status >= 400);
  if (leaks.length) problems.push(`leaks ${leaks.join(', ')}`);
  problems.push(...missingSecurityHeaders(url, status, response.headers));
  // The routes' own answers; the app's answers before them (a NUL in the query string's 422, the
  // not-found handler's 404) are the fuzz gate's.
  const own =
    (HOST_ROUTES as readonly string[]).includes(url.split('?')[0]!) &&
    [200, 401, 403, 503].includes(status);
  if (own && response.headers['cache-control'] !== 'no-store')
    problems.push(`Cache-Control "${String(response.headers['cache-control'])}"`);
  if (status >= 400 && response.body && String(response.headers['content-type']).includes('json')) {
    const body = response.json<{ detail?: unknown; status?: unknown }>();
    if (body.detail === undefined && body.status === undefined)
      problems.push(`a ${status} without detail: ${response.body.slice(0, 200)}`);
  }
  return problems;
}

it('answers every subject on every host route as its table says, with and without the token', async () => {
  const mismatches: string[] = [];
  const before = await countRows();
  for (const route of HOST_ROUTES) {
    for (const subject of SUBJECTS) {
      const session = await sessionOf(subject);
      const asked: [string, Record<string, string>, number][] = [
        ['session', session, EXPECT[route].session(subject)],
        ['metrics token', { authorization: `Bearer ${TOKEN}` }, EXPECT[route].metricsToken],
      ];
      for (const [credential, headers, expected] of asked) {
        const response = await t.app.inject({ url: route, headers });
        const secrets = [JWT_SECRET, TOKEN, session.authorization?.slice(7) ?? ''];
        const problems = problemsOf(route, response, secrets);
        if (response.statusCode !== expected || problems.length)
          mismatches.push(
            `${route} as ${subject} with ${credential}: expected ${expected}, got ` +
              `${response.statusCode} ${problems.join('; ')}`,
          );
      }
    }
  }
  expect(mismatches).toEqual([]);
  expect(countChanges(before, await countRows())).toEqual([]);
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** An Authorization header near the real one, or far from it. */
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constant(`Bearer ${TOKEN}`),
  fc.constantFrom(
    `Bearer ${TOKEN} `,
    `Bearer  ${TOKEN}`,
    `Bearer ${TOKEN.slice(0, -1)}`,
    `Bearer ${TOKEN}${TOKEN}`,
    `Basic ${TOKEN}`,
    `Token ${TOKEN}`,
    TOKEN,
    'Bearer',
    'Bearer ',
    `Bearer ${'a'.repeat(10_000)}`,
  ),
  hostileString.filter((text) => !/[\r\n\0]/.test(text) && text.length < 5_000),
  hostileString
    .filter((text) => !/[\r\n\0]/.test(text) && text.length < 5_000)
    .map((text) => `Bearer ${text}`),
);

/** Paths beside the host's routes: suffixes, case, dots, encodings. */
const path = fc.oneof(
  fc.constantFrom(...HOST_ROUTES),
  fc.constantFrom(
    '/healthz/',
    '/readyz/x',
    '/metrics/',
    '/METRICS',
    '/Healthz',
    '/metrics/..',
    '/metrics%2f',
    '/%6detrics',
    '/metrics;x',
    '//metrics',
  ),
);

it('answers hostile requests to the host routes without breaking, and the metrics only to the token', async () => {
  const probes = fc.sample(
    fc.record({
      method: fc.constantFrom(...METHODS),
      path,
      query: queryString([]),
      authorization,
      subject: fc.constantFrom(...SUBJECTS),
    }),
    { seed: SEED, numRuns: RUNS },
  );
  const problems: string[] = [];
  const before = await countRows();
  for (const probe of probes) {
    const url = `${probe.path}${probe.query}`;
    const session = await sessionOf(probe.subject);
    const headers =
      probe.authorization === undefined ? session : { authorization: probe.authorization };
    const response = await t.app.inject({
      method: probe.method as InjectOptions['method'],
      url,
      headers,
    });
    const secrets = [JWT_SECRET, session.authorization?.slice(7) ?? ''];
    // The token is in the answer only where it was sent wrong: never on a 200 of the metrics.
    if (response.statusCode === 200) secrets.push(TOKEN);
    const found = problemsOf(url, response, secrets);
    const metricsServed = response.body.includes('http_request_duration_seconds');
    const exactToken = /^bearer (\S+)$/i.exec(String(probe.authorization))?.[1] === TOKEN;
    if (metricsServed && !exactToken) found.push('metrics served without the exact token');
    if (metricsServed && probe.path !== '/metrics') found.push('metrics served at another path');
    if (found.length)
      problems.push(
        `${probe.method} ${url.slice(0, 120)} as ${probe.subject} ` +
          `${JSON.stringify(String(probe.authorization).slice(0, 80))} → ${response.statusCode}: ${found.join('; ')}`,
      );
  }
  expect(problems.slice(0, 20), `${problems.length} problems in ${probes.length} requests`).toEqual(
    [],
  );
  expect(countChanges(before, await countRows())).toEqual([]);
}, 120_000);
