import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, randomCpf } from '../../src/db/seed/factories';
import { verifyPassword } from '../../src/lib/passwords';
import { formEncoded, multipart } from './http';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('factory-made users in tests', () => {
  it('share one real hash per password, which signs them in', async () => {
    const [first, second, other] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db, { password: 'outra-senha-456' }),
    ]);
    expect(second.passwordHash).toBe(first.passwordHash);
    expect(other.passwordHash).not.toBe(first.passwordHash);
    expect(await verifyPassword(first.passwordHash, DEFAULT_PASSWORD)).toBe(true);
    expect(await verifyPassword(other.passwordHash, 'outra-senha-456')).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...formEncoded({ username: second.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.statusCode).toBe(200);
  });

  it('leave the app hashing every password it is given', async () => {
    const hashes: string[] = [];
    for (const email of ['um@exemplo.com.br', 'dois@exemplo.com.br']) {
      const body = await multipart({
        email,
        first_name: 'Ana',
        last_name: 'Lima',
        cpf: randomCpf(),
        phone: '51999998888',
        password: DEFAULT_PASSWORD,
      });
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      hashes.push(row!.passwordHash);
    }
    expect(hashes[1]).not.toBe(hashes[0]);
  });
});
