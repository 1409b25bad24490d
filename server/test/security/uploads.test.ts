import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { INSPECTION_PHOTOS_MAX, messages } from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../src/app';
import { newId } from '../../src/lib/ids';
import { acceptFile, sendFile, type UploadedFile } from '../../src/lib/files';
import { UPLOAD_LIMITS } from '../../src/plugins/http';
import { buildFixture, type Fixture } from '../access-matrix';
import { buildTestApp, type TestApp } from '../support/test-app';
import { HTML_PAGE, multipartBody, PNG_BYTES, type Part } from './hostile';
import { apiRoutes, countChanges, fillPath, tableCounter, type ApiRoute } from './routes';

let t: TestApp;
let fx: Fixture;
let multipartRoutes: ApiRoute[];
let countRows: () => Promise<Record<string, number>>;

const SAMPLE_LIMIT = 2_000;

/**
 * A route shaped like the product's upload routes, for the mechanism they share: the multipart
 * reader checks every file, the route takes images only up to its own limit with acceptFile,
 * keeps the file through the storage interface and serves it back with sendFile.
 */
async function sampleUploadRoutes(app: App) {
  app.post(
    '/api/amostra/upload',
    {
      schema: { consumes: ['multipart/form-data'], body: z.object({ file: z.unknown() }) },
      preHandler: app.guard(),
    },
    async (request, reply) => {
      const { file } = (request.body ?? {}) as { file?: UploadedFile };
      if (!file?.data) return reply.code(422).send({ detail: 'Envie um arquivo' });
      const image = acceptFile(file, {
        types: ['image/png', 'image/jpeg'],
        maxBytes: SAMPLE_LIMIT,
      });
      const key = `amostra/${newId()}`;
      await app.deps.storage.put(key, image.data);
      return reply.code(201).send({ key, mime: image.mime });
    },
  );
  app.get(
    '/api/amostra/:id',
    { schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const stream = await app.deps.storage.open(`amostra/${id}`);
      if (!stream) return reply.code(404).send({ detail: messages.common.notFound });
      return sendFile(reply, {
        body: stream,
        mime: 'image/png',
        filename: 'selo 🌾.png',
        inline: true,
      });
    },
  );
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { extend: sampleUploadRoutes });
  fx = await buildFixture(t);
  multipartRoutes = apiRoutes(t).filter((route) => route.consumes.includes('multipart/form-data'));
  countRows = await tableCounter(t);
});

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'uploads'), { recursive: true });
  } catch {
    return [];
  }
}

/** Files one request may carry: a vistoria's photos on the routes that take them (config.uploadFiles). */
const filesAllowed = (route: ApiRoute) =>
  route.bodyFields.includes('photos') ? INSPECTION_PHOTOS_MAX + 1 : UPLOAD_LIMITS.files;

/**
 * The routes only a producer may call: their guard refuses the admin (403) before the body is
 * read, so the limits are tried as the owner there.
 */
const PRODUCER_ONLY = new Set([
  'PUT /api/process/{processId}/request',
  'PUT /api/process-instance/{id}/form/{formId}/finish',
]);

/** Sends `parts` to every multipart route of the app as the admin; lists what went wrong. */
async function toEveryMultipartRoute(
  parts: Part[] | ((route: ApiRoute) => Part[]),
  expected: { status: number; detail: string },
): Promise<string[]> {
  const problems: string[] = [];
  for (const route of multipartRoutes) {
    const headers = await t.auth(PRODUCER_ONLY.has(route.key) ? fx.users.owner : fx.users.admin);
    const url = fillPath(
      route,
      Object.fromEntries(route.pathParams.map((p) => [p, fx.users.admin.id])),
    );
    const before = await countRows();
    const filesBefore = await storedFiles();
    const body = multipartBody(typeof parts === 'function' ? parts(route) : parts);
    const response = await t.app.inject({
      method: route.method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    if (response.statusCode !== expected.status)
      problems.push(`${route.key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    else if (response.json<{ detail: string }>().detail !== expected.detail)
      problems.push(`${route.key}: detail ${response.body.slice(0, 120)}`);
    const changes = countChanges(before, await countRows());
    if (changes.length) problems.push(`${route.key} wrote rows: ${changes.join(', ')}`);
    if ((await storedFiles()).length !== filesBefore.length)
      problems.push(`${route.key} stored a file`);
  }
  return problems;
}

const tooLarge = { status: 413, detail: messages.common.payloadTooLarge };

describe('multipart limits, on every route that takes multipart', () => {
  it('sets every limit busboy knows', () => {
    for (const limit of ['fileSize', 'files', 'fields', 'parts', 'fieldSize'] as const) {
      expect(Number.isFinite(UPLOAD_LIMITS[limit]), limit).toBe(true);
      expect(UPLOAD_LIMITS[limit], limit).toBeGreaterThan(0);
    }
    expect(multipartRoutes.map((route) => route.key)).toContain('POST /api/amostra/upload');
  });

  it('answers 413 to a file one byte over fileSize, and keeps nothing', async () => {
    const big = Buffer.alloc(UPLOAD_LIMITS.fileSize + 1, 0x61);
    const problems = await toEveryMultipartRoute(
      [
        {
          name: 'file',
          value: big,
          filename: 'grande.bin',
          contentType: 'application/octet-stream',
        },
      ],
      tooLarge,
    );
    expect(problems).toEqual([]);
  });

  it('answers 413 to one file too many, one field too many and one part too many', async () => {
    const file = (i: number): Part => ({
      name: `f${i}`,
      value: PNG_BYTES,
      filename: `${i}.png`,
      contentType: 'image/png',
    });
    const field = (i: number): Part => ({ name: `c${i}`, value: 'x' });
    const cases = {
      files: (route: ApiRoute) =>
        Array.from({ length: filesAllowed(route) + 1 }, (_, i) => file(i)),
      fields: Array.from({ length: UPLOAD_LIMITS.fields + 1 }, (_, i) => field(i)),
      parts: [
        ...Array.from({ length: UPLOAD_LIMITS.files }, (_, i) => file(i)),
        ...Array.from({ length: UPLOAD_LIMITS.parts - UPLOAD_LIMITS.files + 1 }, (_, i) =>
          field(i),
        ),
      ],
    };
    for (const [name, parts] of Object.entries(cases)) {
      expect(await toEveryMultipartRoute(parts, tooLarge), name).toEqual([]);
    }
  });

  it('answers 413 to a text field one byte over fieldSize instead of keeping it cut', async () => {
    const problems = await toEveryMultipartRoute(
      [{ name: 'first_name', value: 'a'.repeat(UPLOAD_LIMITS.fieldSize + 1) }],
      tooLarge,
    );
    expect(problems).toEqual([]);
  });

  it('answers 415 to an HTML page named .png, whatever the route', async () => {
    const problems = await toEveryMultipartRoute(
      [{ name: 'file', value: HTML_PAGE, filename: 'foto.png', contentType: 'image/png' }],
      { status: 415, detail: messages.security.fileTypeMismatch },
    );
    expect(problems).toEqual([]);
    const asPdf = await toEveryMultipartRoute(
      [{ name: 'file', value: HTML_PAGE, filename: 'edital.pdf', contentType: 'text/html' }],
      { status: 415, detail: messages.security.fileTypeMismatch },
    );
    expect(asPdf).toEqual([]);
  });
});

describe('an upload route built on acceptFile and sendFile', () => {
  const upload = async (part: Part) => {
    const body = multipartBody([part]);
    return t.app.inject({
      method: 'POST',
      url: '/api/amostra/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(await t.auth(fx.users.owner)) },
    });
  };

  it('answers 413 one byte over its own limit, and keeps nothing', async () => {
    const before = await storedFiles();
    const padded = Buffer.concat([PNG_BYTES, Buffer.alloc(SAMPLE_LIMIT + 1 - PNG_BYTES.length)]);
    const response = await upload({
      name: 'file',
      value: padded,
      filename: 'selo.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: messages.common.payloadTooLarge });
    expect(await storedFiles()).toEqual(before);
    const exact = await upload({
      name: 'file',
      value: padded.subarray(0, SAMPLE_LIMIT),
      filename: 'selo.png',
      contentType: 'image/png',
    });
    expect(exact.statusCode).toBe(201);
  });

  it('answers 415 to a type it does not take, however it is named', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    for (const part of [
      { name: 'file', value: pdf, filename: 'selo.pdf', contentType: 'application/pdf' },
      { name: 'file', value: HTML_PAGE, filename: 'selo.html', contentType: 'text/html' },
      { name: 'file', value: HTML_PAGE, filename: 'selo', contentType: 'application/octet-stream' },
    ]) {
      const response = await upload(part);
      expect(response.statusCode, part.filename).toBe(415);
      expect(response.json()).toEqual({ detail: messages.security.fileTypeNotAllowed });
    }
  });

  it('keeps a real PNG, whatever name it came with, and serves it as a file that runs nothing', async () => {
    const response = await upload({
      name: 'file',
      value: PNG_BYTES,
      filename: 'sem-extensão',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(201);
    const { key, mime } = response.json<{ key: string; mime: string }>();
    expect(mime).toBe('image/png');
    const served = await t.app.inject({ url: `/api/amostra/${key.split('/')[1]}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="selo ??.png"; filename*=UTF-8''selo%20%F0%9F%8C%BE.png`,
    );
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
