import type { User } from '@agroselo/contracts';
import type { users } from '../../db/schema';

/** The only shape of a user that leaves the server: no hash, no token version. */
export function presentUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    cpf: row.cpf,
    phone: row.phone,
    role: row.role,
    crea: row.crea,
    disabled: row.disabled,
    pending: row.pending,
  };
}
