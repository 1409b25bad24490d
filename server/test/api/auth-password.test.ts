import { messages, RESEND_CODE_COOLDOWN_SECONDS } from '@agroselo/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userEvents, users, verificationCodes } from '../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, type UserRow } from '../../src/db/seed/factories';
import { formEncoded, multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';
import { lastCodeSentTo, signUp, validSignUp } from './auth-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

type Issue = { loc: (string | number)[]; msg: string };

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token', ...formEncoded({ username, password }) });
const info = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/info', headers });

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const reset = (body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });

/** The six-digit code of the newest reset e-mail sent to `address`. */
async function resetCodeSentTo(address: string): Promise<string> {
  const [mail] = (await t.mailTo(address)).filter((row) => row.subject.includes('redefinir'));
  const code = mail?.text.match(/redefinir a senha do AgroSelo é: (\d{6})/)?.[1];
  expect(code, `no reset code mailed to ${address}`).toBeDefined();
  return code!;
}

const resetMailsTo = async (address: string) =>
  (await t.mailTo(address)).filter((row) => row.subject.includes('redefinir'));

const wrongCode = (code: string) =>
  code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));

const NEW_PASSWORD = 'colheita-de-inverno-9';

describe('POST /api/auth/forgot-password', () => {
  it('answers 422 to a missing or malformed address', async () => {
    for (const [email, msg] of [
      ['', messages.register.emailRequired],
      ['sem-arroba', messages.register.emailInvalid],
    ]) {
      const response = await forgot(email!);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'email'], msg }),
      );
    }
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const user = await createUser(t.db, { email: 'esqueci@fazenda.com.br' });
    const known = await forgot('Esqueci@Fazenda.com.br');
    const unknown = await forgot('ninguem.mesmo@fazenda.com.br');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({
      email: 'esqueci@fazenda.com.br',
      resend_after: RESEND_CODE_COOLDOWN_SECONDS,
    });
    expect(unknown.json()).toEqual({
      email: 'ninguem.mesmo@fazenda.com.br',
      resend_after: RESEND_CODE_COOLDOWN_SECONDS,
    });
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const code = await resetCodeSentTo(user.email);
    const [mail] = await resetMailsTo(user.email);
    expect(mail?.subject).toBe('Código para redefinir sua senha do AgroSelo');
    expect(mail?.text).toContain('/reset-password?email=esqueci%40fazenda.com.br');
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.mailTo('ninguem.mesmo@fazenda.com.br')).toEqual([]);
  });

  it('also takes the form-encoded body of a browser form', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      ...formEncoded({ email: user.email }),
    });
    expect(response.statusCode).toBe(202);
    await resetCodeSentTo(user.email);
  });

  it('sends at most one code a minute, without saying so', async () => {
    const user = await createUser(t.db);
    expect((await forgot(user.email)).statusCode).toBe(202);
    expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
    await t.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verificationCodes.userId, user.id));
    expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await resetMailsTo(user.email)).toHaveLength(2);
  });

  it('mails nothing to a disabled account', async () => {
    const disabled = await createUser(t.db, { disabled: true });
    expect((await forgot(disabled.email)).statusCode).toBe(202);
    expect(await t.mailTo(disabled.email)).toEqual([]);
  });

  it('keeps the verification code of a pending account, and neither code does the other’s job', async () => {
    const { user, headers } = await signUp(t);
    const verifyCode = await lastCodeSentTo(t, user.email);
    await forgot(user.email);
    const resetCode = await resetCodeSentTo(user.email);

    const activateWithReset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      headers,
      payload: { code: resetCode },
    });
    expect(activateWithReset.statusCode).toBe(400);
    expect((await rowOf(user.id)).pending).toBe(true);

    const resetWithVerify = await reset({
      email: user.email,
      code: verifyCode,
      password: NEW_PASSWORD,
    });
    expect(resetWithVerify.statusCode).toBe(400);

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      headers,
      payload: { code: verifyCode },
    });
    expect(activated.statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password', () => {
  const invalid = { detail: messages.password.resetCodeInvalid };

  it('answers 422 to missing fields and to a password the policy refuses', async () => {
    const user = await createUser(t.db, { email: 'politica@fazenda.com.br', cpf: '52998224725' });
    const empty = await reset({ email: '', code: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ detail: Issue[] }>().detail.map((issue) => issue.loc)).toEqual([
      ['body', 'email'],
      ['body', 'code'],
      ['body', 'password'],
    ]);
    for (const [password, msg] of [
      ['senha123', messages.password.common],
      ['Brasil123', messages.password.common],
      ['politica@fazenda.com.br', messages.password.sameAsEmail],
      ['POLITICA', messages.password.sameAsEmail],
      ['529.982.247-25', messages.password.sameAsCpf],
    ]) {
      const response = await reset({ email: user.email, code: '123456', password: password! });
      expect(response.statusCode, password).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'password'], msg }),
      );
    }
  });

  it('answers a wrong code, an unknown address and no code at all with the same 400', async () => {
    const user = await createUser(t.db);
    const noCode = await reset({ email: user.email, code: '123456', password: NEW_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual(invalid);

    await forgot(user.email);
    const code = await resetCodeSentTo(user.email);
    const wrong = await reset({ email: user.email, code: wrongCode(code), password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalid);

    const unknown = await reset({
      email: 'nao.existe@fazenda.com.br',
      code,
      password: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalid);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired code, even the right one', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const code = await resetCodeSentTo(user.email);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const response = await reset({ email: user.email, code, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
  });

  it('kills a code after 5 wrong tries', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const code = await resetCodeSentTo(user.email);
    for (let i = 0; i < 5; i += 1) {
      const body = { email: user.email, code: wrongCode(code), password: NEW_PASSWORD };
      expect((await reset(body)).statusCode).toBe(400);
    }
    const right = await reset({ email: user.email, code, password: NEW_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(invalid);
  });

  it('limits an address to 10 tries in 15 minutes, known or not', async () => {
    for (const email of ['limite@fazenda.com.br', 'limite.desconhecido@fazenda.com.br']) {
      if (email.startsWith('limite@')) await createUser(t.db, { email });
      for (let i = 0; i < 10; i += 1) {
        const body = { email, code: '000000', password: NEW_PASSWORD };
        expect((await reset(body)).statusCode).toBe(400);
      }
      const locked = await reset({ email, code: '000000', password: NEW_PASSWORD });
      expect(locked.statusCode, email).toBe(429);
      expect(locked.json()).toEqual({ detail: messages.auth.tooManyAttempts });
    }
  });

  it('sets the new password with the mailed code, ends every older session, once', async () => {
    const user = await createUser(t.db, { email: 'recupera@fazenda.com.br' });
    const oldSession = await t.auth(user);
    await forgot(user.email);
    const code = await resetCodeSentTo(user.email);

    const body = await multipart({
      email: 'Recupera@Fazenda.com.br',
      code,
      password: NEW_PASSWORD,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      ...body,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await info(oldSession)).statusCode).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row.tokenVersion).toBe(user.tokenVersion + 1);
    const [event] = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect(event).toMatchObject({ type: 'password_reset', actorId: user.id });

    const reused = await reset({ email: user.email, code, password: 'outra-colheita-10' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalid);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('leaves a pending account pending: a reset code proves no address', async () => {
    const { user } = await signUp(t);
    await forgot(user.email);
    const code = await resetCodeSentTo(user.email);
    expect((await reset({ email: user.email, code, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await rowOf(user.id)).pending).toBe(true);
  });
});

describe('PUT /api/auth/password', () => {
  /** As `user`, or with no token at all for null. */
  const change = async (user: UserRow | null, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: user ? await t.auth(user) : {},
      payload: body,
    });

  it('answers 401 without a token and 403 to a pending account', async () => {
    const body = { current_password: DEFAULT_PASSWORD, new_password: NEW_PASSWORD };
    expect((await change(null, body)).statusCode).toBe(401);
    const pending = await createUser(t.db, { pending: true });
    const response = await change(pending, body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.accountNotVerified });
  });

  it('answers 422 to missing fields, the same password and one the policy refuses', async () => {
    const user = await createUser(t.db, { email: 'joana.prado@fazenda.com.br' });
    const cases: [Record<string, string>, string, string][] = [
      [
        { current_password: '', new_password: NEW_PASSWORD },
        'current_password',
        messages.password.currentRequired,
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: '' },
        'new_password',
        messages.register.passwordRequired,
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: DEFAULT_PASSWORD },
        'new_password',
        messages.password.sameAsCurrent,
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: '12345678' },
        'new_password',
        messages.password.common,
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: 'Joana.Prado' },
        'new_password',
        messages.password.sameAsEmail,
      ],
      [
        { current_password: DEFAULT_PASSWORD, new_password: user.cpf },
        'new_password',
        messages.password.sameAsCpf,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const response = await change(user, body);
      expect(response.statusCode, msg).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', field], msg }),
      );
    }
    expect((await rowOf(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('answers 400 to a wrong current password without ending the session', async () => {
    const user = await createUser(t.db);
    const response = await change(user, {
      current_password: 'nao-e-esta-senha',
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: messages.password.currentWrong });
    expect((await info(await t.auth(user))).statusCode).toBe(200);
  });

  it('counts wrong current passwords in the account’s login budget', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i += 1) {
      const body = { current_password: `errada-${i}-xyz`, new_password: NEW_PASSWORD };
      expect((await change(user, body)).statusCode).toBe(400);
    }
    const locked = await change(user, {
      current_password: DEFAULT_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
  });

  it('changes the password, ends the other sessions and keeps this one with a new token', async () => {
    const user = await createUser(t.db, { email: 'troca@fazenda.com.br' });
    const otherDevice = await t.auth(user);
    const response = await change(user, {
      current_password: DEFAULT_PASSWORD,
      new_password: `  ${NEW_PASSWORD}  `,
    });
    expect(response.statusCode).toBe(200);
    const { access_token: token } = response.json<{ access_token: string }>();
    expect(response.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });

    expect((await info(otherDevice)).statusCode).toBe(401);
    expect((await info({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // Taken exactly as typed: the spaces are part of the new password.
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, `  ${NEW_PASSWORD}  `)).statusCode).toBe(200);
    expect((await login(user.email, DEFAULT_PASSWORD)).statusCode).toBe(401);

    const [notice] = await t.mailTo(user.email);
    expect(notice?.subject).toBe('A senha da sua conta AgroSelo foi alterada');
    const [event] = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect(event).toMatchObject({ type: 'password_changed', actorId: user.id });
  });
});

describe('the password policy at sign-up', () => {
  const register = async (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', ...(await multipart(fields)) });

  it('refuses common passwords and ones equal to the e-mail or the CPF, with 422', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ password: 'senha123' }, messages.password.common],
      [{ password: '12345678' }, messages.password.common],
      [{ password: 'brasil123' }, messages.password.common],
      [{ password: 'Flamengo123' }, messages.password.common],
      [
        { email: 'lucia.prado@fazenda.com.br', password: 'lucia.prado' },
        messages.password.sameAsEmail,
      ],
      [{ cpf: '529.982.247-25', password: '52998224725' }, messages.password.sameAsCpf],
    ];
    for (const [overrides, msg] of cases) {
      const fields = validSignUp(overrides);
      const response = await register(fields);
      expect(response.statusCode, overrides.password).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'password'], msg }),
      );
      expect(await t.db.select().from(users).where(eq(users.email, fields.email))).toEqual([]);
    }
  });

  it('takes a long password exactly as typed, spaces included', async () => {
    const password = ` ${'arroz-irrigado-'.repeat(6)} `;
    expect(password.length).toBeGreaterThan(64);
    const fields = validSignUp({ password });
    expect((await register(fields)).statusCode).toBe(201);
    expect((await login(fields.email, password)).statusCode).toBe(200);
    expect((await login(fields.email, password.trim())).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/update by a pending account', () => {
  it('corrects a mistyped e-mail: the code goes to the new address, nothing to the old', async () => {
    const { user, headers } = await signUp(t, { email: 'digitado.errado@fazenda.com.br' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers,
      payload: { email: 'digitado.certo@fazenda.com.br' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access_token: string }>();
    expect(body).toMatchObject({ email: 'digitado.certo@fazenda.com.br', pending: true });

    expect((await info(headers)).statusCode).toBe(401);
    const code = await lastCodeSentTo(t, 'digitado.certo@fazenda.com.br');
    const oldMail = await t.mailTo('digitado.errado@fazenda.com.br');
    expect(oldMail.map((mail) => mail.subject)).toEqual(['Seu código de verificação AgroSelo']);
    const [codeRow] = await t.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.purpose, 'verify')));
    expect(codeRow?.email).toBe('digitado.certo@fazenda.com.br');

    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/activate',
      headers: { authorization: `Bearer ${body.access_token}` },
      payload: { code },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      email: 'digitado.certo@fazenda.com.br',
      pending: false,
    });
  });

  it('changes nothing else while pending', async () => {
    const { user, headers } = await signUp(t);
    for (const payload of [{ first_name: 'Outro' }, { phone: '(51) 98888-7777' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/update',
        headers,
        payload,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.accountNotVerified });
    }
    expect((await rowOf(user.id)).firstName).toBe('João');
  });
});
