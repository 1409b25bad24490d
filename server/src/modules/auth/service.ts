import { randomUUID } from 'node:crypto';
import { messages, normalizeEmail, type LoginBody } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';

// A real hash to compare against when the e-mail is unknown, so both answers take as long.
let unknownUserHash: Promise<string> | undefined;
const hashForUnknownUser = () => (unknownUserHash ??= hashPassword(randomUUID()));

/** Exchanges e-mail and password for a token; wrong pairs and disabled accounts are refused. */
export async function login(
  deps: AppDeps,
  body: LoginBody,
): Promise<{ access_token: string; token_type: 'bearer' }> {
  const email = normalizeEmail(body.username);
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const valid = await verifyPassword(
    user?.passwordHash ?? (await hashForUnknownUser()),
    body.password,
  );
  if (!user || !valid) throw new AppError(401, messages.auth.wrongCredentials);
  if (user.disabled) throw new AppError(403, messages.auth.accountDisabled);
  const token = await deps.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { access_token: token, token_type: 'bearer' };
}
