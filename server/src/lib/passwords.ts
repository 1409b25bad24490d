import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from './limit';

/**
 * One hash per core at a time: more only share the same cores, each holding its 19 MiB, and they
 * would fill libuv's four threads that file reads also wait for (docs/decisions/010).
 */
const oneHashPerCore = concurrencyLimit(availableParallelism());

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), the OWASP-recommended floor.
export const hashPassword = (password: string): Promise<string> =>
  oneHashPerCore(() => hash(password, { algorithm: 2 }));

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => verify(hashed, password));
  } catch {
    return false;
  }
}
