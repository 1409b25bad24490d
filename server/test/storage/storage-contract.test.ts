import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createStorage, StorageUnavailable, type Storage } from '../../src/lib/storage';
import { startTestS3, TEST_BUCKET, type TestS3 } from './s3-server';

/**
 * One contract, every backend: what the app relies on from `Storage` holds for the local
 * directory and for an S3-compatible bucket (s3rver, started here on 127.0.0.1).
 */
let s3: TestS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function localStore(): Promise<Storage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agroselo-storage-'));
  dirs.push(dir);
  return createStorage(loadConfig({ DATA_DIR: dir }));
}

// Each test gets a prefix of its own in the one bucket, so no test sees another's keys.
const s3Store = () =>
  createStorage(
    loadConfig({ DATA_DIR: '/nonexistent', ...s3.env(`t${randomBytes(4).toString('hex')}`) }),
  );

const read = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const listed = async (storage: Storage) => {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
};

describe.each([
  { backend: 'local directory', make: localStore },
  { backend: 'S3-compatible bucket', make: s3Store },
])('Storage on a $backend', ({ make }) => {
  it('gives back what was put, and null for a key that holds nothing', async () => {
    const storage = await make();
    await expect(storage.ready()).resolves.toBeUndefined();
    await storage.put('stamps/a/image.png', Buffer.from('imagem'));
    expect((await read(await storage.open('stamps/a/image.png')))?.toString()).toBe('imagem');
    expect(await storage.open('stamps/a/other.png')).toBeNull();
    expect(await storage.open('nothing-here')).toBeNull();
  });

  it('overwrites a key with the newer bytes', async () => {
    const storage = await make();
    await storage.put('proofs/x/file.pdf', Buffer.from('primeira versão, mais longa'));
    await storage.put('proofs/x/file.pdf', Buffer.from('segunda'));
    expect((await read(await storage.open('proofs/x/file.pdf')))?.toString()).toBe('segunda');
    expect(await listed(storage)).toEqual(['proofs/x/file.pdf']);
  });

  it('removes a key, and removing it again is no error', async () => {
    const storage = await make();
    await storage.put('a/b.txt', Buffer.from('x'));
    await storage.remove('a/b.txt');
    expect(await storage.open('a/b.txt')).toBeNull();
    await expect(storage.remove('a/b.txt')).resolves.toBeUndefined();
    expect(await listed(storage)).toEqual([]);
  });

  it('refuses keys that could leave the store or are not its own shape', async () => {
    const storage = await make();
    for (const key of ['../etc/passwd', 'a/../../b', '/absolute', '', 'a//b', 'a/', 'ç.png', 'a b'])
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
    await expect(storage.open('../x')).rejects.toThrow(/invalid storage key/);
    await expect(storage.remove('../x')).rejects.toThrow(/invalid storage key/);
  });

  it('lists every stored key with its size', async () => {
    const storage = await make();
    const keys = ['stamps/1/image.png', 'stamps/1/notice.pdf', 'proofs/2/3/foto.jpg', 'top.txt'];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await listed(storage)).toEqual([...keys].sort());
    const sizes: Record<string, number> = {};
    for await (const { key, bytes } of storage.list()) sizes[key] = bytes;
    expect(sizes).toEqual(Object.fromEntries(keys.map((key) => [key, key.length])));
  });

  it('streams a large object in and out without changing a byte', async () => {
    const storage = await make();
    // Over two S3 parts (5 MB each), sent as a stream of 64 KB chunks.
    const chunks = Array.from({ length: 12 * 16 }, () => randomBytes(64 * 1024));
    const whole = Buffer.concat(chunks);
    await storage.putStream('big/video.bin', Readable.from(chunks));
    const stream = await storage.open('big/video.bin');
    expect(stream).toBeInstanceOf(Readable);
    let largest = 0;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of stream!) {
      largest = Math.max(largest, (chunk as Buffer).length);
      size += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    expect(size).toBe(whole.length);
    expect(hash.digest('hex')).toBe(sha256(whole));
    // Read in pieces as they arrive, never as one buffer of the whole file.
    expect(largest).toBeLessThan(whole.length / 4);
  });

  it('keeps the old bytes when a streamed write fails half-way', async () => {
    const storage = await make();
    await storage.put('doc.pdf', Buffer.from('original'));
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.putStream('doc.pdf', failing)).rejects.toThrow();
    expect((await read(await storage.open('doc.pdf')))?.toString()).toBe('original');
    expect(await listed(storage)).toEqual(['doc.pdf']);
  });
});

describe('a store that cannot be used', () => {
  it('stops the start naming STORAGE_URL: a missing bucket, refused keys', async () => {
    const existing = await createStorage(loadConfig({ DATA_DIR: '/nonexistent', ...s3.env() }));
    // s3rver serves one bucket; another name is a bucket that does not exist.
    const other = await createStorage(
      loadConfig({
        DATA_DIR: '/nonexistent',
        ...s3.env(),
        STORAGE_URL: s3.storageUrl().replace(TEST_BUCKET, 'sem-bucket'),
      }),
    );
    await expect(existing.ready()).resolves.toBeUndefined();
    await expect(other.ready()).rejects.toThrow(
      new StorageUnavailable('STORAGE_URL: o bucket sem-bucket não existe.'),
    );
    const wrongKeys = await createStorage(
      loadConfig({
        DATA_DIR: '/nonexistent',
        STORAGE_URL: s3.storageUrl(),
        AWS_ACCESS_KEY_ID: 'NINGUEM',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    await expect(wrongKeys.ready()).rejects.toThrow(
      /^STORAGE_URL: o bucket agroselo-test recusou as credenciais/,
    );
  });

  it('stops the start naming DATA_DIR when the directory cannot be made', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'agroselo-storage-'));
    dirs.push(dir);
    // A file where the data directory should be: nothing can be made under it.
    await writeFile(path.join(dir, 'arquivo'), 'x');
    const storage = await createStorage(loadConfig({ DATA_DIR: path.join(dir, 'arquivo') }));
    await expect(storage.ready()).rejects.toThrow(/^DATA_DIR: não foi possível usar .*ENOTDIR/);
  });
});
