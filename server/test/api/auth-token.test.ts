import { messages } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, type UserRow } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { email: 'produtor@fazenda.com.br', role: 'owner' });
});

const login = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

describe('POST /api/auth/token', () => {
  it('answers 422 with pt-BR messages when fields are missing', async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(422);
    const detail = response.json().detail as { loc: string[]; msg: string }[];
    expect(detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'username'], msg: messages.login.emailRequired }),
    );
    expect(detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'password'], msg: messages.login.passwordRequired }),
    );
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    for (const [username, password] of [
      ['produtor@fazenda.com.br', 'errada-123'],
      ['ninguem@fazenda.com.br', DEFAULT_PASSWORD],
    ] as const) {
      const response = await login(username, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'E-mail ou senha incorretos' });
    }
  });

  it('refuses a disabled account with 403', async () => {
    const disabled = await createUser(t.db, { disabled: true });
    const response = await login(disabled.email, DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.accountDisabled });
  });

  it('gives a bearer token for the right pair, whatever the e-mail case', async () => {
    const response = await login('Produtor@Fazenda.com.br', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  });

  it('also accepts JSON from browser-less clients', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: owner.email, password: DEFAULT_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/auth/info', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.app.inject({ url: '/api/auth/info' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/auth/info',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: messages.auth.sessionExpired });
  });

  it('returns the caller in snake_case without the hash', async () => {
    const response = await t.app.inject({ url: '/api/auth/info', headers: await t.auth(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: owner.id,
      email: owner.email,
      first_name: 'Maria',
      last_name: 'Silva',
      cpf: owner.cpf,
      phone: '51999998888',
      role: 'owner',
      crea: null,
      disabled: false,
      pending: false,
    });
  });

  it('stops honouring a token once the token version changes', async () => {
    const user = await createUser(t.db);
    const headers = await t.auth(user);
    await t.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/auth/info', headers })).statusCode).toBe(401);
  });
});
