import {
  InstanceCertificateSchema,
  InstanceDetailSchema,
  PublicCertificateSchema,
  SealHolderSchema,
  STANDING_REASON_LABELS,
  messages,
} from '@agroselo/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createCertificate,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type PropertyRow,
  type UserRow,
} from '../../src/db/seed/factories';
import { certificates, events } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../support/test-app';

const m = messages.standing;
const PUBLIC_URL = 'https://agroselo.exemplo.br';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let owner: UserRow;
let farm: PropertyRow;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Schneider' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000001827364' });
  owner = await createUser(t.db, { role: 'owner', firstName: 'Sérgio', lastName: 'Antunes' });
  farm = await createProperty(t.db, {
    owner,
    businessName: 'Granja Arroio Duro',
    municipality: 'Camaquã',
  });
});

type Caller = UserRow | null;
type Change = 'suspend' | 'revoke' | 'reinstate';

const change = async (caller: Caller, number: string, action: Change, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/certificate/${number}/${action}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(caller ? await t.auth(caller) : {}) },
  });

/** A certificate of a seal of its own, valid today, on the owner's farm. */
async function certified(standing: 'valid' | 'suspended' | 'revoked' = 'valid') {
  const seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
  const instance = await createInstance(t.db, {
    process: seal.process,
    property: farm,
    technician,
    initiated: true,
    finished: true,
    approved: true,
  });
  const certificate = await createCertificate(t.db, { instance });
  if (standing !== 'valid')
    await t.db
      .update(certificates)
      .set({ standing, standingReason: 'documentation', standingChangedAt: new Date() })
      .where(eq(certificates.id, certificate.id));
  return { seal, instance, certificate };
}

const SUSPENSION = { reason: 'nonconformity', note: 'Queima de resteva constatada na vistoria' };

describe('PUT /api/certificate/{number}/suspend|revoke|reinstate: access', () => {
  it('asks for a session (401), an admin (403) and a known number (404)', async () => {
    const { certificate } = await certified();
    for (const action of ['suspend', 'revoke', 'reinstate'] as const) {
      const body = action === 'reinstate' ? {} : SUSPENSION;
      expect((await change(null, certificate.number, action, body)).statusCode).toBe(401);
      for (const caller of [owner, technician])
        expect((await change(caller, certificate.number, action, body)).statusCode).toBe(403);
      const unknown = await change(admin, 'AGS-0000-0000', action, body);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe(messages.certificates.notFound);
    }
    const [row] = await t.db
      .select({ standing: certificates.standing })
      .from(certificates)
      .where(eq(certificates.id, certificate.id));
    expect(row!.standing).toBe('valid');
  });

  it('refuses staff who may never change a standing before it reads the body (403, not 422)', async () => {
    const { certificate } = await certified();
    for (const action of ['suspend', 'revoke', 'reinstate'] as const) {
      expect((await change(null, certificate.number, action, {})).statusCode).toBe(401);
      const response = await change(technician, certificate.number, action, {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.auth.forbidden });
    }
  });

  it('refuses a missing reason and a note too long, in pt-BR (422)', async () => {
    const { certificate } = await certified();
    const missing = await change(admin, certificate.number, 'suspend', {});
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json())).toContain(messages.safras.reasonRequired);
    const long = await change(admin, certificate.number, 'revoke', {
      reason: 'other',
      note: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json())).toContain(m.noteTooLong);
  });
});

describe('the transitions', () => {
  const cases: [Change, 'valid' | 'suspended' | 'revoked', string][] = [
    ['suspend', 'suspended', m.alreadySuspended],
    ['suspend', 'revoked', m.revoked],
    ['revoke', 'revoked', m.alreadyRevoked],
    ['reinstate', 'valid', m.onlySuspended],
    ['reinstate', 'revoked', m.onlySuspended],
  ];
  it.each(cases)('%s from %s answers 409', async (action, from, detail) => {
    const { certificate } = await certified(from);
    const response = await change(admin, certificate.number, action, SUSPENSION);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(detail);
  });

  it('suspends: columns, event, e-mail, /verificar without the note, off the holders list', async () => {
    const { seal, instance, certificate } = await certified();
    const response = await change(admin, certificate.number.toLowerCase(), 'suspend', SUSPENSION);
    expect(response.statusCode).toBe(200);
    const body = InstanceCertificateSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      number: certificate.number,
      status: 'suspended',
      standing: 'suspended',
      standing_reason: 'nonconformity',
      standing_note: SUSPENSION.note,
    });
    expect(body.standing_changed_at).not.toBeNull();
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(row!.standingChangedBy).toBe(admin.id);

    const timeline = await t.db
      .select({ type: events.type, message: events.message, actorId: events.actorId })
      .from(events)
      .where(
        and(eq(events.processInstanceId, instance.id), eq(events.type, 'certificate_suspended')),
      );
    expect(timeline).toEqual([
      {
        type: 'certificate_suspended',
        message: `Certificado suspenso por Helena Schneider: ${STANDING_REASON_LABELS.nonconformity}`,
        actorId: admin.id,
      },
    ]);

    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe('Certificado suspenso: selo Arroz Sustentável RS');
    expect(mail!.text).toContain(
      `O certificado nº ${certificate.number} do selo Arroz Sustentável RS da propriedade Granja Arroio Duro foi suspenso. Motivo: Não conformidade constatada.`,
    );
    expect(mail!.text).toContain(SUSPENSION.note);
    expect(mail!.text).toContain(`${PUBLIC_URL}/producer-details/${instance.id}`);

    const verification = await t.app.inject({ url: `/api/certificate/${certificate.number}` });
    const wire = PublicCertificateSchema.strict().parse(verification.json());
    expect(wire.status).toBe('suspended');
    expect(wire.standing).toEqual({
      reason: 'nonconformity',
      changed_at: body.standing_changed_at,
    });
    expect(verification.body).not.toContain(SUSPENSION.note);

    const holders = await t.app.inject({ url: `/api/process/${seal.process.id}/holders` });
    expect(z.array(SealHolderSchema).parse(holders.json())).toEqual([]);
    expect(holders.headers['x-total-count']).toBe('0');

    const detail = await t.app.inject({
      url: `/api/process-instance/${instance.id}`,
      headers: await t.auth(admin),
    });
    const parsed = InstanceDetailSchema.parse(detail.json());
    expect(parsed.certificate?.standing).toBe('suspended');
    expect(parsed.actions).toMatchObject({ suspend: false, revoke: true, reinstate: true });
    const owners = InstanceDetailSchema.parse(
      (
        await t.app.inject({
          url: `/api/process-instance/${instance.id}`,
          headers: await t.auth(owner),
        })
      ).json(),
    );
    expect(owners.actions).toMatchObject({ suspend: false, revoke: false, reinstate: false });
    expect(owners.certificate?.standing_note).toBe(SUSPENSION.note);
  });

  it('reinstates a suspended certificate: valid again, back on the holders list', async () => {
    const { seal, instance, certificate } = await certified('suspended');
    const response = await change(admin, certificate.number, 'reinstate', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'valid',
      standing: 'valid',
      standing_reason: null,
      standing_note: null,
    });
    const [event] = await t.db
      .select({ message: events.message })
      .from(events)
      .where(
        and(eq(events.processInstanceId, instance.id), eq(events.type, 'certificate_reinstated')),
      );
    expect(event!.message).toBe('Certificado reativado por Helena Schneider');
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe('Certificado reativado: selo Arroz Sustentável RS');
    const verification = PublicCertificateSchema.parse(
      (await t.app.inject({ url: `/api/certificate/${certificate.number}` })).json(),
    );
    expect(verification).toMatchObject({ status: 'valid', standing: null });
    const holders = await t.app.inject({ url: `/api/process/${seal.process.id}/holders` });
    expect(holders.json()).toHaveLength(1);
  });

  it('revokes a suspended certificate for good', async () => {
    const { instance, certificate } = await certified('suspended');
    const response = await change(admin, certificate.number, 'revoke', { reason: 'license' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'revoked', standing_reason: 'license' });
    const [event] = await t.db
      .select({ message: events.message })
      .from(events)
      .where(
        and(eq(events.processInstanceId, instance.id), eq(events.type, 'certificate_revoked')),
      );
    expect(event!.message).toBe(
      `Certificado cancelado por Helena Schneider: ${STANDING_REASON_LABELS.license}`,
    );
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe('Certificado cancelado: selo Arroz Sustentável RS');
    const verification = PublicCertificateSchema.parse(
      (await t.app.inject({ url: `/api/certificate/${certificate.number}` })).json(),
    );
    expect(verification).toMatchObject({ status: 'revoked', standing: { reason: 'license' } });
    const reinstate = await change(admin, certificate.number, 'reinstate', {});
    expect(reinstate.statusCode).toBe(409);
  });
});
