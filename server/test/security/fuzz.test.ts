import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import {
  ACCESS_MATRIX,
  buildFixture,
  SUBJECTS,
  type Fixture,
  type Subject,
} from '../access-matrix';
import { buildTestApp, type TestApp } from '../support/test-app';
import {
  bodyPlan,
  buildBody,
  idempotencyKeyHeader,
  pathValue,
  queryString,
  RAW_JSON_BODIES,
  type BodyPlan,
} from './hostile';
import {
  apiRoutes,
  countChanges,
  fillPath,
  leaksIn,
  missingSecurityHeaders,
  tableCounter,
  type ApiRoute,
} from './routes';

/**
 * Hostile input never breaks anything (issue #12 item 3): every route the running app documents,
 * as every subject, gets generated bodies, query strings and path ids. No answer is a 5xx, none
 * carries internals or secrets, every one carries the security headers, and a refused request
 * leaves every table's row count as it was.
 *
 * The seed is fixed, so a run is repeatable; the runs per route and subject shrink as routes are
 * added, so the suite keeps its time (FUZZ_RUNS raises the total for a longer local hunt).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1212);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 1_200);
// Recorded by design, answer 4xx or not: a wrong password or code (the per-account limit), and
// a refusal a route itself answered under an Idempotency-Key (kept as that key's answer).
const WRITTEN_ON_REFUSAL = ['auth_failures', 'idempotency_keys'];

let t: TestApp;
let fx: Fixture;
let routes: ApiRoute[];
let countRows: () => Promise<Record<string, number>>;
const secret = 'test-secret-test-secret-test-secret-1234';

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
  fx = await buildFixture(t);
  routes = apiRoutes(t);
  countRows = await tableCounter(t);
});

/** The subject's bearer header from its current row (a fuzzed e-mail change ends older tokens). */
async function authOf(subject: Subject): Promise<Record<string, string>> {
  if (subject === 'anonymous') return {};
  const [row] = await t.db.select().from(users).where(eq(users.id, fx.users[subject].id));
  return row ? t.auth(row) : {};
}

const validRows = (route: ApiRoute) => ACCESS_MATRIX.filter((row) => row.route === route.key);

/** Real ids for each path parameter, from the access matrix's concrete paths. */
function validPathIds(route: ApiRoute): Record<string, string[]> {
  const ids: Record<string, string[]> = Object.fromEntries(route.pathParams.map((p) => [p, []]));
  const pattern = new RegExp(
    `^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/?]+)')}`,
  );
  for (const row of validRows(route)) {
    const groups = row.path ? pattern.exec(row.path(fx))?.groups : undefined;
    for (const [name, value] of Object.entries(groups ?? {})) ids[name]?.push(value);
  }
  return ids;
}

interface Probe {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  subject: Subject;
  plan: BodyPlan | { kind: 'fixed'; label: string };
  body: Pick<InjectOptions, 'payload' | 'headers'>;
  remote: string;
  /** Idempotency-Key, on writes. */
  key?: string | undefined;
}

const describeProbe = (probe: Probe) => {
  const payload = probe.body.payload === undefined ? '' : String(probe.body.payload as string);
  const key = probe.key === undefined ? '' : ` key ${JSON.stringify(probe.key.slice(0, 40))}`;
  return (
    `${probe.method} ${probe.url.slice(0, 200)} as ${probe.subject}, ${probe.plan.kind}${key}` +
    ` ${JSON.stringify((probe.body.headers as Record<string, string> | undefined)?.['content-type'] ?? '')}` +
    ` ${JSON.stringify(payload.slice(0, 200))}`
  );
};

/** Sends one probe and lists what went wrong with its answer. */
async function send(probe: Probe): Promise<string[]> {
  const auth = await authOf(probe.subject);
  const before = await countRows();
  const response = await t.app.inject({
    method: probe.method,
    url: probe.url,
    payload: probe.body.payload,
    headers: {
      ...(probe.body.headers as Record<string, string>),
      ...auth,
      ...(probe.key === undefined ? {} : { 'idempotency-key': probe.key }),
    },
    remoteAddress: probe.remote,
  });
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${response.body.slice(0, 200)}`);
  const token = auth.authorization?.slice('Bearer '.length) ?? '';
  const leaks = leaksIn(response.body, [secret, token], status >= 400);
  if (leaks.length) problems.push(`body leaks ${leaks.join(', ')}: ${response.body.slice(0, 300)}`);
  problems.push(...missingSecurityHeaders(probe.url, status, response.headers));
  if (status >= 400 && status < 500) {
    const changes = countChanges(before, await countRows(), WRITTEN_ON_REFUSAL);
    if (changes.length) problems.push(`answered ${status} yet wrote rows: ${changes.join(', ')}`);
  }
  if (status >= 400 && status < 500 && String(response.headers['content-type']).includes('json')) {
    const detail = response.json<{ detail?: unknown }>().detail;
    if (detail === undefined)
      problems.push(`a ${status} without detail: ${response.body.slice(0, 200)}`);
  }
  return problems.map((problem) => `${describeProbe(probe)}\n    → ${problem}`);
}

const loopback = fc.tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }));

function probes(route: ApiRoute, subject: Subject, runs: number, seed: number) {
  const ids = validPathIds(route);
  const validBody = validRows(route).find((row) => row.body)?.body;
  const arbitrary = fc.record({
    params: fc.record(
      Object.fromEntries(route.pathParams.map((name) => [name, pathValue(ids[name] ?? [])])),
    ),
    query: queryString(route.queryParams),
    plan: bodyPlan(route.bodyFields, validBody !== undefined),
    remote: loopback.map(([a, b, c]) => `127.${a}.${b}.${c}`),
    key: route.method === 'GET' ? fc.constant(undefined) : idempotencyKeyHeader,
  });
  return fc.sample(arbitrary, { seed, numRuns: runs }).map(async (sample) => {
    const valid = validBody ? await validBody(fx, subject) : undefined;
    return {
      method: route.method,
      url: fillPath(route, sample.params) + sample.query,
      subject,
      plan: sample.plan,
      body: await buildBody(sample.plan, valid),
      remote: sample.remote,
      key: sample.key,
    } satisfies Probe;
  });
}

/** The concrete paths the access matrix reads a route by, or its own path. */
function readPaths(route: ApiRoute, subject: Subject): string[] {
  const rows = validRows(route);
  if (rows.length === 0) return [route.path];
  return [...new Set(rows.map((row) => (row.path ? row.path(fx, subject) : route.path)))];
}

/**
 * Lists no fixture can give rows to a subject, by rule: a verified account without properties
 * waits for nothing and owns nothing.
 */
const EMPTY_BY_RULE: readonly string[] = [
  // Publication consents are of the caller's own requests: staff and a user without a farm have none.
  'GET /api/auth/publication-consents as user',
  'GET /api/auth/publication-consents as technician',
  'GET /api/auth/publication-consents as admin',
  'GET /api/process-instance/pending as user',
  'GET /api/property/all as user',
  'GET /api/property/search as user',
];

// First, on the fixture as built: the fuzzing below writes and deletes rows.
it('counts every list past its last page, as every subject that may read it', async () => {
  const lists = routes.filter((route) => route.method === 'GET' && route.answersArray);
  expect(lists.length, 'no list route in OpenAPI').toBeGreaterThan(5);
  const problems: string[] = [];
  const empty: string[] = [];
  for (const route of lists) {
    for (const subject of SUBJECTS) {
      for (const path of readPaths(route, subject)) {
        const page = async (query: string) => {
          const url = `${path}${path.includes('?') ? '&' : '?'}${query}`;
          const response = await t.app.inject({ url, headers: await authOf(subject) });
          return { url, response, total: response.headers['x-total-count'] };
        };
        const first = await page('limit=1&offset=0');
        if (first.response.statusCode >= 500)
          problems.push(`${first.url} as ${subject} answered ${first.response.statusCode}`);
        if (first.response.statusCode !== 200) continue;
        const total = Number(first.total);
        if (!route.queryParams.includes('offset')) {
          // A list without pages (the seal list) has nothing past its end.
          if (first.response.json<unknown[]>().length === 0)
            empty.push(`${route.key} as ${subject}`);
          continue;
        }
        if (first.total === undefined) {
          problems.push(`${first.url} as ${subject} pages without X-Total-Count`);
          continue;
        }
        if (total === 0) empty.push(`${route.key} as ${subject}`);
        const checks = [
          { query: `limit=1&offset=${total}`, items: 0 },
          { query: `offset=${total + 50}`, items: 0 },
          ...(total >= 2 ? [{ query: 'limit=1&offset=1', items: 1 }] : []),
        ];
        for (const check of checks) {
          const { url, response, total: counted } = await page(check.query);
          if (response.statusCode !== 200) {
            problems.push(
              `${url} as ${subject} answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
            );
            continue;
          }
          const items = response.json<unknown[]>().length;
          if (items !== check.items || counted !== first.total)
            problems.push(
              `${url} as ${subject}: ${items} items, X-Total-Count ${counted} (expected ${check.items}, ${first.total})`,
            );
        }
      }
    }
  }
  expect(problems).toEqual([]);
  // A route with a row per case (the office's tables) is named once.
  expect([...new Set(empty)], 'lists with no row behind a subject that may read them').toEqual(
    EMPTY_BY_RULE,
  );
});

it('answers random and malformed requests to every route, as every subject, without breaking', async () => {
  const runs = Math.max(3, Math.ceil(TOTAL_RUNS / (routes.length * SUBJECTS.length)));
  const problems: string[] = [];
  let sent = 0;
  for (const [routeIndex, route] of routes.entries()) {
    for (const [subjectIndex, subject] of SUBJECTS.entries()) {
      const seed = SEED + routeIndex * 100 + subjectIndex;
      for (const pending of probes(route, subject, runs, seed)) {
        problems.push(...(await send(await pending)));
        sent += 1;
      }
    }
  }
  expect(problems.slice(0, 20), `${problems.length} problems in ${sent} requests`).toEqual([]);
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).role).toBeUndefined();
}, 600_000);

it('answers each raw hostile JSON body to every route that takes one without breaking', async () => {
  const problems: string[] = [];
  for (const route of routes.filter((r) => r.consumes.includes('application/json'))) {
    const path = fillPath(
      route,
      Object.fromEntries(
        route.pathParams.map((name) => [name, validPathIds(route)[name]?.[0] ?? fx.users.admin.id]),
      ),
    );
    for (const [index, text] of RAW_JSON_BODIES.entries()) {
      const subject = SUBJECTS[index % SUBJECTS.length]!;
      problems.push(
        ...(await send({
          method: route.method,
          url: path,
          subject,
          plan: { kind: 'fixed', label: 'raw json' },
          body: { payload: text, headers: { 'content-type': 'application/json' } },
          remote: '127.0.0.1',
        })),
      );
    }
  }
  expect(problems).toEqual([]);
  expect(Object.prototype).not.toHaveProperty('polluted');
  // Grows with the routes that take JSON (each gets every raw body), unlike the test above.
}, 120_000);
