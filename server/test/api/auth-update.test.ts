import { messages } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../src/db/schema';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';
import { lastCodeSentTo } from './auth-helpers';
import { multipart } from '../support/http';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const update = async (user: UserRow | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/update',
    headers: user ? await t.auth(user) : {},
    payload,
  });

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

type Issue = { loc: (string | number)[]; msg: string };

describe('PUT /api/auth/update', () => {
  it('answers 401 without a token', async () => {
    const response = await update(null, { first_name: 'Ana' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a pending account', async () => {
    const pending = await createUser(t.db, { pending: true });
    const response = await update(pending, { first_name: 'Ana' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Conta não verificada' });
  });

  it('answers 403 when someone other than a technician sends a CREA', async () => {
    for (const role of ['user', 'owner', 'admin'] as const) {
      const user = await createUser(t.db, { role });
      const response = await update(user, { crea: '1234567' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Apenas técnicos possuem CREA' });
    }
  });

  it('answers 422 unless exactly one field is sent', async () => {
    const user = await createUser(t.db);
    for (const payload of [{}, { first_name: 'Ana', last_name: 'Souza' }]) {
      const response = await update(user, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body'], msg: messages.profile.exactlyOneField }),
      );
    }
  });

  it('answers 422 to fields one cannot change here', async () => {
    const user = await createUser(t.db);
    for (const payload of [{ role: 'admin' }, { pending: false }, { password: 'nova-senha-123' }]) {
      expect((await update(user, payload)).statusCode).toBe(422);
    }
    expect((await rowOf(user.id)).role).toBe('owner');
  });

  it('answers 422 with the field and its message for invalid values', async () => {
    const technician = await createUser(t.db, { role: 'technician' });
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'invalido@' }, 'email', messages.register.emailInvalid],
      [{ first_name: '  ' }, 'first_name', messages.register.firstNameInvalid],
      [{ last_name: '' }, 'last_name', messages.register.lastNameRequired],
      [{ cpf: '111.111.111-11' }, 'cpf', messages.register.cpfInvalid],
      [{ phone: '123' }, 'phone', messages.register.phoneInvalid],
      [{ crea: '123456789' }, 'crea', messages.register.creaInvalid],
    ];
    for (const [payload, field, msg] of cases) {
      const response = await update(technician, payload);
      expect(response.statusCode, field).toBe(422);
      expect(response.json<{ detail: Issue[] }>().detail).toContainEqual(
        expect.objectContaining({ loc: ['body', field], msg }),
      );
    }
  });

  it('answers 409 to an e-mail of another account, whatever its case', async () => {
    await createUser(t.db, { email: 'ocupado@fazenda.com.br' });
    const user = await createUser(t.db);
    const response = await update(user, { email: 'Ocupado@Fazenda.com.br' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: messages.auth.emailTaken });
    const row = await rowOf(user.id);
    expect(row.email).toBe(user.email);
    expect(row.tokenVersion).toBe(user.tokenVersion);
  });

  it('changes a name and keeps the search text in step', async () => {
    const user = await createUser(t.db);
    const response = await update(user, { first_name: '  Ângela ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      first_name: 'Ângela',
      last_name: 'Silva',
    });
    expect(response.json()).not.toHaveProperty('access_token');
    expect((await rowOf(user.id)).searchText).toBe(`angela silva ${user.email} ${user.cpf}`);
  });

  it('stores masked CPF and phone as digits, and pads a technician CREA to 14', async () => {
    const technician = await createUser(t.db, { role: 'technician' });
    expect((await update(technician, { cpf: '529.982.247-25' })).json()).toMatchObject({
      cpf: '52998224725',
    });
    expect((await update(technician, { phone: '(53) 3222-1111' })).json()).toMatchObject({
      phone: '5332221111',
    });
    expect((await update(technician, { crea: '12.345-67' })).json()).toMatchObject({
      crea: '00000001234567',
    });
    const row = await rowOf(technician.id);
    expect([row.cpf, row.phone, row.crea]).toEqual(['52998224725', '5332221111', '00000001234567']);
  });

  it('also accepts multipart', async () => {
    const user = await createUser(t.db);
    const body = await multipart({ last_name: 'Pereira' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers: { ...(await t.auth(user)), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ last_name: 'Pereira' });
  });

  it('treats the same e-mail in another case as no change', async () => {
    const user = await createUser(t.db, { email: 'mesmo@fazenda.com.br' });
    const response = await update(user, { email: 'MESMO@fazenda.com.br' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'mesmo@fazenda.com.br', pending: false });
    expect(response.json()).not.toHaveProperty('access_token');
    expect((await rowOf(user.id)).tokenVersion).toBe(user.tokenVersion);
  });

  describe('an e-mail change', () => {
    it('makes the account pending, ends older tokens and hands over a fresh one', async () => {
      const user = await createUser(t.db, { email: 'antigo@fazenda.com.br', role: 'owner' });
      const oldHeaders = await t.auth(user);
      const response = await update(user, { email: 'Novo@Fazenda.com.br' });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ access_token: string }>();
      expect(body).toMatchObject({
        id: user.id,
        email: 'novo@fazenda.com.br',
        role: 'owner',
        pending: true,
        access_token: expect.any(String),
      });

      const row = await rowOf(user.id);
      expect(row.tokenVersion).toBe(user.tokenVersion + 1);
      expect(row.pending).toBe(true);
      expect(row.searchText).toBe(`maria silva novo@fazenda.com.br ${user.cpf}`);

      const old = await t.app.inject({ url: '/api/auth/info', headers: oldHeaders });
      expect(old.statusCode).toBe(401);
      const fresh = { authorization: `Bearer ${body.access_token}` };
      const info = await t.app.inject({ url: '/api/auth/info', headers: fresh });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ email: 'novo@fazenda.com.br', pending: true });
      // Pending again: only info, activate and resend until the new address is proven.
      const blocked = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/update',
        headers: fresh,
        payload: { first_name: 'Ana' },
      });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toEqual({ detail: messages.auth.accountNotVerified });
    });

    it('mails a code to the new address, a notice to the old one, and the code activates', async () => {
      const user = await createUser(t.db, { email: 'velho@fazenda.com.br' });
      const response = await update(user, { email: 'nova.caixa@fazenda.com.br' });
      const fresh = {
        authorization: `Bearer ${response.json<{ access_token: string }>().access_token}`,
      };

      const code = await lastCodeSentTo(t, 'nova.caixa@fazenda.com.br');
      const [mail] = await t.mailTo('nova.caixa@fazenda.com.br');
      expect(mail?.text).toContain('confirmar seu novo endereço de e-mail');
      const [notice] = await t.mailTo('velho@fazenda.com.br');
      expect(notice?.subject).toBe('O e-mail da sua conta AgroSelo foi alterado');
      expect(notice?.text).toContain('nova.caixa@fazenda.com.br');
      expect(notice?.text).not.toMatch(/\d{6}/);

      const codes = await t.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, user.id));
      expect(codes.map((row) => row.email)).toEqual(['nova.caixa@fazenda.com.br']);

      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/auth/activate',
        headers: fresh,
        payload: { code },
      });
      expect(activated.statusCode).toBe(200);
      expect(activated.json()).toMatchObject({
        email: 'nova.caixa@fazenda.com.br',
        pending: false,
      });
    });

    it('frees the old address for someone else', async () => {
      const user = await createUser(t.db, { email: 'liberado@fazenda.com.br' });
      expect((await update(user, { email: 'outro.liberado@fazenda.com.br' })).statusCode).toBe(200);
      const other = await createUser(t.db);
      expect((await update(other, { email: 'liberado@fazenda.com.br' })).statusCode).toBe(200);
    });
  });
});
