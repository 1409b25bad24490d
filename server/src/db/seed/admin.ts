import { normalizeEmail } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { users } from '../schema';
import { createUser, type UserRow } from './factories';

export type EnsureAdminResult = { user: UserRow; action: 'created' | 'updated' | 'unchanged' };

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: that account exists, is an admin, active and enabled, and takes
 * that password. A password that already matches is left alone, so a restart keeps its sessions.
 */
export async function ensureAdmin(
  db: Db,
  credentials: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = normalizeEmail(credentials.email);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    const user = await createUser(db, {
      email,
      password: credentials.password,
      firstName: 'Administrador',
      lastName: 'AgroSelo',
      role: 'admin',
      pending: false,
      disabled: false,
    });
    return { user, action: 'created' };
  }

  const samePassword = await verifyPassword(existing.passwordHash, credentials.password);
  const alreadyFine =
    samePassword && existing.role === 'admin' && !existing.disabled && !existing.pending;
  if (alreadyFine) return { user: existing, action: 'unchanged' };

  const [user] = await db
    .update(users)
    .set({
      role: 'admin',
      disabled: false,
      pending: false,
      updatedAt: new Date(),
      ...(samePassword
        ? {}
        : {
            passwordHash: await hashPassword(credentials.password),
            tokenVersion: sql`${users.tokenVersion} + 1`,
          }),
    })
    .where(eq(users.id, existing.id))
    .returning();
  return { user: user!, action: 'updated' };
}
