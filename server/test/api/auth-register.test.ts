import { messages, VERIFICATION_CODE_TTL_MINUTES } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { users, verificationCodes } from '../../src/db/schema';
import { createUser } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';
import { lastCodeSentTo, validSignUp } from './auth-helpers';
import { multipart } from '../support/http';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://agroselo.exemplo.br' });
});

const register = async (fields: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    ...(await multipart(fields)),
  });

type Issue = { loc: (string | number)[]; msg: string };
const issues = (body: unknown) => (body as { detail: Issue[] }).detail;

describe('POST /api/auth/register', () => {
  it('answers 422 with the spec messages when every field is empty', async () => {
    const response = await register({
      email: '',
      first_name: '',
      last_name: '',
      cpf: '',
      phone: '',
      password: '',
    });
    expect(response.statusCode).toBe(422);
    const m = messages.register;
    expect(issues(response.json())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'email'], msg: m.emailRequired }),
        expect.objectContaining({ loc: ['body', 'first_name'], msg: m.firstNameRequired }),
        expect.objectContaining({ loc: ['body', 'last_name'], msg: m.lastNameRequired }),
        expect.objectContaining({ loc: ['body', 'cpf'], msg: m.cpfRequired }),
        expect.objectContaining({ loc: ['body', 'phone'], msg: m.phoneRequired }),
        expect.objectContaining({ loc: ['body', 'password'], msg: m.passwordRequired }),
      ]),
    );
  });

  it('answers 422 when fields are missing altogether', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(issues(response.json())).toContainEqual(
      expect.objectContaining({ loc: ['body', 'email'], msg: messages.register.emailRequired }),
    );
  });

  it('answers 422 for invalid values: address, blanks, CPF check digits, phone, short password', async () => {
    const response = await register({
      email: 'sem-arroba.com.br',
      first_name: '   ',
      last_name: '  ',
      cpf: '529.982.247-26',
      phone: '(51) 9999',
      password: 'curta',
    });
    expect(response.statusCode).toBe(422);
    const m = messages.register;
    expect(issues(response.json())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'email'], msg: m.emailInvalid }),
        expect.objectContaining({ loc: ['body', 'first_name'], msg: m.firstNameInvalid }),
        expect.objectContaining({ loc: ['body', 'last_name'], msg: m.lastNameInvalid }),
        expect.objectContaining({ loc: ['body', 'cpf'], msg: m.cpfInvalid }),
        expect.objectContaining({ loc: ['body', 'phone'], msg: m.phoneInvalid }),
        expect.objectContaining({ loc: ['body', 'password'], msg: m.passwordTooShort }),
      ]),
    );
  });

  it('never answers 500 to malformed bodies', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validSignUp(), cpf: 52998224725, password: ['a'] },
    });
    expect(wrongTypes.statusCode).toBe(422);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'email=x',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ detail: messages.common.malformedBody });
    const cutShort = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx',
    });
    expect(cutShort.statusCode).toBe(400);
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    await createUser(t.db, { email: 'ja.existe@fazenda.com.br' });
    const response = await register(validSignUp({ email: 'Ja.Existe@Fazenda.com.BR' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'E-mail já cadastrado' });
  });

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const fields = validSignUp();
    const statuses = (await Promise.all([register(fields), register(fields)])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(users).where(eq(users.email, fields.email));
    expect(rows).toHaveLength(1);
  });

  it('creates a pending user account and answers 201 with it', async () => {
    const fields = validSignUp({ email: 'Joao.Conceicao@Fazenda.com.br' });
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      email: 'joao.conceicao@fazenda.com.br',
      first_name: 'João',
      last_name: 'Conceição',
      cpf: '52998224725',
      phone: '51999998888',
      role: 'user',
      crea: null,
      disabled: false,
      pending: true,
    });
  });

  it('also accepts JSON from browser-less clients', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: validSignUp(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('stores an argon2id hash, the search text and a hashed code, and mails the code', async () => {
    const fields = validSignUp();
    const before = Date.now();
    const response = await register(fields);
    expect(response.statusCode).toBe(201);

    const [row] = await t.db.select().from(users).where(eq(users.email, fields.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.searchText).toBe(`joao conceicao ${fields.email} 52998224725`);

    const code = await lastCodeSentTo(t, fields.email);
    const codes = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, row!.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeHash).not.toContain(code);
    expect(codes[0]!.attempts).toBe(0);
    const ttl = codes[0]!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(VERIFICATION_CODE_TTL_MINUTES * 60_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(VERIFICATION_CODE_TTL_MINUTES * 60_000 + 5_000);

    const [mail] = await t.mailTo(fields.email);
    expect(mail?.subject).toBe('Seu código de verificação AgroSelo');
    expect(mail?.text).toContain('Olá, João!');
    expect(mail?.text).toContain('15 minutos');
    expect(mail?.text).toContain('https://agroselo.exemplo.br/verification-code');
    expect(mail?.text).toContain('Se você não pediu este código, ignore este e-mail.');
    expect(mail?.html).toContain(code);
  });

  it('escapes the name in the HTML e-mail', async () => {
    const fields = validSignUp({ first_name: '<b>Zé</b>' });
    expect((await register(fields)).statusCode).toBe(201);
    const [mail] = await t.mailTo(fields.email);
    expect(mail?.html).toContain('&lt;b&gt;Zé&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Zé</b>');
  });

  it('answers 201 even when sending fails: the outbox keeps the message for a retry', async () => {
    const flush = vi
      .spyOn(t.deps.mailer, 'flush')
      .mockRejectedValueOnce(new Error('SMTP fora do ar'));
    const fields = validSignUp();
    const response = await register(fields);
    expect(response.statusCode).toBe(201);
    expect(flush).toHaveBeenCalled();
    expect(await t.mailTo(fields.email)).toHaveLength(1);
    flush.mockRestore();
  });

  it('lets a pending account sign in and read its own info', async () => {
    const fields = validSignUp();
    await register(fields);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: fields.email, password: fields.password },
    });
    expect(login.statusCode).toBe(200);
    const info = await t.app.inject({
      url: '/api/auth/info',
      headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
    });
    expect(info.json()).toMatchObject({ email: fields.email, pending: true });
  });

  it('limits one address to 300 requests a minute, without touching other addresses', async () => {
    const flooder = '203.0.113.7';
    const empty = { email: '' };
    for (let i = 0; i < 300; i += 1) {
      const response = await register(empty, flooder);
      expect(response.statusCode).toBe(422);
    }
    const limited = await register(empty, flooder);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: messages.auth.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(empty, '203.0.113.8')).statusCode).toBe(422);
  });
});
