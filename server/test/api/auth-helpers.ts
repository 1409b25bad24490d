import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema';
import { multipart } from '../support/http';
import type { TestApp } from '../support/test-app';

/** The six-digit code of the newest verification e-mail sent to `address`. */
export async function lastCodeSentTo(t: TestApp, address: string): Promise<string> {
  const [mail] = (await t.mailTo(address)).filter((row) =>
    row.subject.includes('código de verificação'),
  );
  const code = mail?.text.match(/código de verificação AgroSelo é: (\d{6})/)?.[1];
  expect(code, `no verification code mailed to ${address}`).toBeDefined();
  return code!;
}

export const validSignUp = (overrides: Record<string, string> = {}) => ({
  email: `novo-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@fazenda.com.br`,
  first_name: 'João',
  last_name: 'Conceição',
  cpf: '529.982.247-25',
  phone: '(51) 99999-8888',
  password: 'senha-forte-123',
  ...overrides,
});

/** Signs up through the API (multipart, as the web does); returns the row and its bearer header. */
export async function signUp(t: TestApp, overrides: Record<string, string> = {}) {
  const fields = validSignUp(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...(await multipart(fields)),
  });
  expect(response.statusCode).toBe(201);
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, response.json<{ id: string }>().id));
  return { fields, user: row!, headers: await t.auth(row!) };
}
