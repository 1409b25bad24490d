import { ManagedUserSchema, messages, UserEventSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userEvents, users } from '../../src/db/schema';
import { createUser, DEFAULT_PASSWORD, type UserRow } from '../../src/db/seed/factories';
import { formEncoded, multipart } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: UserRow;
let adminHeaders: { authorization: string };
let angela: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin', firstName: 'Beatriz', lastName: 'Admin' });
  adminHeaders = await t.auth(admin);
  angela = await createUser(t.db, {
    role: 'owner',
    firstName: 'Ângela',
    lastName: 'Conceição',
    email: 'angela.conceicao@fazenda.com.br',
    cpf: '52998224725',
  });
});

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const eventsOf = (id: string) => t.db.select().from(userEvents).where(eq(userEvents.userId, id));
const login = (username: string, password = DEFAULT_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    ...formEncoded({ username, password }),
  });

const put = async (url: string, caller: UserRow | null, body?: Record<string, string>) => {
  const encoded = body ? await multipart(body) : undefined;
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...(caller ? await t.auth(caller) : {}), ...encoded?.headers },
    payload: encoded?.payload,
  });
};
const asAdmin = (url: string, body?: Record<string, string>) => put(url, admin, body);

const NON_ADMINS = ['user', 'owner', 'technician', 'staff'] as const;
const UNKNOWN_ID = '0190a3c2-7b1e-7c3a-9f1e-3c2b1a0f9e8d';

/** 401 without a token, 403 for every other role and for a pending admin. */
async function expectAdminsOnly(method: 'GET' | 'PUT', url: string) {
  const anonymous = await t.app.inject({ method, url });
  expect(anonymous.statusCode).toBe(401);
  for (const role of NON_ADMINS) {
    const caller = await createUser(t.db, { role });
    const response = await t.app.inject({ method, url, headers: await t.auth(caller) });
    expect(response.statusCode, role).toBe(403);
    expect(response.json()).toEqual({ detail: messages.auth.forbidden });
  }
  const pendingAdmin = await createUser(t.db, { role: 'admin', pending: true });
  const pending = await t.app.inject({ method, url, headers: await t.auth(pendingAdmin) });
  expect(pending.statusCode).toBe(403);
}

describe('GET /api/user/all', () => {
  it('answers 401 without a token and 403 to everyone but admins', async () => {
    await expectAdminsOnly('GET', '/api/user/all');
  });

  it('lists every account in alphabetical order, with its status and the full count', async () => {
    const response = await t.app.inject({ url: '/api/user/all?limit=500', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    const body = z.array(ManagedUserSchema).parse(response.json());
    expect(Number(response.headers['x-total-count'])).toBe(body.length);
    const names = body.map((user) => `${user.first_name} ${user.last_name}`);
    const sorted = [...names].sort((a, b) =>
      a.localeCompare(b, 'pt-BR', { sensitivity: 'base', ignorePunctuation: true }),
    );
    expect(names).toEqual(sorted);
    expect(body.find((user) => user.id === angela.id)).toEqual({
      id: angela.id,
      email: 'angela.conceicao@fazenda.com.br',
      first_name: 'Ângela',
      last_name: 'Conceição',
      cpf: '52998224725',
      phone: '51999998888',
      role: 'owner',
      crea: null,
      disabled: false,
      pending: false,
      created_at: angela.createdAt.toISOString(),
    });
    expect(response.body).not.toContain('password');
  });

  it('answers pages with limit and offset, in one query whatever their size', async () => {
    for (let i = 0; i < 4; i += 1) await createUser(t.db, { firstName: `Zélia ${i}` });
    const first = await t.app.inject({ url: '/api/user/all?limit=2', headers: adminHeaders });
    const total = Number(first.headers['x-total-count']);
    expect(first.json()).toHaveLength(2);
    const last = await t.app.inject({
      url: `/api/user/all?limit=2&offset=${total - 1}`,
      headers: adminHeaders,
    });
    expect(last.json()).toHaveLength(1);
    expect(Number(last.headers['x-total-count'])).toBe(total);
    const past = await t.app.inject({
      url: `/api/user/all?offset=${total + 5}`,
      headers: adminHeaders,
    });
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(total);

    for (const limit of [1, 50]) {
      // The guard reads the caller; the page and its count are the one query after it.
      const queries = await t.queriesDuring(() =>
        t.app.inject({ url: `/api/user/all?limit=${limit}`, headers: adminHeaders }),
      );
      expect(queries, `limit=${limit}`).toHaveLength(2);
    }
  });

  it('answers 422 to a limit out of range', async () => {
    const response = await t.app.inject({ url: '/api/user/all?limit=501', headers: adminHeaders });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /api/user/search', () => {
  const search = async (query: string) => {
    const response = await t.app.inject({
      url: `/api/user/search?query=${encodeURIComponent(query)}`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string }[]>().map((user) => user.id);
  };

  it('answers 401 without a token and 403 to everyone but admins', async () => {
    await expectAdminsOnly('GET', '/api/user/search?query=silva');
  });

  it('finds by name ignoring case and accents, by e-mail and by full name', async () => {
    expect(await search('ANGELA')).toContain(angela.id);
    expect(await search('conceiçao')).toContain(angela.id);
    expect(await search('Ângela Conceição')).toContain(angela.id);
    expect(await search('angela.conceicao@fazenda')).toContain(angela.id);
    expect(await search('ninguém-com-este-nome')).toEqual([]);
  });

  it('finds by CPF with or without its mask, whole or in part', async () => {
    for (const query of ['52998224725', '529.982.247-25', '529.982', '247-25']) {
      expect(await search(query), query).toEqual([angela.id]);
    }
  });

  it('sends the count of matches and lists everyone for a blank query', async () => {
    const response = await t.app.inject({
      url: '/api/user/search?query=angela',
      headers: adminHeaders,
    });
    expect(response.headers['x-total-count']).toBe('1');
    const all = await t.app.inject({ url: '/api/user/all', headers: adminHeaders });
    const blank = await t.app.inject({ url: '/api/user/search?query=', headers: adminHeaders });
    expect(blank.headers['x-total-count']).toBe(all.headers['x-total-count']);
  });

  it('keeps a renamed or re-addressed account findable', async () => {
    const user = await createUser(t.db);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update',
      headers: await t.auth(user),
      payload: { last_name: 'Quaresma' },
    });
    expect(await search('quaresma')).toEqual([user.id]);
  });
});

describe('PUT /api/user/{id}/set-technician', () => {
  const url = (id: string) => `/api/user/${id}/set-technician`;

  it('answers 401 without a token and 403 to everyone but admins', async () => {
    const target = await createUser(t.db, { role: 'user' });
    expect((await put(url(target.id), null, { crea: '1234567' })).statusCode).toBe(401);
    for (const role of NON_ADMINS) {
      const caller = await createUser(t.db, { role });
      const response = await put(url(target.id), caller, { crea: '1234567' });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await rowOf(target.id)).role).toBe('user');
  });

  it('answers 422 to a missing or malformed CREA and to a bad id', async () => {
    const target = await createUser(t.db, { role: 'user' });
    for (const [crea, msg] of [
      ['', messages.users.creaRequired],
      ['123456', messages.register.creaInvalid],
      ['123456789', messages.register.creaInvalid],
    ] as const) {
      const response = await asAdmin(url(target.id), { crea });
      expect(response.statusCode, crea).toBe(422);
      expect(response.json()).toEqual({
        detail: [expect.objectContaining({ loc: ['body', 'crea'], msg })],
      });
    }
    const badId = await asAdmin(url('nao-e-um-id'), { crea: '1234567' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().detail[0].msg).toBe(messages.common.invalidId);
  });

  it('answers 404 to an unknown account', async () => {
    const response = await asAdmin(url(UNKNOWN_ID), { crea: '1234567' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.users.notFound });
  });

  it('answers 409 unless the account is a user or an owner', async () => {
    for (const role of ['technician', 'admin', 'staff'] as const) {
      const target = await createUser(t.db, { role, crea: role === 'technician' ? '1' : null });
      const response = await asAdmin(url(target.id), { crea: '1234567' });
      expect(response.statusCode, role).toBe(409);
      expect(response.json()).toEqual({ detail: messages.users.technicianFromProducerOnly });
      expect((await rowOf(target.id)).role).toBe(role);
    }
  });

  it('promotes a user with a masked CREA stored padded, and records who did it', async () => {
    const target = await createUser(t.db, { role: 'user' });
    const response = await asAdmin(url(target.id), { crea: '12.345-67' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: target.id,
      role: 'technician',
      crea: '00000001234567',
    });
    const row = await rowOf(target.id);
    expect([row.role, row.crea]).toEqual(['technician', '00000001234567']);
    const [event] = await eventsOf(target.id);
    expect(event).toMatchObject({
      actorId: admin.id,
      type: 'promoted_technician',
      data: { from: 'user', crea: '00000001234567' },
    });
    // The promoted account reaches the staff screens on its very next request.
    const dashboard = await t.app.inject({
      url: '/api/process-instance/all',
      headers: await t.auth(target),
    });
    expect(dashboard.statusCode).toBe(200);
  });

  it('promotes an owner with a 14-digit CREA sent as JSON', async () => {
    const target = await createUser(t.db, { role: 'owner' });
    const response = await t.app.inject({
      method: 'PUT',
      url: url(target.id),
      headers: adminHeaders,
      payload: { crea: '12345678901234' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'technician', crea: '12345678901234' });
  });
});

describe('PUT /api/user/{id}/disable and /enable', () => {
  it('answer 401 without a token and 403 to everyone but admins', async () => {
    const target = await createUser(t.db);
    for (const action of ['disable', 'enable']) {
      await expectAdminsOnly('PUT', `/api/user/${target.id}/${action}`);
    }
    expect((await rowOf(target.id)).disabled).toBe(false);
  });

  it('answer 404 to an unknown account', async () => {
    for (const action of ['disable', 'enable']) {
      const response = await asAdmin(`/api/user/${UNKNOWN_ID}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: messages.users.notFound });
    }
  });

  it('refuse to disable an admin or oneself with 403', async () => {
    const otherAdmin = await createUser(t.db, { role: 'admin' });
    const refused = await asAdmin(`/api/user/${otherAdmin.id}/disable`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.users.cannotDisableAdmin });
    const self = await asAdmin(`/api/user/${admin.id}/disable`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ detail: messages.users.cannotDisableSelf });
    expect((await rowOf(otherAdmin.id)).disabled).toBe(false);
    expect((await rowOf(admin.id)).disabled).toBe(false);
  });

  it('disable: the live token answers 401 at once and the login 403, until re-enabled', async () => {
    const target = await createUser(t.db, { role: 'owner' });
    const liveToken = await t.auth(target);
    expect((await t.app.inject({ url: '/api/auth/info', headers: liveToken })).statusCode).toBe(
      200,
    );

    const disabled = await asAdmin(`/api/user/${target.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: target.id, disabled: true });
    expect((await rowOf(target.id)).tokenVersion).toBe(target.tokenVersion + 1);

    const stale = await t.app.inject({ url: '/api/auth/info', headers: liveToken });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ detail: messages.auth.sessionExpired });
    const refused = await login(target.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.auth.accountDisabled });

    // Disabling again changes nothing and records nothing.
    expect((await asAdmin(`/api/user/${target.id}/disable`)).statusCode).toBe(200);

    const enabled = await asAdmin(`/api/user/${target.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id: target.id, disabled: false });
    expect((await login(target.email)).statusCode).toBe(200);
    // The token from before the disable stays dead: its sessions ended for good.
    expect((await t.app.inject({ url: '/api/auth/info', headers: liveToken })).statusCode).toBe(
      401,
    );

    const events = await eventsOf(target.id);
    expect(events.map((event) => [event.type, event.actorId])).toEqual([
      ['disabled', admin.id],
      ['enabled', admin.id],
    ]);
  });
});

describe('PUT /api/user/{id}/set-admin', () => {
  it('answers 401 without a token and 403 to everyone but admins', async () => {
    const target = await createUser(t.db);
    await expectAdminsOnly('PUT', `/api/user/${target.id}/set-admin`);
    expect((await rowOf(target.id)).role).toBe('owner');
  });

  it('answers 404 to an unknown account and 409 to an admin or a disabled account', async () => {
    expect((await asAdmin(`/api/user/${UNKNOWN_ID}/set-admin`)).statusCode).toBe(404);
    const otherAdmin = await createUser(t.db, { role: 'admin' });
    const already = await asAdmin(`/api/user/${otherAdmin.id}/set-admin`);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toEqual({ detail: messages.users.alreadyAdmin });
    const disabled = await createUser(t.db, { disabled: true });
    const inactive = await asAdmin(`/api/user/${disabled.id}/set-admin`);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toEqual({ detail: messages.users.adminMustBeActive });
    expect((await rowOf(disabled.id)).role).toBe('owner');
  });

  it('makes a technician an admin, who then manages users and cannot be disabled', async () => {
    const target = await createUser(t.db, { role: 'technician', crea: '00000001234567' });
    const response = await asAdmin(`/api/user/${target.id}/set-admin`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: target.id, role: 'admin' });
    const list = await t.app.inject({ url: '/api/user/all', headers: await t.auth(target) });
    expect(list.statusCode).toBe(200);
    expect((await asAdmin(`/api/user/${target.id}/disable`)).statusCode).toBe(403);
    const [event] = await eventsOf(target.id);
    expect(event).toMatchObject({
      type: 'promoted_admin',
      actorId: admin.id,
      data: { from: 'technician' },
    });
  });
});

describe('GET /api/user/{id}/events', () => {
  it('answers 401 without a token, 403 to everyone but admins and 404 to an unknown id', async () => {
    await expectAdminsOnly('GET', `/api/user/${angela.id}/events`);
    const unknown = await t.app.inject({
      url: `/api/user/${UNKNOWN_ID}/events`,
      headers: adminHeaders,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.users.notFound });
  });

  it('answers an account without history with an empty list', async () => {
    const quiet = await createUser(t.db);
    const response = await t.app.inject({
      url: `/api/user/${quiet.id}/events`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('tells who changed what and when, newest first, in one query per page', async () => {
    const target = await createUser(t.db, { role: 'user' });
    await asAdmin(`/api/user/${target.id}/disable`);
    await asAdmin(`/api/user/${target.id}/enable`);
    await asAdmin(`/api/user/${target.id}/set-technician`, { crea: '1234567' });
    await asAdmin(`/api/user/${target.id}/set-admin`);

    const response = await t.app.inject({
      url: `/api/user/${target.id}/events`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('4');
    const events = z.array(UserEventSchema).parse(response.json());
    expect(events.map((event) => event.message)).toEqual([
      'Promovido de Técnico a Administrador',
      'Promovido de Usuário a Técnico (CREA 12.345-67)',
      'Conta reativada',
      'Conta desativada',
    ]);
    expect(events[0]!.actor).toEqual({ id: admin.id, name: 'Beatriz Admin' });

    const page = await t.app.inject({
      url: `/api/user/${target.id}/events?limit=1&offset=3`,
      headers: adminHeaders,
    });
    expect(page.json<{ type: string }[]>().map((event) => event.type)).toEqual(['disabled']);
    for (const limit of [1, 50]) {
      const queries = await t.queriesDuring(() =>
        t.app.inject({
          url: `/api/user/${target.id}/events?limit=${limit}`,
          headers: adminHeaders,
        }),
      );
      expect(queries, `limit=${limit}`).toHaveLength(2);
    }
  });
});
