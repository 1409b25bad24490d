import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { messages, ProcessSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { stamps } from '../../src/db/schema';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { createStorage, type Storage } from '../../src/lib/storage';
import { file, multipartWith, PDF, PNG } from '../support/files';
import { buildTestApp, type TestApp } from '../support/test-app';
import { startTestS3, type TestS3 } from '../storage/s3-server';

/**
 * The app with STORAGE_URL on an S3-compatible bucket (s3rver, in this process): a seal's image
 * and its edital go to the bucket, nothing to DATA_DIR, and come back through the same routes and
 * the same access checks as on the local directory.
 */
let s3: TestS3;
let t: TestApp;
let bucket: Storage;
let admin: UserRow;
let owner: UserRow;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp(s3.env('app'));
  bucket = await createStorage(loadConfig({ ...s3.env('app') }));
  admin = await createUser(t.db, { role: 'admin' });
  owner = await createUser(t.db, { role: 'owner' });
});
afterAll(() => s3.close());

const storedKeys = async () => {
  const keys: string[] = [];
  for await (const { key } of bucket.list()) keys.push(key);
  return keys.sort();
};

describe('uploads and downloads with STORAGE_URL on an S3-compatible store', () => {
  it('stores a new seal image and edital in the bucket and serves them back', async () => {
    const body = await multipartWith({
      safra: '2026/27',
      notice: 'Edital nº 07/2026',
      description: 'Certificação no bucket',
      start_date: '2026-08-01',
      end_date: '2027-03-31',
      validity_start: '2027-04-01',
      validity_end: '2029-03-31',
      stamp_name: 'Selo no Bucket',
      stamp_description: 'Arquivos em armazenamento de objetos',
      file: file(PNG, 'selo.png', 'image/png'),
      notice_file: file(PDF, 'edital.pdf', 'application/pdf'),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/process/register',
      payload: body.payload,
      headers: { ...body.headers, ...(await t.auth(admin)) },
    });
    expect(response.statusCode).toBe(201);
    const process = ProcessSchema.parse(response.json());
    const [row] = await t.db.select().from(stamps).where(eq(stamps.processId, process.id));

    const keys = await storedKeys();
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(
      expect.arrayContaining([row!.imageKey!, expect.stringMatching(/^notices\//)]),
    );
    // Nothing on the server's own disk: a second server sees the same files.
    await expect(readdir(path.join(t.dataDir, 'uploads'))).rejects.toThrow(/ENOENT/);

    const image = await t.app.inject({ url: process.stamp.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const notice = await t.app.inject({
      url: process.notice_url!,
      headers: await t.auth(admin),
    });
    expect(notice.statusCode).toBe(200);
    expect(notice.headers['content-type']).toBe('application/pdf');
    expect(notice.rawPayload.equals(PDF)).toBe(true);

    // The same access checks: the draft's edital is not the producer's to read.
    const refused = await t.app.inject({ url: process.notice_url!, headers: await t.auth(owner) });
    expect(refused.statusCode).toBe(404);

    // An object gone from the bucket is a 404 in pt-BR, not a 500.
    await bucket.remove(row!.imageKey!);
    const gone = await t.app.inject({ url: process.stamp.image_url! });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: messages.seals.imageNotFound });
  });
});
