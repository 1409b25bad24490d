import { messages, RESEND_CODE_COOLDOWN_SECONDS } from '@agroselo/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authFailures, users, verificationCodes } from '../../src/db/schema';
import { createUser } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';
import { lastCodeSentTo, signUp } from './auth-helpers';
import { multipart } from '../support/http';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const activate = async (headers: Record<string, string>, code: string) => {
  const body = await multipart({ code });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/activate',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const resend = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/resend-code', headers });

const codesOf = (userId: string) =>
  t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));

/** Moves the user's codes back in time, as if the resend cooldown had passed. */
const ageCodes = (userId: string, seconds: number) =>
  t.db
    .update(verificationCodes)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(verificationCodes.userId, userId));

/** A digit string of the same length that is certainly not `code`. */
const wrongCode = (code: string) =>
  code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));

describe('POST /api/auth/activate', () => {
  it('answers 401 without a token', async () => {
    const response = await activate({}, '123456');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: messages.auth.notAuthenticated });
  });

  it('answers 403 to a disabled account', async () => {
    const disabled = await createUser(t.db, { pending: true, disabled: true });
    const response = await activate(await t.auth(disabled), '123456');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.accountDisabled });
  });

  it('answers 422 without a code', async () => {
    const { headers } = await signUp(t);
    const response = await activate(headers, '');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [expect.objectContaining({ loc: ['body', 'code'], msg: 'Informe o código' })],
    });
  });

  it('answers 409 to an account already verified', async () => {
    const active = await createUser(t.db);
    const response = await activate(await t.auth(active), '123456');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Conta já verificada' });
  });

  it('answers 400 to a wrong code and counts the try', async () => {
    const { user, headers, fields } = await signUp(t);
    const code = await lastCodeSentTo(t, fields.email);
    const response = await activate(headers, wrongCode(code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Código inválido' });
    expect((await codesOf(user.id))[0]?.attempts).toBe(1);
    const failures = await t.db
      .select()
      .from(authFailures)
      .where(and(eq(authFailures.kind, 'code'), eq(authFailures.accountKey, user.id)));
    expect(failures).toHaveLength(1);
  });

  it('answers 400 to an expired code, even the right one', async () => {
    const { user, headers, fields } = await signUp(t);
    const code = await lastCodeSentTo(t, fields.email);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const response = await activate(headers, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Código expirado. Solicite um novo código.' });
  });

  it('answers 400 to an account that has no code at all', async () => {
    const pending = await createUser(t.db, { pending: true });
    const response = await activate(await t.auth(pending), '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: messages.auth.codeExpired });
  });

  it('invalidates a code after 5 wrong tries', async () => {
    const { headers, fields } = await signUp(t);
    const code = await lastCodeSentTo(t, fields.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await activate(headers, wrongCode(code))).json()).toEqual({
        detail: messages.auth.codeWrong,
      });
    }
    const response = await activate(headers, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: messages.auth.codeExpired });
  });

  it('limits the account to 10 wrong codes in 15 minutes, across new codes', async () => {
    const { user, headers, fields } = await signUp(t);
    for (let round = 0; round < 2; round += 1) {
      const code = await lastCodeSentTo(t, fields.email);
      for (let i = 0; i < 5; i += 1) {
        expect((await activate(headers, wrongCode(code))).statusCode).toBe(400);
      }
      await ageCodes(user.id, RESEND_CODE_COOLDOWN_SECONDS + 1);
      expect((await resend(headers)).statusCode).toBe(200);
    }
    const response = await activate(headers, await lastCodeSentTo(t, fields.email));
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ detail: messages.auth.tooManyAttempts });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.pending).toBe(true);
  });

  it('activates the account with the mailed code, sent as multipart', async () => {
    const { user, headers, fields } = await signUp(t);
    const response = await activate(headers, await lastCodeSentTo(t, fields.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: fields.email, pending: false });
  });

  it('accepts JSON and a code typed with a space', async () => {
    const { headers, fields } = await signUp(t);
    const code = await lastCodeSentTo(t, fields.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      headers,
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('consumes the code, ends pending and opens the rest of the API to the same token', async () => {
    const { user, headers, fields } = await signUp(t);
    const code = await lastCodeSentTo(t, fields.email);
    expect((await activate(headers, wrongCode(code))).statusCode).toBe(400);
    expect((await activate(headers, code)).statusCode).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.pending).toBe(false);
    const [stored] = await codesOf(user.id);
    expect(stored?.consumedAt).toBeInstanceOf(Date);
    // A success leaves the budget; the wrong try before it stays counted.
    const failures = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.accountKey, user.id));
    expect(failures).toHaveLength(1);

    const info = await t.app.inject({ url: '/api/auth/info', headers });
    expect(info.json()).toMatchObject({ pending: false });
    const again = await activate(headers, code);
    expect(again.statusCode).toBe(409);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers,
      payload: { first_name: 'Joana' },
    });
    expect(update.statusCode).toBe(200);
  });
});

describe('POST /api/auth/resend-code', () => {
  it('answers 401 without a token', async () => {
    expect((await resend({})).statusCode).toBe(401);
  });

  it('answers 409 to an account already verified', async () => {
    const active = await createUser(t.db);
    const response = await resend(await t.auth(active));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: messages.auth.alreadyVerified });
  });

  it('answers 429 with Retry-After within a minute of the last code', async () => {
    const { headers } = await signUp(t);
    const response = await resend(headers);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      detail: 'Aguarde um minuto antes de pedir um novo código.',
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RESEND_CODE_COOLDOWN_SECONDS);
  });

  it('sends a new code that replaces the old one', async () => {
    const { user, headers, fields } = await signUp(t);
    await ageCodes(user.id, RESEND_CODE_COOLDOWN_SECONDS + 1);
    const before = Date.now();
    const response = await resend(headers);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ email: string; expires_at: string; resend_after: number }>();
    expect(body).toEqual({
      email: fields.email,
      expires_at: expect.any(String),
      resend_after: RESEND_CODE_COOLDOWN_SECONDS,
    });
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(before + 14 * 60_000);

    expect(await t.mailTo(fields.email)).toHaveLength(2);
    const codes = await codesOf(user.id);
    expect(codes).toHaveLength(1);
    expect(codes[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await activate(headers, await lastCodeSentTo(t, fields.email))).statusCode).toBe(200);
  });

  it('counts the cooldown per account: another account resends freely', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    await ageCodes(second.user.id, RESEND_CODE_COOLDOWN_SECONDS + 1);
    expect((await resend(first.headers)).statusCode).toBe(429);
    expect((await resend(second.headers)).statusCode).toBe(200);
  });
});
