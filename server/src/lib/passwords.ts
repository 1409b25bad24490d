import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from './limit';

/**
 * Hashes wait in line, one per core but one, and at least one: more only share the same cores,
 * each holding its 19 MiB (a burst of 50 logins peaked 36 MiB above the reads on the demo data
 * with one per core), would fill libuv's four threads that file reads also wait for, and would
 * take the core the event loop (and embedded PostgreSQL) answers on (docs/decisions/013).
 */
const hashSlots = concurrencyLimit(Math.max(1, availableParallelism() - 1));

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), the OWASP-recommended floor.
export const hashPassword = (password: string): Promise<string> =>
  hashSlots(() => hash(password, { algorithm: 2 }));

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await hashSlots(() => verify(hashed, password));
  } catch {
    return false;
  }
}
