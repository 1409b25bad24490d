import { messages } from '@agroselo/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authFailures, users } from '../../src/db/schema';
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

describe('POST /api/auth/token: brute force per account', () => {
  const failTimes = async (username: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      expect((await login(username, 'errada-123')).statusCode).toBe(401);
    }
  };
  const expectLocked = (response: Awaited<ReturnType<typeof login>>) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      detail: 'Muitas tentativas. Tente novamente em alguns minutos.',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  };

  it('answers 429 after 10 wrong passwords, even to the right one', async () => {
    const user = await createUser(t.db);
    await failTimes(user.email, 10);
    expectLocked(await login(user.email, DEFAULT_PASSWORD));
    expectLocked(await login(user.email.toUpperCase(), DEFAULT_PASSWORD));
  });

  it('locks the account only: another account behind the same address still signs in', async () => {
    const victim = await createUser(t.db);
    const neighbour = await createUser(t.db);
    await failTimes(victim.email, 10);
    expect((await login(neighbour.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('treats an unknown e-mail the same way, so the limit reveals no account', async () => {
    await failTimes('ninguem.aqui@fazenda.com.br', 10);
    expectLocked(await login('ninguem.aqui@fazenda.com.br', 'errada-123'));
  });

  it('opens again once the 15-minute window has passed', async () => {
    const user = await createUser(t.db);
    await failTimes(user.email, 10);
    await t.db
      .update(authFailures)
      .set({ createdAt: sql`${authFailures.createdAt} - interval '15 minutes 1 second'` })
      .where(eq(authFailures.accountKey, user.email));
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('does not forget earlier failures on a successful sign-in', async () => {
    const user = await createUser(t.db);
    await failTimes(user.email, 9);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    await failTimes(user.email, 1);
    expectLocked(await login(user.email, DEFAULT_PASSWORD));
  });

  it('lets no more than 10 guesses through when they arrive at once', async () => {
    const user = await createUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 16 }, () => login(user.email, 'errada-123')),
    );
    const statuses = responses.map((response) => response.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(
      true,
    );
    // How many get checked depends on how the burst interleaves; each one checked stays counted,
    // each one refused leaves the budget untouched.
    const counted = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.accountKey, user.email));
    expect(counted).toHaveLength(checked);
    await failTimes(user.email, 10 - checked);
    expectLocked(await login(user.email, DEFAULT_PASSWORD));
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
