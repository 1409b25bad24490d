import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** Strings that have broken web servers before: injections, encodings, sizes, odd code points. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFE',
  '\u202Eevil',
  '🌾🌾',
  'Ção',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) UNION SELECT password_hash FROM users --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  'null',
  'true',
  '[]',
  '{}',
  '\r\nX-Injected: 1',
  'a'.repeat(70_000),
] as const;

/** Keys that probe prototype pollution and query-operator injection. */
export const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '$ne',
  '',
  ' ',
  'a.b',
  'a[b]',
  'role',
  'is_admin',
  'password_hash',
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'á'.repeat(n)) },
);

/**
 * An Idempotency-Key header for a write: none, a device's UUID, and keys the server must refuse
 * with a 422 (empty, over 255 characters, huge, control characters, beyond ASCII, a header
 * injection) or any hostile text.
 */
export const idempotencyKeyHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      'x'.repeat(255),
      'x'.repeat(256),
      'k'.repeat(100_000),
      'chave\u0000nula',
      'tab\tchave',
      'chave\u007f',
      'chave-ção',
      '\r\nX-Injected: 1',
    ),
  },
  { weight: 2, arbitrary: hostileString },
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_KEYS),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e308, -0, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, -1),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
}));
export const hostileJsonValue: fc.Arbitrary<unknown> = jsonValue;

const deep = (depth: number, open: string, close: string, leaf = '1') =>
  open.repeat(depth) + leaf + close.repeat(depth);

/** JSON texts no generator writes on its own: deep nesting, pollution, duplicates, broken text. */
export const RAW_JSON_BODIES = [
  deep(5_000, '[', ']'),
  deep(2_000, '{"a":', '}'),
  '{"__proto__":{"role":"admin","admin":true,"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":1,"a":2}',
  '{"a":',
  'null',
  '[]',
  '"texto"',
  '1e999999',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '',
] as const;

/** One part of a multipart body; written by hand so names and file names can be hostile too. */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipartBody(
  parts: readonly Part[],
  options: { boundary?: string; truncate?: boolean } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = options.boundary ?? `----agroselo-fuzz-${parts.length}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.truncate) payload = payload.subarray(0, Math.floor(payload.length / 2));
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/auth/info")</script></body></html>',
);
/** The 8-byte signature and IHDR of a 1×1 PNG: enough for a file to be a PNG by its bytes. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const filePart = (name: string) =>
  fc.record({
    name: fc.constant(name),
    filename: fc.constantFrom(
      'foto.png',
      'documento.pdf',
      '../../../etc/passwd',
      'a"b.png',
      'nome\r\nContent-Type: text/html.png',
      '',
      'ção.jpg',
      '.htaccess',
      'x'.repeat(600),
    ),
    contentType: fc.constantFrom(
      'image/png',
      'application/pdf',
      'text/html',
      'application/x-msdownload',
      '',
    ),
    value: fc.oneof(
      fc.constant(HTML_PAGE),
      fc.constant(PNG_BYTES),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
  });

/** What is sent besides path and method. */
export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw-json'; text: string }
  | { kind: 'form'; pairs: [string, string][] }
  | { kind: 'multipart'; parts: Part[]; truncate: boolean; boundary?: string }
  | { kind: 'wrong-type'; contentType: string; text: string }
  | { kind: 'mutate-valid'; field: number; value: unknown };

export function bodyPlan(fields: readonly string[], hasValidBody: boolean): fc.Arbitrary<BodyPlan> {
  const fieldName =
    fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), hostileKey) : hostileKey;
  const fieldObject = fc
    .array(fc.tuple(fieldName, hostileJsonValue), { maxLength: 6 })
    .map((entries) => Object.fromEntries(entries) as unknown);
  const plans: fc.Arbitrary<BodyPlan>[] = [
    fc.constant({ kind: 'none' }),
    fc.record({
      kind: fc.constant('json' as const),
      value: fc.oneof(fieldObject, hostileJsonValue),
    }),
    fc.record({
      kind: fc.constant('raw-json' as const),
      text: fc.constantFrom(...RAW_JSON_BODIES),
    }),
    fc.record({
      kind: fc.constant('form' as const),
      pairs: fc.array(fc.tuple(fieldName, hostileString), { maxLength: 6 }),
    }),
    fc.record({
      kind: fc.constant('multipart' as const),
      parts: fc.array(
        fc.oneof(
          fc.record({ name: fieldName, value: hostileString }),
          fieldName.chain((name) => filePart(name)),
        ),
        { maxLength: 5 },
      ),
      truncate: fc.boolean(),
      boundary: fc.option(fc.constantFrom('', '"', 'a'.repeat(100), 'a;b'), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('wrong-type' as const),
      contentType: fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/x-www-form-urlencoded; charset=latin1',
        'image/png',
        '*/*',
        ';;;',
      ),
      text: hostileString,
    }),
  ];
  if (hasValidBody)
    plans.push(
      fc.record({
        kind: fc.constant('mutate-valid' as const),
        field: fc.nat(),
        value: fc.oneof(hostileString, hostileJsonValue),
      }),
      fc.record({
        kind: fc.constant('mutate-valid' as const),
        field: fc.nat(),
        value: hostileString,
      }),
    );
  return fc.oneof(...plans);
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** Turns a plan into the payload and headers of `app.inject`. */
export async function buildBody(
  plan: BodyPlan,
  valid: Pick<InjectOptions, 'payload' | 'headers'> | undefined,
): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  switch (plan.kind) {
    case 'none':
      return {};
    case 'json':
      return {
        payload: JSON.stringify(plan.value) ?? 'null',
        headers: { 'content-type': 'application/json' },
      };
    case 'raw-json':
      return { payload: plan.text, headers: { 'content-type': 'application/json' } };
    case 'form':
      return {
        payload: new URLSearchParams(plan.pairs).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'multipart': {
      const body = multipartBody(plan.parts, { truncate: plan.truncate, boundary: plan.boundary });
      return body;
    }
    case 'wrong-type':
      return { payload: plan.text, headers: { 'content-type': plan.contentType } };
    case 'mutate-valid':
      return mutateValid(valid, plan.field, plan.value);
  }
}

/** The route's valid body (from the access matrix) with one field replaced by a hostile value. */
async function mutateValid(
  valid: Pick<InjectOptions, 'payload' | 'headers'> | undefined,
  field: number,
  value: unknown,
): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  if (!valid?.payload) return {};
  const contentType = String(
    (valid.headers as Record<string, string> | undefined)?.['content-type'] ?? '',
  );
  const raw = valid.payload as string | Buffer;
  if (contentType.startsWith('application/json')) {
    const object = JSON.parse(raw.toString()) as Record<string, unknown>;
    const keys = Object.keys(object);
    if (keys.length > 0) object[keys[field % keys.length]!] = value;
    return { payload: JSON.stringify(object), headers: { 'content-type': contentType } };
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams(raw.toString());
    const keys = [...params.keys()];
    if (keys.length > 0) params.set(keys[field % keys.length]!, asText(value));
    return { payload: params.toString(), headers: { 'content-type': contentType } };
  }
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    const entries = [...form.entries()];
    const index = entries.length > 0 ? field % entries.length : -1;
    const parts: Part[] = [];
    for (const [i, [name, entry]] of entries.entries()) {
      if (i === index) parts.push({ name, value: asText(value) });
      else if (typeof entry === 'string') parts.push({ name, value: entry });
      else
        parts.push({
          name,
          value: Buffer.from(await entry.arrayBuffer()),
          filename: entry.name,
          contentType: entry.type,
        });
    }
    return multipartBody(parts);
  }
  return { payload: raw, headers: valid.headers };
}

/** A path parameter: a real id of the fixture, a uuid of nothing, or something not an id at all. */
export function pathValue(validIds: readonly string[]): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [
    fc.uuid({ version: [4, 7] }),
    fc.constantFrom(
      '0',
      '-1',
      'null',
      '%2e%2e',
      '%ff',
      '%c0%af',
      'a'.repeat(2_000),
      "1'%20or%20'1'%3D'1",
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0190b6a3-7e2f-7c3a-8b1d-ZZZZZZZZZZZZ',
      '%7Bid%7D',
      '%20',
    ),
    hostileString
      .filter((value) => value.length < 3_000)
      .map((value) => encodeURIComponent(Buffer.from(value).toString())),
  ];
  if (validIds.length > 0) choices.push(fc.constantFrom(...validIds));
  return fc.oneof(...choices);
}

/** A query string of the route's own parameters and stray ones, with hostile values. */
export function queryString(params: readonly string[]): fc.Arbitrary<string> {
  const name = params.length > 0 ? fc.oneof(fc.constantFrom(...params), hostileKey) : hostileKey;
  const value = fc.oneof(
    hostileString.filter((text) => text.length < 5_000),
    fc.constantFrom('-1', '0', '501', '1e9', '1.5', 'NaN', '99999999999999999999', '0x10'),
  );
  return fc
    .array(fc.tuple(name, value), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
}
