import type { Role, User } from '@agroselo/contracts';
import { TOKEN_STORAGE_KEY } from '../src/api';

/** A user as GET /api/auth/info sends it (snake_case). */
export function wireUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d',
    email: `${role}@agroselo.test`,
    first_name: 'Maria',
    last_name: 'Souza',
    cpf: '52998224725',
    phone: '53999998888',
    role,
    crea: role === 'technician' ? '00000001234567' : null,
    disabled: false,
    pending: false,
    ...overrides,
  };
}

/** As if a previous visit had logged in with "lembrar de mim". */
/**
 * A token shaped as the server's (its claims name the account the device's store is kept for);
 * its signature is never checked in these tests.
 */
export const STORED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ0ZXN0LWFjY291bnQifQ.signature';

export function storeToken(token = STORED_TOKEN) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}
