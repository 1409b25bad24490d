import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, COMPRESS_MIN_BYTES, registerCompression } from './compression';

const rows = Array.from({ length: 60 }, (_, index) => ({
  id: index,
  name: `Fazenda Santa Clara ${index}`,
  municipality: 'Camaquã',
}));
const big = JSON.stringify(rows);
const csv = [
  'id,name,municipality',
  ...rows.map((row) => `${row.id},${row.name},${row.municipality}`),
]
  .map((line) => `${line}\n`)
  .join('');
/** The CSV as an export streams it: a line at a time. */
function* csvLines() {
  yield* csv.split(/(?<=\n)/);
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const app = Fastify();

beforeAll(async () => {
  registerCompression(app);
  app.get('/api/big', () => rows);
  app.get('/api/text', (_request, reply) => reply.type('application/json').send(big));
  app.get('/api/small', () => ({ ok: true }));
  app.get('/api/varied', (_request, reply) => reply.header('vary', 'Cookie').send(rows));
  app.post('/api/auth/token', () => rows);
  app.get('/page', (_request, reply) => reply.type('text/html').send('x'.repeat(5000)));
  app.get('/api/export/rows.csv', (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send(Readable.from(csvLines())),
  );
  app.get('/api/export/rows.xlsx', (_request, reply) =>
    reply.type(XLSX).send(Readable.from(csvLines())),
  );
  app.get('/api/export/broken.csv', (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send(
      Readable.from(
        (async function* () {
          yield 'id,name\n';
          throw new Error('o banco caiu no meio da exportação');
        })(),
      ),
    ),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({
    method,
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('acceptsEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'gzip', true],
    ['br;q=1.0, gzip;q=0.8', 'gzip', true],
    ['*', 'gzip', true],
    ['GZIP', 'gzip', true],
    ['gzip;q=0', 'gzip', false],
    ['br', 'gzip', false],
    ['identity', 'gzip', false],
    ['', 'gzip', false],
    [undefined, 'gzip', false],
    ['gzip; q = 0.5, br;q=1', 'br', true],
    ['br;q=0, gzip', 'br', false],
    ['gzip;q=0.0, br;q=0', 'gzip', false],
    // Named, an encoding's own weight counts over the wildcard's.
    ['*, gzip;q=0', 'gzip', false],
    ['*;q=0, br', 'br', true],
    ['x-gzip', 'gzip', false],
  ] as const)('%j takes %s: %s', (header, encoding, expected) => {
    expect(acceptsEncoding(header, encoding)).toBe(expected);
  });
});

describe('registerCompression', () => {
  it('gzips a JSON answer from 2 KiB up for a client that takes it, and names the variant', async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const url of ['/api/big', '/api/text']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(big) / 4);
      expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toEqual(rows);
    }
  });

  it('sends the same answer as text to a client that does not take gzip', async () => {
    for (const encoding of [undefined, 'identity', 'gzip;q=0']) {
      const response = await get('/api/big', encoding);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.json()).toEqual(rows);
    }
  });

  it('leaves small answers, pages and the answers that carry tokens as they are', async () => {
    for (const response of [
      await get('/api/small', 'gzip'),
      await get('/page', 'gzip'),
      await get('/api/auth/token', 'gzip', 'POST'),
    ]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBeUndefined();
    }
  });

  it("adds Accept-Encoding to the answer's own Vary", async () => {
    const response = await get('/api/varied', 'gzip');
    expect(response.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('gzips a streamed CSV export as it streams, for a client that takes it', async () => {
    const zipped = await get('/api/export/rows.csv', 'gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(csv) / 4);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(csv);

    const plain = await get('/api/export/rows.csv');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(csv);
  });

  it('leaves a streamed XLSX (a zip already) as it is', async () => {
    const response = await get('/api/export/rows.xlsx', 'gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toBe(csv);
  });

  it('cuts a gzipped export that fails midway, never ending it as if whole', async () => {
    const response = await get('/api/export/broken.csv', 'gzip');
    expect(() => gunzipSync(response.rawPayload)).toThrow();
  });
});
