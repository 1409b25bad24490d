import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { InspectionSchema, messages } from '@agroselo/contracts';
import { Metadata } from '@tus/utils';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishedUploads, inspectionPhotos } from '../../src/db/schema';
import { createInstance, type UserRow } from '../../src/db/seed/factories';
import { finishUpload } from '../../src/modules/uploads/service';
import { createUploadStore } from '../../src/modules/uploads/store';
import { day } from '../support/days';
import { FAKE_PNG, multipartWith, PNG } from '../support/files';
import { partialUploads } from '../support/outbox-writes';
import { reviewWorld, type ReviewWorld } from '../support/review-world';
import { buildTestApp, type TestApp } from '../support/test-app';

/**
 * The outbox records a vistoria first, with no photo, then sends each photo through tus with
 * the vistoria's photos route as target (DESIGN §4b, §4c): each photo is attached once, whether
 * the creation is sent again under its Idempotency-Key or the last part after a lost answer.
 */
let t: TestApp;
let w: ReviewWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await reviewWorld(t);
});

const TUS = { 'tus-resumable': '1.0.0' };

async function call(
  caller: UserRow,
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { ...TUS, ...headers, ...(await t.auth(caller)) },
  });
}

/** A vistoria recorded with no photo, as the outbox sends it first; its photos route. */
async function emptyVistoria() {
  const instance = await createInstance(t.db, {
    property: w.farm,
    technician: w.technician,
    initiated: true,
  });
  const body = await multipartWith({
    visited_on: day(0),
    latitude: '-30.8512',
    longitude: '-51.7986',
    summary: 'Lavoura vistoriada; fotos a seguir.',
  });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/process-instance/${instance.id}/inspections`,
    payload: body.payload,
    headers: { ...body.headers, ...(await t.auth(w.technician)) },
  });
  expect(created.statusCode).toBe(201);
  const inspection = InspectionSchema.parse(created.json());
  expect(inspection.photos).toEqual([]);
  return {
    inspectionId: inspection.id,
    target: `/api/process-instance/${instance.id}/inspections/${inspection.id}/photos`,
  };
}

const createUpload = (target: string, bytes: Buffer, key?: string) =>
  call(w.technician, 'POST', '/api/uploads', {
    'upload-length': String(bytes.length),
    'upload-metadata': Metadata.stringify({
      filename: 'lavoura.png',
      filetype: 'image/png',
      target,
    }),
    ...(key ? { 'idempotency-key': key } : {}),
  });

const patch = (location: string, offset: number, bytes: Buffer) =>
  call(
    w.technician,
    'PATCH',
    location,
    { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    bytes,
  );

const photosOf = (inspectionId: string) =>
  t.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.inspectionId, inspectionId));

describe('a vistoria photo sent through tus', () => {
  it('is attached once when the creation and the last part are each sent twice', async () => {
    const { inspectionId, target } = await emptyVistoria();
    const bytes = Buffer.concat([PNG, Buffer.alloc(50_000, 0x20)]);
    const key = randomUUID();
    const created = await createUpload(target, bytes, key);
    expect(created.statusCode).toBe(201);
    const uploads = await partialUploads(t);
    // The creation's answer was lost: sent again, the same upload.
    const again = await createUpload(target, bytes, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers.location).toBe(created.headers.location);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await partialUploads(t)).toBe(uploads);
    const location = created.headers.location!;

    expect((await patch(location, 0, bytes.subarray(0, 20_000))).statusCode).toBe(204);
    const last = await patch(location, 20_000, bytes.subarray(20_000));
    expect(last.statusCode).toBe(200);
    expect(InspectionSchema.parse(last.json()).photos).toHaveLength(1);
    // The last part's answer was lost: the client sends it again, with the key it sends on every
    // part, or asks where the upload is.
    const resent = await call(
      w.technician,
      'PATCH',
      location,
      {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '20000',
        'idempotency-key': key,
      },
      bytes.subarray(20_000),
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.body).toBe(last.body);
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.headers['upload-offset']).toBe(String(bytes.length));
    const head = await call(w.technician, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    expect(head.headers['upload-length']).toBe(String(bytes.length));

    const photos = await photosOf(inspectionId);
    expect(photos).toHaveLength(1);
    const download = await call(w.technician, 'GET', `/api/inspection/${inspectionId}/photo/0`);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // Only its creator learns anything of it.
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: location,
          headers: { ...TUS, ...(await t.auth(w.admin)) },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives a refused last part sent again the same refusal, attaching nothing', async () => {
    const { inspectionId, target } = await emptyVistoria();
    const location = (await createUpload(target, FAKE_PNG)).headers.location!;
    const refused = await patch(location, 0, FAKE_PNG);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ detail: messages.security.fileTypeMismatch });
    const again = await patch(location, 0, FAKE_PNG);
    expect(again.statusCode).toBe(415);
    expect(again.body).toBe(refused.body);
    // A refused upload is no whole file: HEAD does not say it is done.
    expect((await call(w.technician, 'HEAD', location)).statusCode).toBe(404);
    expect(await photosOf(inspectionId)).toEqual([]);
  });

  it('attaches a file once when two finish the same upload at once (two servers)', async () => {
    const { inspectionId, target } = await emptyVistoria();
    const location = (await createUpload(target, PNG)).headers.location!;
    const id = location.split('/').pop()!;
    const store = createUploadStore(t.deps.config);
    // Every byte written, as the last PATCH writes them before it finishes the upload.
    await store.write(Readable.from([PNG]), id, 0);
    const upload = await store.getUpload(id);
    const answers = await Promise.all([
      finishUpload(t.deps, store, w.technician, upload),
      finishUpload(t.deps, store, w.technician, upload),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
    expect(await photosOf(inspectionId)).toHaveLength(1);
    const [record] = await t.db.select().from(finishedUploads).where(eq(finishedUploads.id, id));
    expect(record).toMatchObject({ userId: w.technician.id, size: PNG.length, status: 200 });
  });
});
