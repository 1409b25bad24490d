import { messages, MyDataSchema } from '@agroselo/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { proofs, users } from '../../src/db/schema';
import {
  createCertificate,
  createField,
  createForm,
  createProperty,
  createSeal,
  createUser,
  DEFAULT_PASSWORD,
  fillFormFields,
  startedInstance,
  type UserRow,
} from '../../src/db/seed/factories';
import { newId } from '../../src/lib/ids';
import { recordUserEvent } from '../../src/modules/users/events';
import { formEncoded } from '../support/http';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

const call = async (method: 'GET' | 'POST', url: string, caller?: UserRow, body?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : json(body)),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(caller ? await t.auth(caller) : {}),
    },
  });

/** The code of the newest deletion e-mail sent to `address`. */
async function deletionCodeSentTo(address: string): Promise<string> {
  const [mail] = (await t.mailTo(address)).filter((row) =>
    row.subject.includes('excluir sua conta'),
  );
  const code = mail?.text.match(/exclusão da sua conta AgroSelo é: (\d{6})/)?.[1];
  expect(code, `no deletion code mailed to ${address}`).toBeDefined();
  return code!;
}

beforeAll(async () => {
  t = await buildTestApp();
});

describe('GET /api/auth/my-data', () => {
  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/auth/my-data')).statusCode).toBe(401);
  });

  it("holds the caller's account, properties, requests, answers, files, consents and events, and no one else's", async () => {
    const owner = await createUser(t.db, { role: 'owner', firstName: 'Lúcia' });
    const stranger = await createUser(t.db, { role: 'owner' });
    const farm = await createProperty(t.db, { owner, businessName: 'Granja dos Dados' });
    const strangerFarm = await createProperty(t.db, { owner: stranger });
    const { process } = await createSeal(t.db, { stamp: { name: 'Selo LGPD' } });
    const variety = await createField(t.db, { name: 'Variedade', type: 'text', proof: true });
    const form = await createForm(t.db, process.id, { name: 'Lavoura', fieldIds: [variety.id] });
    const mine = await startedInstance(t.db, { process, property: farm });
    const theirs = await startedInstance(t.db, { process, property: strangerFarm });
    const mineForm = mine.forms.find((f) => f.formId === form.id)!;
    const theirForm = theirs.forms.find((f) => f.formId === form.id)!;
    await fillFormFields(t.db, mineForm.id, { [variety.id]: 'IRGA 424 RI' });
    await fillFormFields(t.db, theirForm.id, { [variety.id]: 'Resposta alheia' });
    await t.db.insert(proofs).values({
      id: newId(),
      fieldInstanceId: mineForm.fieldInstanceOf(variety.id),
      storageKey: 'lgpd/nota.pdf',
      filename: 'nota-fiscal-sementes.pdf',
      mime: 'application/pdf',
      size: 1234,
    });
    await recordUserEvent(t.db, {
      userId: owner.id,
      actorId: owner.id,
      type: 'profile_updated',
      data: { field: 'phone' },
    });
    await recordUserEvent(t.db, {
      userId: stranger.id,
      actorId: stranger.id,
      type: 'password_changed',
    });

    const response = await call('GET', '/api/auth/my-data', owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="meus-dados-agroselo.json"',
    );
    const data = MyDataSchema.parse(response.json());
    expect(data.account).toMatchObject({ id: owner.id, email: owner.email, cpf: owner.cpf });
    expect(data.consents).toEqual([
      {
        consent: expect.stringContaining('Termos de uso'),
        accepted_at: owner.createdAt.toISOString(),
      },
    ]);
    expect(data.properties.map((p) => p.business_name)).toEqual(['Granja dos Dados']);
    expect(data.requests).toEqual([
      expect.objectContaining({
        id: mine.instance.id,
        property_id: farm.id,
        seal: 'Selo LGPD',
        status: 'Em andamento',
      }),
    ]);
    expect(data.answers).toEqual([
      expect.objectContaining({
        request_id: mine.instance.id,
        form: 'Lavoura',
        field: 'Variedade',
        content: 'IRGA 424 RI',
        row: null,
      }),
    ]);
    expect(data.files).toEqual([
      expect.objectContaining({
        filename: 'nota-fiscal-sementes.pdf',
        size: 1234,
        field: 'Variedade',
      }),
    ]);
    expect(data.events).toEqual([
      expect.objectContaining({ type: 'profile_updated', message: 'Alterou o telefone' }),
    ]);
    for (const foreign of [
      stranger.email,
      stranger.cpf,
      strangerFarm.cnpj,
      'Resposta alheia',
      theirs.instance.id,
    ])
      expect(response.body).not.toContain(foreign);
  });
});

describe('POST /api/auth/delete-account and /confirm', () => {
  it('answers 401 without a token', async () => {
    expect((await call('POST', '/api/auth/delete-account')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/auth/delete-account/confirm', undefined, { code: '123456' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses the last admin in pt-BR (409), and lets an admin go while another remains', async () => {
    const db = t.db;
    // Every other admin of this database is disabled, so `admin` is the last one.
    await db.update(users).set({ disabled: true }).where(eq(users.role, 'admin'));
    const admin = await createUser(db, { role: 'admin' });
    const refused = await call('POST', '/api/auth/delete-account', admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.privacy.lastAdmin });
    expect(await t.mailTo(admin.email)).toHaveLength(0);
    const refusedConfirm = await call('POST', '/api/auth/delete-account/confirm', admin, {
      code: '123456',
    });
    expect(refusedConfirm.statusCode).toBe(409);

    await createUser(db, { role: 'admin' });
    expect((await call('POST', '/api/auth/delete-account', admin)).statusCode).toBe(202);
  });

  it('requires the e-mailed code: missing 422, wrong 400, a second request within a minute 429', async () => {
    const owner = await createUser(t.db, { role: 'owner' });
    const sent = await call('POST', '/api/auth/delete-account', owner);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ email: owner.email, resend_after: 60 });
    expect((await call('POST', '/api/auth/delete-account', owner)).statusCode).toBe(429);

    const missing = await call('POST', '/api/auth/delete-account/confirm', owner, {});
    expect(missing.statusCode).toBe(422);
    const code = await deletionCodeSentTo(owner.email);
    const wrong = await call('POST', '/api/auth/delete-account/confirm', owner, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: messages.auth.codeWrong });
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe(owner.email);
  });

  it('anonymises the account, ends its sessions, keeps the certificate verifiable and records it', async () => {
    const owner = await createUser(t.db, { role: 'owner', firstName: 'Rosa', lastName: 'Pampa' });
    const farm = await createProperty(t.db, { owner });
    const certificate = await createCertificate(t.db, { property: farm });
    const admin = await createUser(t.db, { role: 'admin' });

    expect((await call('POST', '/api/auth/delete-account', owner)).statusCode).toBe(202);
    const code = await deletionCodeSentTo(owner.email);
    const done = await call('POST', '/api/auth/delete-account/confirm', owner, { code });
    expect(done.statusCode).toBe(204);

    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      firstName: 'Conta',
      lastName: 'excluída',
      email: `conta-excluida-${owner.id}@anonimizado.invalid`,
      cpf: '',
      phone: '',
      disabled: true,
      tokenVersion: owner.tokenVersion + 1,
    });
    expect(row!.searchText).not.toContain('rosa');

    // The old token ends, and the old e-mail and password open nothing.
    const info = await t.app.inject({ url: '/api/auth/info', headers: await t.auth(owner) });
    expect(info.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...formEncoded({ username: owner.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.statusCode).toBe(401);

    const verified = await t.app.inject({ url: `/api/certificate/${certificate.number}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain(farm.businessName);

    const history = await t.app.inject({
      url: `/api/user/${owner.id}/events`,
      headers: await t.auth(admin),
    });
    expect(history.json<{ type: string; message: string }[]>()[0]).toMatchObject({
      type: 'account_deleted',
      message: 'Conta excluída pelo titular: dados pessoais anonimizados',
    });
  });
});
