import { hashPassword as hashEveryTime } from '../../src/lib/passwords';

export { verifyPassword } from '../../src/lib/passwords';

/**
 * What the seed factories (`server/src/db/seed/factories.ts`) hash with in tests (vitest.config.ts
 * hands them this module instead of lib/passwords): one argon2id hash per distinct password and
 * test process, about 27 ms each, instead of one per user a file makes (10 to 21 per file). The
 * hash is a real one, so signing in as a factory-made user still verifies it; the app's own
 * routes (sign-up, password change, erasure) still hash every password.
 */
const hashes = new Map<string, Promise<string>>();

export function hashPassword(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashEveryTime(password);
    // A failed hash is not kept: the next user asks again.
    hash.catch(() => hashes.delete(password));
    hashes.set(password, hash);
  }
  return hash;
}
