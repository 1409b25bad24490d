import path from 'node:path';
import type { Storage } from '../../lib/storage';
import { newId } from '../../lib/ids';

/** A stored file copied under a new key (never shared: each copy is removed on its own). */
export interface CopiedFile {
  from: string;
  to: string;
}

/** The key a copy of `key` gets under `folder`, with the same extension. */
export const copyKey = (folder: string, key: string) => `${folder}/${newId()}${path.extname(key)}`;

/**
 * Copies every file, streaming; if one fails the copies made are removed and the error rethrown.
 * A source that holds nothing is skipped (its copy is left out of the answer).
 */
export async function copyFiles(
  storage: Storage,
  files: readonly CopiedFile[],
): Promise<CopiedFile[]> {
  const copied: CopiedFile[] = [];
  try {
    for (const file of files) {
      const body = await storage.open(file.from);
      if (!body) continue;
      await storage.putStream(file.to, body);
      copied.push(file);
    }
    return copied;
  } catch (error) {
    await removeCopies(storage, copied);
    throw error;
  }
}

/** The copies of a write that did not happen. */
export async function removeCopies(storage: Storage, files: readonly CopiedFile[]) {
  await Promise.all(files.map((file) => storage.remove(file.to).catch(() => undefined)));
}
