import { generateKeyPairSync } from 'node:crypto';
import { messages } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, type UserRow } from '../../src/db/seed/factories';
import { ACCESS_MATRIX, buildFixture, splitRoute, type Fixture } from '../access-matrix';
import { lastCodeSentTo, signUp } from '../api/auth-helpers';
import { formEncoded, multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';

const SECRET = 'test-secret-test-secret-test-secret-1234';

let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [t, proxied] = await Promise.all([
    buildTestApp(),
    // The requests of app.inject come from 127.0.0.1: here that is the trusted proxy.
    buildTestApp({ TRUST_PROXY: '127.0.0.1' }),
  ]);
});

const login = (
  app: TestApp,
  username: string,
  password: string,
  options: Partial<InjectOptions> = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    ...formEncoded({ username, password }),
    ...options,
  });

describe('the per-account password limit, whatever address the guesses claim', () => {
  for (const [name, app] of [
    ['without TRUST_PROXY', () => t],
    ['behind a trusted proxy', () => proxied],
  ] as const) {
    it(`answers the 11th wrong password with 429 when X-Forwarded-For changes every try (${name})`, async () => {
      const user = await createUser(app().db);
      for (let i = 1; i <= 10; i += 1) {
        const response = await login(app(), user.email, `errada-${i}`, {
          headers: { ...formEncoded({}).headers, 'x-forwarded-for': `203.0.113.${i}` },
        });
        expect(response.statusCode, `try ${i}`).toBe(401);
      }
      const eleventh = await login(app(), user.email, DEFAULT_PASSWORD, {
        headers: { ...formEncoded({}).headers, 'x-forwarded-for': '198.51.100.77' },
      });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual({ detail: messages.auth.tooManyAttempts });
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    });
  }
});

describe('X-Forwarded-For is believed only from TRUST_PROXY', () => {
  const flood = async (app: TestApp, remoteAddress: string) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const response = await app.app.inject({
        url: '/api/stamp/all',
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('counts a client that forges the header by its own address', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    expect(await flood(limited, '127.0.0.1')).toEqual([200, 200, 200, 429]);
  });

  it('counts each client behind the trusted proxy by the address the proxy forwards', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' });
    expect(await flood(limited, '127.0.0.1')).toEqual([200, 200, 200, 200]);
    // Anyone else claiming to forward is not believed.
    expect(await flood(limited, '127.0.0.9')).toEqual([200, 200, 200, 429]);
  });
});

describe('tokens are HS256 with the server secret, and nothing else', () => {
  let user: UserRow;
  const claims = () => ({ ver: user.tokenVersion });
  const key = new TextEncoder().encode(SECRET);
  const info = (token: string) =>
    t.app.inject({ url: '/api/auth/info', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    user = await createUser(t.db);
  });

  it('honours a genuine token (the control)', async () => {
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await info(token)).statusCode).toBe(200);
  });

  it('answers 401 to alg none, HS512 with the right secret, RS256, a wrong secret, expired or malformed', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = {
      'alg none': new UnsecuredJWT(claims())
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode(),
      'alg none with a signature': `${new UnsecuredJWT(claims()).setSubject(user.id).encode()}c2lnbmF0dXJl`,
      HS512: await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(key),
      RS256: await new SignJWT(claims())
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(privateKey),
      'HS256 header, RS256-looking signature': (() => {
        const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString(
          'base64url',
        );
        const payload = Buffer.from(
          JSON.stringify({ ...claims(), sub: user.id, exp: Date.now() / 1000 + 3600 }),
        ).toString('base64url');
        return `${header}.${payload}.${Buffer.alloc(256, 7).toString('base64url')}`;
      })(),
      'wrong secret': await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(40))),
      expired: await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key),
      'no version': await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setExpirationTime('1h')
        .sign(key),
      'unknown user': await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('0190b6a3-7e2f-7c3a-8b1d-000000000000')
        .setExpirationTime('1h')
        .sign(key),
      garbage: 'eyJ.eyJ.x',
    };
    const accepted: string[] = [];
    for (const [name, token] of Object.entries(forged)) {
      const response = await info(token);
      if (
        response.statusCode !== 401 ||
        response.json<{ detail: string }>().detail !== messages.auth.sessionExpired
      )
        accepted.push(`${name}: ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });
});

describe('an e-mail change ends every older token at once', () => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await buildFixture(t);
  });

  it('answers 401 to the old token on every guarded route of the access matrix', async () => {
    const owner = fx.users.owner;
    const oldAuth = await t.auth(owner);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers: oldAuth,
      payload: { email: `trocado-${Date.now()}@fazenda.com.br` },
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.tokenVersion).toBe(owner.tokenVersion + 1);

    const stillHonoured: string[] = [];
    for (const row of ACCESS_MATRIX.filter((r) => r.expect.anonymous === 401)) {
      const { method, url } = splitRoute(row.route);
      const body = row.body ? await row.body(fx, 'owner') : {};
      const response = await t.app.inject({
        method: method as InjectOptions['method'],
        url: row.path?.(fx) ?? url,
        payload: body.payload,
        headers: { ...body.headers, ...oldAuth },
      });
      if (response.statusCode !== 401) stillHonoured.push(`${row.route}: ${response.statusCode}`);
    }
    expect(stillHonoured).toEqual([]);
  });
});

describe('verification codes are single-use', () => {
  const activate = async (headers: Record<string, string>, code: string) => {
    const body = await multipart({ code });
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  it('a used code does not verify a later e-mail change', async () => {
    const { headers, fields } = await signUp(t);
    const first = await lastCodeSentTo(t, fields.email);
    expect((await activate(headers, first)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers,
      payload: { email: `mudou-${Date.now()}@fazenda.com.br` },
    });
    const fresh = {
      authorization: `Bearer ${changed.json<{ access_token: string }>().access_token}`,
    };
    const reused = await activate(fresh, first);
    expect(reused.statusCode).toBe(400);
  });

  it('an unused code dies when a new one is sent', async () => {
    const { user, headers, fields } = await signUp(t);
    const old = await lastCodeSentTo(t, fields.email);
    await t.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.userId, user.id));
    const resent = await t.app.inject({ method: 'POST', url: '/api/auth/resend-code', headers });
    expect(resent.statusCode).toBe(200);
    const fresh = await lastCodeSentTo(t, fields.email);
    if (fresh !== old) {
      const response = await activate(headers, old);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: messages.auth.codeWrong });
    }
    expect((await activate(headers, fresh)).statusCode).toBe(200);
  });
});
