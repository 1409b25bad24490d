import { messages, MyDataSchema, PublicationConsentSchema } from '@agroselo/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events, processInstances } from '../../src/db/schema';
import {
  createCertificate,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: UserRow;
let stranger: UserRow;
let technician: UserRow;
let admin: UserRow;
let instanceId: string;
let number: string;

const m = messages.registry;

const put = async (id: string, body: unknown, caller?: UserRow) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/process-instance/${id}/publish-consent`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(caller ? await t.auth(caller) : {}) },
  });
const getAs = async (url: string, caller?: UserRow) =>
  t.app.inject({ url, headers: caller ? await t.auth(caller) : {} });
const listed = async () =>
  (await getAs(`/api/registry?query=${number}`))
    .json()
    .map((entry: { certificate_number: string }) => entry.certificate_number);
const consentEvents = () =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.processInstanceId, instanceId), eq(events.type, 'publish_consent')));

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { role: 'owner', firstName: 'Olga', lastName: 'Consentida' });
  stranger = await createUser(t.db, { role: 'owner' });
  technician = await createUser(t.db, { role: 'technician', crea: '00000009876543' });
  admin = await createUser(t.db, { role: 'admin' });
  const farm = await createProperty(t.db, { owner, businessName: 'Granja do Consentimento' });
  const { process } = await createSeal(t.db, { stamp: { name: 'Selo Consentido' } });
  const certificate = await createCertificate(t.db, { process, property: farm });
  instanceId = certificate.processInstanceId;
  number = certificate.number;
});

describe('PUT /api/process-instance/{id}/publish-consent', () => {
  it('answers 401 without a token', async () => {
    expect((await put(instanceId, { consent: true })).statusCode).toBe(401);
  });

  it('answers 403 to technicians and admins: only the producer decides', async () => {
    expect((await put(instanceId, { consent: true }, technician)).statusCode).toBe(403);
    expect((await put(instanceId, { consent: true }, admin)).statusCode).toBe(403);
  });

  it('answers 404 to another producer, as if the request did not exist', async () => {
    const response = await put(instanceId, { consent: true }, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.instances.notFound });
  });

  it('refuses a body without a boolean, in pt-BR', async () => {
    for (const body of [{}, { consent: 'sim' }]) {
      const response = await put(instanceId, body, owner);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain(m.consentRequired);
    }
  });

  it('grants consent: the registry lists the certificate and the timeline records who', async () => {
    expect(await listed()).toEqual([]);
    const before = Date.now();
    const response = await put(instanceId, { consent: true }, owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.consent).toBe(true);
    expect(new Date(body.consent_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await listed()).toEqual([number]);
    const recorded = await consentEvents();
    expect(recorded.map((event) => event.message)).toEqual([
      m.eventConsentGranted('Olga Consentida'),
    ]);
    expect(recorded[0]!.actorId).toBe(owner.id);
  });

  it('changes nothing when asked for what already stands', async () => {
    const [row] = await t.db
      .select({ at: processInstances.publishConsentAt })
      .from(processInstances)
      .where(eq(processInstances.id, instanceId));
    const response = await put(instanceId, { consent: true }, owner);
    expect(response.json()).toEqual({ consent: true, consent_at: row!.at!.toISOString() });
    expect(await consentEvents()).toHaveLength(1);
  });

  it('withdraws consent: the registry leaves the certificate out, the timeline says so', async () => {
    const response = await put(instanceId, { consent: false }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().consent).toBe(false);
    expect(response.json().consent_at).not.toBeNull();
    expect(await listed()).toEqual([]);
    expect((await consentEvents()).map((event) => event.message).sort()).toEqual(
      [m.eventConsentGranted('Olga Consentida'), m.eventConsentWithdrawn('Olga Consentida')].sort(),
    );
  });
});

describe('GET /api/auth/publication-consents', () => {
  it('answers 401 without a token', async () => {
    expect((await getAs('/api/auth/publication-consents')).statusCode).toBe(401);
  });

  it("lists the caller's requests that hold or may earn a certificate, and no one else's", async () => {
    const farm = await createProperty(t.db, { owner, businessName: 'Granja Pedida' });
    const { process } = await createSeal(t.db, {
      process: { safra: '2029/30' },
      stamp: { name: 'Selo Pedido' },
    });
    const open = await createInstance(t.db, { process, property: farm, publishConsent: true });
    // Rejected and failed requests never get a certificate: nothing to publish.
    const { process: other } = await createSeal(t.db);
    await createInstance(t.db, { process: other, property: farm, rejected: true, technician });
    await createInstance(t.db, {
      process: other,
      property: await createProperty(t.db, { owner }),
      technician,
      initiated: true,
      finished: true,
      approved: false,
    });
    await createCertificate(t.db, { property: await createProperty(t.db, { owner: stranger }) });

    const response = await getAs('/api/auth/publication-consents', owner);
    expect(response.statusCode).toBe(200);
    const consents = z.array(PublicationConsentSchema).parse(response.json());
    expect(consents).toEqual([
      {
        process_instance_id: open.id,
        business_name: 'Granja Pedida',
        seal_name: 'Selo Pedido',
        safra: '2029/30',
        certificate_number: null,
        consent: true,
        consent_at: open.createdAt.toISOString(),
      },
      expect.objectContaining({
        process_instance_id: instanceId,
        business_name: 'Granja do Consentimento',
        seal_name: 'Selo Consentido',
        certificate_number: number,
        consent: false,
      }),
    ]);
  });

  it('is part of my-data, with the dates', async () => {
    const response = await getAs('/api/auth/my-data', owner);
    expect(response.statusCode).toBe(200);
    const data = MyDataSchema.parse(response.json());
    const mine = data.publication_consents.find((item) => item.process_instance_id === instanceId);
    expect(mine).toMatchObject({ certificate_number: number, consent: false });
    expect(mine?.consent_at).not.toBeNull();
    expect(data.publication_consents).toHaveLength(2);
    const strangers = MyDataSchema.parse((await getAs('/api/auth/my-data', stranger)).json());
    expect(strangers.publication_consents.map((item) => item.business_name)).not.toContain(
      'Granja Pedida',
    );
  });
});
