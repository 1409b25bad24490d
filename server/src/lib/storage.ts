import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageUrl } from './storage-url';

/**
 * Where uploaded files live; keys are made by the server, never taken from the client. Every
 * backend (the local directory, an S3-compatible bucket) passes the same contract tests
 * (server/test/storage).
 */
export interface Storage {
  /** Where the files are, for the start banner and backups ('diretório …', 'bucket …'). */
  readonly description: string;
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a stream without holding it whole in memory (large files, backups). */
  putStream(key: string, body: Readable): Promise<void>;
  /** The stored bytes as a stream, or null when the key holds nothing. */
  open(key: string): Promise<Readable | null>;
  /** Removing a key that holds nothing is no error. */
  remove(key: string): Promise<void>;
  /** Resolves once the store answers; the server checks it at start (StorageUnavailable). */
  ready(): Promise<void>;
  /** Every stored key and its size, in no particular order (backups walk it). */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  bytes: number;
}

/** The store cannot be used: the start stops with this one line, naming the variable to fix. */
export class StorageUnavailable extends Error {}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Throws on a key no backend should accept: a path outside the store, or odd characters. */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/'))
    throw new Error(`invalid storage key: ${key}`);
  return key;
}

// Written beside the target and renamed over it: a reader never sees half a file.
const PARTIAL = '.partial-';

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkStorageKey(key));
  const partialOf = (file: string) => `${file}${PARTIAL}${randomBytes(6).toString('hex')}`;
  const settle = async (file: string, write: (partial: string) => Promise<void>) => {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = partialOf(file);
    try {
      await write(partial);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };
  return {
    description: `diretório ${root}`,
    async put(key, data) {
      await settle(resolve(key), (partial) => writeFile(partial, data));
    },
    async putStream(key, body) {
      await settle(resolve(key), (partial) => pipeline(body, createWriteStream(partial)));
    },
    async open(key) {
      const file = resolve(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async ready() {
      try {
        await mkdir(root, { recursive: true });
      } catch (error) {
        throw new StorageUnavailable(
          `DATA_DIR: não foi possível usar ${root} para os arquivos (${(error as Error).message}).`,
        );
      }
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.includes(PARTIAL)) continue;
        const key = path
          .relative(root, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        if (!KEY.test(key)) continue;
        const info = await stat(path.join(root, key)).catch(() => null);
        if (info) yield { key, bytes: info.size };
      }
    },
  };
}

/**
 * The store the configuration names: an S3-compatible bucket when STORAGE_URL is set, else
 * `DATA_DIR/uploads`. The S3 client is loaded only when it is used.
 */
export async function createStorage(config: {
  DATA_DIR: string;
  STORAGE_URL?: StorageUrl;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
}): Promise<Storage> {
  if (!config.STORAGE_URL) return createLocalStorage(path.resolve(config.DATA_DIR, 'uploads'));
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config.STORAGE_URL, {
    accessKeyId: config.AWS_ACCESS_KEY_ID,
    secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
  });
}
