import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';

/** One API operation as the running app documents it (OpenAPI at /docs/json). */
export interface ApiRoute {
  /** `GET /api/stamp/{id}/image`, the access matrix's spelling. */
  key: string;
  method: NonNullable<InjectOptions['method']>;
  /** The OpenAPI path, `/api/stamp/{id}/image`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Content types the body may come in; empty when the route takes no body. */
  consumes: string[];
  /** Top-level field names of the body, from its schema. */
  bodyFields: string[];
  /** Its 200 answer is a JSON array: a list. */
  answersArray: boolean;
}

type OpenApiContent = Record<
  string,
  { schema?: { type?: string; properties?: Record<string, unknown> } }
>;

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: OpenApiContent };
  responses?: Record<string, { content?: OpenApiContent }>;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every API route of the running app, read from its own OpenAPI document, so a route another area
 * adds later is covered without touching these tests.
 */
export function apiRoutes(t: TestApp): ApiRoute[] {
  const spec = t.app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        consumes: Object.keys(content),
        bodyFields: [
          ...new Set(
            Object.values(content).flatMap((c) => Object.keys(c.schema?.properties ?? {})),
          ),
        ],
        answersArray:
          operation.responses?.['200']?.content?.['application/json']?.schema?.type === 'array',
      });
    }
  }
  expect(routes.length, 'the app documents no API route').toBeGreaterThan(0);
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

export const fillPath = (route: ApiRoute, values: Record<string, string>): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/**
 * Counts the rows of every table of the schema in one statement; tables added later are counted
 * too. A request that was refused must leave every count as it was.
 */
export async function tableCounter(t: TestApp): Promise<() => Promise<Record<string, number>>> {
  const result = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const tables = result.rows.map((row) => row.table_name);
  expect(tables).toContain('users');
  const query = sql.raw(
    `select ${tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`,
  );
  return async () => {
    const counted = (await t.db.execute(query)) as unknown as { rows: Record<string, number>[] };
    return counted.rows[0]!;
  };
}

/** Differences between two table counts, as `table: before → after`. */
export function countChanges(
  before: Record<string, number>,
  after: Record<string, number>,
  ignore: readonly string[] = [],
): string[] {
  return Object.keys(before)
    .filter((table) => !ignore.includes(table) && before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}

/**
 * Public JSON holding nothing personal that browsers may keep and revalidate (Cache-Control:
 * no-cache with an ETag): the landing's seal list, asked for on every visit.
 */
export const REVALIDATED_PUBLIC_JSON = ['/api/stamp/all'];

/** The headers every answer carries, whatever its route, status or content (issue #12 item 4). */
export function missingSecurityHeaders(
  url: string,
  status: number,
  headers: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  if (!csp.includes("frame-ancestors 'none'")) problems.push("CSP without frame-ancestors 'none'");
  if (!csp.includes("base-uri 'none'")) problems.push("CSP without base-uri 'none'");
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!headers['referrer-policy']) problems.push('no Referrer-Policy');
  if (url.startsWith('/api')) {
    const cache = String(headers['cache-control'] ?? '');
    // A route may choose its own caching for what it serves (the public seal image); everything
    // else, errors included, is no-store.
    const path = url.split('?')[0]!;
    if (status < 300 && REVALIDATED_PUBLIC_JSON.includes(path)) {
      if (cache !== 'no-cache' || !headers.etag) problems.push('public list without revalidation');
    } else if (status >= 300 || String(headers['content-type'] ?? '').includes('json')) {
      if (!cache.includes('no-store')) problems.push(`Cache-Control "${cache}" is not no-store`);
    } else if (!cache) problems.push('no Cache-Control');
    const isFile = status < 300 && !String(headers['content-type'] ?? 'json').includes('json');
    if (isFile && !headers['content-disposition'])
      problems.push('file without Content-Disposition');
  }
  return problems;
}

/** Text a response body must never carry: internals (stack, SQL, driver errors) and secrets. */
export function leaksIn(body: string, secrets: readonly string[], isError: boolean): string[] {
  const found: string[] = [];
  if (/\bat .+[/\\][\w.-]+\.(ts|js|mjs|cjs):\d+/.test(body)) found.push('stack trace');
  if (/node_modules|server\/src\//.test(body)) found.push('source path');
  if (
    /Failed query|syntax error at or near|violates [\w ]*constraint|duplicate key value|relation "[^"]+"|column "[^"]+" (of|does)|PGlite|drizzle|SQLSTATE/i.test(
      body,
    )
  )
    found.push('database error text');
  if (isError) {
    if (/\b(select|insert|update|delete)\b[\s\S]{0,80}\b(from|into|set|where)\b/i.test(body))
      found.push('SQL text');
    if (/eyJ[\w-]{8,}\.[\w-]{8,}/.test(body)) found.push('a token');
    if (/\b(Type|Reference|Syntax|Range)Error\b/.test(body)) found.push('a JavaScript error');
  }
  for (const secret of secrets) if (secret && body.includes(secret)) found.push('a secret');
  return found;
}
