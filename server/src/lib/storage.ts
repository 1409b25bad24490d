import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live; keys are made by the server, never taken from the client. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..'))
      throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async open(key) {
      const file = resolve(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
