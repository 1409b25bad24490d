import {
  CpfSchema,
  CreaSchema,
  DateSchema,
  EmailSchema,
  FIELD_TYPES,
  FirstNameSchema,
  InspectionSchema,
  InstanceDetailSchema,
  InstanceStatus,
  InstanceSummarySchema,
  isCnpj,
  LastNameSchema,
  nextSafra,
  safraOf,
  toSaoPauloDay,
  PasswordSchema,
  PendencySchema,
  PENDING_MESSAGES,
  PendingItemSchema,
  PhoneSchema,
  PublicCertificateSchema,
  StampSchema,
  TokenResponseSchema,
  UserSchema,
} from '@agroselo/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  certificates,
  fieldChildren,
  fieldInstances,
  fields,
  formFields,
  formInstances,
  forms,
  processes,
  processFields,
  processInstances,
  properties,
  stamps,
  users,
} from '../../src/db/schema';
import { ensureAdmin } from '../../src/db/seed/admin';
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  existingDemoLogins,
  isDatabaseEmpty,
  seedDemo,
  type DemoData,
} from '../../src/db/seed/demo';
import type { Storage } from '../../src/lib/storage';
import { evaluateFormInstance } from '../../src/modules/forms/logic';
import { formEncoded } from '../support/http';

const today = () => toSaoPauloDay(new Date().toISOString())!;
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: DemoData;
let emptyBefore: boolean;

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token', ...formEncoded({ username, password }) });

beforeAll(async () => {
  t = await buildTestApp();
  emptyBefore = await isDatabaseEmpty(t.db);
  demo = await seedDemo(t.db, t.deps.storage);
});

describe('demo seed', () => {
  it('runs on an empty database, which then is not empty', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(t.db)).toBe(false);
    expect(await existingDemoLogins(t.db)).toEqual([...DEMO_LOGINS]);
  });

  it('creates the four demo logins, active, and each obtains a token', async () => {
    expect(DEMO_LOGINS.map((demoLogin) => [demoLogin.email, demoLogin.role])).toEqual([
      ['admin@agroselo.local', 'admin'],
      ['tecnico@agroselo.local', 'technician'],
      ['produtor@agroselo.local', 'owner'],
      ['marta.bianchi@agroselo.local', 'owner'],
    ]);
    for (const demoLogin of DEMO_LOGINS) {
      const response = await login(demoLogin.email, demoLogin.password);
      expect(response.statusCode, demoLogin.email).toBe(200);
      const { access_token } = TokenResponseSchema.parse(response.json());
      const info = await t.app.inject({
        url: '/api/auth/info',
        headers: { authorization: `Bearer ${access_token}` },
      });
      const user = UserSchema.parse(info.json());
      expect(user).toMatchObject({
        email: demoLogin.email,
        role: demoLogin.role,
        pending: false,
        disabled: false,
      });
    }
  });

  it('gives every account data the sign-up rules accept', async () => {
    expect(PasswordSchema.safeParse(DEMO_PASSWORD).success).toBe(true);
    const rows = await t.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_LOGINS.map((demoLogin) => demoLogin.email),
        ),
      );
    expect(rows).toHaveLength(DEMO_LOGINS.length);
    for (const row of rows) {
      z.object({
        email: EmailSchema,
        firstName: FirstNameSchema,
        lastName: LastNameSchema,
        cpf: CpfSchema,
        phone: PhoneSchema,
      }).parse(row);
    }
    expect(CreaSchema.parse(demo.technician.crea)).toBe(demo.technician.crea);
  });

  it('gives the producer one valid property in the rice region', async () => {
    const rows = await t.db
      .select()
      .from(properties)
      .where(eq(properties.ownerId, demo.producer.id));
    expect(rows).toHaveLength(1);
    const [farm] = rows;
    expect(farm!.id).toBe(demo.propertyId);
    expect(['Camaquã', 'Santa Vitória do Palmar']).toContain(farm!.municipality);
    expect(isCnpj(farm!.cnpj)).toBe(true);
    expect(farm!.carN.replace(/[^0-9A-Z]/gi, '').length).toBeGreaterThanOrEqual(30);
    expect(farm!.carN).toBe(farm!.carN.toUpperCase());
    expect(DateSchema.parse(farm!.farmingLoValidity)).toBe(farm!.farmingLoValidity);
    expect(DateSchema.parse(farm!.dryingAndStockLoValidity)).toBe(farm!.dryingAndStockLoValidity);
    expect(farm!.farmingLoNumber).not.toBe('');
    expect(farm!.latitude).toBeGreaterThan(-34);
    expect(farm!.latitude).toBeLessThan(-27);
    expect(farm!.longitude).toBeGreaterThan(-58);
    expect(farm!.longitude).toBeLessThan(-49);
    expect(farm!.responsibleTechnicianPhone).toMatch(/^\d{11}$/);
    expect(CreaSchema.parse(farm!.responsibleTechnicianCrea)).toBe(farm!.responsibleTechnicianCrea);
  });

  it('publishes exactly the two released seals, the first in two safras, each with its image', async () => {
    const response = await t.app.inject({ url: '/api/stamp/all' });
    // The office's seal (demo-office.ts) aside.
    const seals = z
      .array(StampSchema)
      .parse(response.json())
      .filter((seal) => seal.process_id !== demo.office.processId);
    expect(seals.map((seal) => seal.name).sort()).toEqual([
      'Arroz Sustentável RS',
      'Arroz Sustentável RS',
      'Arroz de Qualidade Superior',
    ]);
    expect(seals.map((seal) => seal.process_id).sort()).toEqual(
      [...demo.releasedProcessIds, demo.safras.nextProcessId].sort(),
    );
    const seasons = seals
      .filter((seal) => seal.name === 'Arroz Sustentável RS')
      .map((seal) => seal.safra);
    expect(seasons).toEqual([safraOf(today()), nextSafra(safraOf(today()))]);
    for (const seal of seals) {
      expect(seal.description.length).toBeGreaterThan(40);
      expect(seal.features.length).toBeGreaterThanOrEqual(3);
      expect(seal.features.length).toBeLessThanOrEqual(4);
      expect(seal.image_url).toMatch(new RegExp(`^/api/stamp/${seal.id}/image\\?v=[\\w-]{16}$`));
      const image = await t.app.inject({ url: seal.image_url! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(image.body).toContain('</svg>');
    }
  });

  it('opens the request window of the released processes today', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const rows = await t.db
      .select()
      .from(processes)
      .where(inArray(processes.id, demo.releasedProcessIds));
    for (const process of rows) {
      expect(process.released).toBe(true);
      expect(process.startDate <= today && today <= process.endDate, process.description).toBe(
        true,
      );
      expect(process.validityStart < process.validityEnd).toBe(true);
      expect(process.notice).not.toBe('');
    }
  });

  it('gives each released process 2–3 forms of fields of every type, a table among them', async () => {
    const seen = new Set<string>();
    for (const processId of demo.releasedProcessIds) {
      const processForms = await t.db
        .select()
        .from(forms)
        .where(eq(forms.processId, processId))
        .orderBy(asc(forms.position));
      expect(processForms.length).toBeGreaterThanOrEqual(2);
      expect(processForms.length).toBeLessThanOrEqual(3);
      for (const form of processForms) {
        expect(form.name.length).toBeLessThanOrEqual(300);
        expect(DateSchema.parse(form.deadline)).toBe(form.deadline);
        const formFieldRows = await t.db
          .select({ field: fields })
          .from(formFields)
          .innerJoin(fields, eq(fields.id, formFields.fieldId))
          .where(eq(formFields.formId, form.id));
        expect(formFieldRows.length, form.name).toBeGreaterThan(0);
        for (const { field } of formFieldRows) {
          expect(field.name.length).toBeLessThanOrEqual(70);
          seen.add(field.type);
          if (field.proof) seen.add('proof');
          if (field.producerReadOnly) seen.add('producer_read_only');
        }
      }
      expect(processForms.some((form) => form.sign)).toBe(true);
      expect(processForms.some((form) => form.obligatory)).toBe(true);
      const [documents] = await t.db
        .select({ total: count() })
        .from(processFields)
        .where(eq(processFields.processId, processId));
      expect(documents!.total, 'process-level fields').toBeGreaterThanOrEqual(1);
    }
    expect([...seen].sort()).toEqual([...FIELD_TYPES, 'proof', 'producer_read_only'].sort());
  });

  it('builds the table field with at least three columns', async () => {
    const [table] = await t.db
      .select()
      .from(fields)
      .where(eq(fields.name, 'Aplicações de defensivos'));
    expect(table?.type).toBe('form');
    const columns = await t.db
      .select({ name: fields.name, type: fields.type })
      .from(fieldChildren)
      .innerJoin(fields, eq(fields.id, fieldChildren.childFieldId))
      .where(eq(fieldChildren.parentFieldId, table!.id))
      .orderBy(asc(fieldChildren.position));
    expect(columns.length).toBeGreaterThanOrEqual(3);
    expect(columns.slice(0, 3)).toEqual([
      { name: 'Produto', type: 'text' },
      { name: 'Dose', type: 'number' },
      { name: 'Data da aplicação', type: 'date' },
    ]);
  });

  it("gives Arroz Sustentável RS a condition, a 'Número' with its unit and rules", async () => {
    const links = await t.db
      .select({ name: fields.name, type: fields.type, unit: fields.unit, logic: formFields.logic })
      .from(formFields)
      .innerJoin(fields, eq(fields.id, formFields.fieldId))
      .innerJoin(forms, eq(forms.id, formFields.formId))
      .where(eq(forms.processId, demo.releasedProcessIds[0]!));
    const byName = Object.fromEntries(links.map((link) => [link.name, link]));
    expect(byName['Área cultivada']).toMatchObject({
      type: 'number',
      unit: 'ha',
      logic: { required: true, max: 5000 },
    });
    expect(byName['Aplicações de defensivos']?.logic.show_if?.conditions).toEqual([
      expect.objectContaining({ op: 'eq', value: true }),
    ]);
    expect(byName['Aplicações de defensivos']?.logic.columns).toContainEqual(
      expect.objectContaining({ pattern: 'RA 9999/9999' }),
    );

    // The producer's started instance holds only answers that apply, within their rules.
    const phytosanitary = await t.db
      .select({ id: formInstances.id })
      .from(formInstances)
      .where(eq(formInstances.processInstanceId, demo.instances.ongoing));
    for (const form of phytosanitary) {
      const { evaluation } = await evaluateFormInstance(t.db, form.id, { mode: 'save' });
      expect(evaluation.issues).toEqual([]);
      const answers = await t.db
        .select({ id: fieldInstances.id, content: fieldInstances.content })
        .from(fieldInstances)
        .where(eq(fieldInstances.formInstanceId, form.id));
      for (const answer of answers)
        if (evaluation.hidden.has(answer.id)) expect(answer.content).toBeNull();
    }
  });

  it('keeps one draft process, with forms, out of the public list', async () => {
    const [draft] = await t.db
      .select()
      .from(processes)
      .where(eq(processes.id, demo.draftProcessId));
    expect(draft?.released).toBe(false);
    const [stamp] = await t.db.select().from(stamps).where(eq(stamps.processId, draft!.id));
    const publicIds = (await t.app.inject({ url: '/api/stamp/all' }))
      .json<{ id: string }[]>()
      .map((seal) => seal.id);
    expect(publicIds).not.toContain(stamp!.id);
    const [draftForms] = await t.db
      .select({ total: count() })
      .from(forms)
      .where(eq(forms.processId, draft!.id));
    expect(draftForms!.total).toBeGreaterThan(0);
  });
});

describe('demo seed: the staff dashboard', () => {
  /** The office's few hundred requests (demo-office.ts) are left out: these are the story's. */
  const list = async (url: string, caller = demo.technician) => {
    const response = await t.app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}limit=500`,
      headers: await t.auth(caller),
    });
    expect(response.statusCode, url).toBe(200);
    return z
      .array(InstanceSummarySchema)
      .parse(response.json())
      .filter((item) => item.process.id !== demo.office.processId);
  };
  const officeInstanceIds = async () =>
    new Set(
      (
        await t.app.inject({
          url: `/api/process-instance/all?status=all&process_id=${demo.office.processId}&limit=500`,
          headers: await t.auth(demo.admin),
        })
      )
        .json<{ id: string }[]>()
        .map((item) => item.id),
    );

  it('gives a second producer two valid farms in other rice municipalities', async () => {
    expect(demo.otherProducer.role).toBe('owner');
    // She signs in with the demo password, to show the renewal and the suspension.
    expect(await existingDemoLogins(t.db)).toContainEqual(
      expect.objectContaining({ email: demo.otherProducer.email }),
    );
    const rows = await t.db
      .select()
      .from(properties)
      .where(eq(properties.ownerId, demo.otherProducer.id));
    expect(rows.map((row) => row.id).sort()).toEqual(
      [...demo.otherPropertyIds, demo.safras.taimPropertyId].sort(),
    );
    expect(rows.map((row) => row.municipality).sort()).toEqual([
      'Rio Grande',
      'Santa Vitória do Palmar',
      'São Lourenço do Sul',
    ]);
    for (const farm of rows) {
      expect(isCnpj(farm.cnpj), farm.businessName).toBe(true);
      expect(farm.carN.replace(/[^0-9A-Z]/g, '').length).toBeGreaterThanOrEqual(30);
      expect(farm.latitude).toBeGreaterThan(-34);
      expect(farm.latitude).toBeLessThan(-27);
    }
  });

  it('shows three open requests, newest first, one in each open state', async () => {
    const items = await list('/api/process-instance/all');
    expect(items.map((item) => [item.id, item.status])).toEqual([
      [demo.instances.waiting, InstanceStatus.PENDING],
      [demo.safras.renewalInstanceId, InstanceStatus.ONGOING],
      [demo.instances.accepted, InstanceStatus.PRODUCER_PENDING],
      [demo.instances.ongoing, InstanceStatus.ONGOING],
    ]);
    const [waiting, , accepted, ongoing] = items;
    expect(waiting).toMatchObject({
      business: { business_name: 'Fazenda Lagoa Mirim' },
      process: { stamp: { name: 'Arroz de Qualidade Superior' } },
      technician: null,
      progress: { finished: 0, total: 0 },
    });
    expect(accepted?.technician?.id).toBe(demo.technician.id);
    expect(ongoing).toMatchObject({
      business: { id: demo.propertyId, municipality: 'Camaquã' },
      process: { stamp: { name: 'Arroz Sustentável RS' } },
      technician: { id: demo.technician.id, name: 'Rafael Dutra Pereira' },
      initiated: true,
      // Three forms of the process and its "Documentos"; the first form is finished.
      progress: { finished: 1, total: 4 },
    });
    expect((await list('/api/process-instance/search?query=camaqua')).map((i) => i.id)).toEqual([
      demo.instances.ongoing,
    ]);
  });

  it('leaves one request waiting for a technician, in Pendentes and in the bell', async () => {
    const pending = await list('/api/process-instance/all?status=pending', demo.admin);
    expect(pending.map((item) => item.id)).toEqual([demo.instances.waiting]);
    const office = await officeInstanceIds();
    const bellOf = async (caller: typeof demo.admin) =>
      z
        .array(PendingItemSchema)
        .parse(
          (
            await t.app.inject({
              url: '/api/process-instance/pending?limit=500',
              headers: await t.auth(caller),
            })
          ).json(),
        )
        .filter((item) => !office.has(item.id));
    const waiting = {
      id: demo.instances.waiting,
      url: `/producer-details/${demo.instances.waiting}`,
      message: PENDING_MESSAGES.staff,
    };
    const ongoing = `/producer-details/${demo.instances.ongoing}`;
    expect(await bellOf(demo.admin)).toEqual([waiting]);
    // The technician also reviews the pendência the producer answered on his instance.
    expect(await bellOf(demo.technician)).toEqual([
      waiting,
      expect.objectContaining({ url: ongoing, message: PENDING_MESSAGES.pendencyAnswered }),
    ]);
    // The producer's request is started: only the open pendência waits for him.
    expect(await bellOf(demo.producer)).toEqual([
      expect.objectContaining({ url: ongoing, message: PENDING_MESSAGES.pendencyOpen }),
    ]);
  });
});

describe('demo seed: the review cycle', () => {
  it('shows a pendência in each state and a vistoria with photos on the producer’s instance', async () => {
    const headers = await t.auth(demo.producer);
    const base = `/api/process-instance/${demo.instances.ongoing}`;
    const pendencies = z
      .array(PendencySchema)
      .parse((await t.app.inject({ url: `${base}/pendencies`, headers })).json());
    expect(pendencies.map((item) => [item.status, item.late])).toEqual([
      ['resolved', false],
      ['answered', false],
      ['open', false],
    ]);
    const inspections = z
      .array(InspectionSchema)
      .parse((await t.app.inject({ url: `${base}/inspections`, headers })).json());
    expect(inspections).toHaveLength(1);
    expect(inspections[0]!.photos.length).toBeGreaterThanOrEqual(1);
    const photo = await t.app.inject({ url: inspections[0]!.photos[0]!.url, headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const detail = InstanceDetailSchema.parse((await t.app.inject({ url: base, headers })).json());
    expect(detail.review.pendencies).toEqual({ open: 1, answered: 1, resolved: 1 });
    expect(detail.review.inspections).toBe(1);
  });

  it('shows an instance concluded with Selo Ouro by the committee', async () => {
    const certificate = PublicCertificateSchema.parse(
      (await t.app.inject({ url: `/api/certificate/${demo.review.ouro.number}` })).json(),
    );
    expect(certificate.level).toBe('ouro');
    const detail = InstanceDetailSchema.parse(
      (
        await t.app.inject({
          url: `/api/process-instance/${demo.review.ouro.instanceId}`,
          headers: await t.auth(demo.admin),
        })
      ).json(),
    );
    expect(detail.review).toMatchObject({
      levels: ['prata', 'ouro'],
      committee: true,
      level: 'ouro',
      recommendation: { outcome: 'ouro' },
    });
    expect(detail.approved).toBe(true);
  });
});

describe('demo seed on other databases', () => {
  let withBootstrapAdmin: TestApp;
  let withDemoAdminAddress: TestApp;
  let failing: TestApp;
  beforeAll(async () => {
    [withBootstrapAdmin, withDemoAdminAddress, failing] = await Promise.all([
      buildTestApp(),
      buildTestApp(),
      buildTestApp(),
    ]);
  });

  it('counts an empty database with only the bootstrap admin as empty', async () => {
    await ensureAdmin(withBootstrapAdmin.db, {
      email: 'chefe@ufpel.edu.br',
      password: 'senha-do-chefe',
    });
    expect(await isDatabaseEmpty(withBootstrapAdmin.db, 'Chefe@UFPel.edu.br')).toBe(true);
    expect(await isDatabaseEmpty(withBootstrapAdmin.db)).toBe(false);
  });

  it('keeps the bootstrap admin when it holds the demo admin address', async () => {
    const { user } = await ensureAdmin(withDemoAdminAddress.db, {
      email: 'admin@agroselo.local',
      password: 'senha-propria-123',
    });
    const seeded = await seedDemo(withDemoAdminAddress.db, withDemoAdminAddress.deps.storage);
    expect(seeded.admin.id).toBe(user.id);
    const response = await withDemoAdminAddress.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      ...formEncoded({ username: 'admin@agroselo.local', password: 'senha-propria-123' }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('leaves nothing behind when a step fails: it is one transaction', async () => {
    const brokenStorage: Storage = {
      ...failing.deps.storage,
      put: () => Promise.reject(new Error('disco cheio')),
    };
    await expect(seedDemo(failing.db, brokenStorage)).rejects.toThrow('disco cheio');
    expect(await isDatabaseEmpty(failing.db)).toBe(true);
    const [processCount] = await failing.db.select({ total: count() }).from(processes);
    expect(processCount!.total).toBe(0);
  });
});

describe('ensureAdmin', () => {
  it('creates the admin, then updates it back to an active admin with the new password', async () => {
    const created = await ensureAdmin(t.db, {
      email: 'Coordenacao@UFPel.edu.br',
      password: 'primeira-senha-1',
    });
    expect(created.action).toBe('created');
    expect(created.user).toMatchObject({
      email: 'coordenacao@ufpel.edu.br',
      role: 'admin',
      pending: false,
      disabled: false,
    });
    expect((await login('coordenacao@ufpel.edu.br', 'primeira-senha-1')).statusCode).toBe(200);

    const again = await ensureAdmin(t.db, {
      email: 'coordenacao@ufpel.edu.br',
      password: 'primeira-senha-1',
    });
    expect(again.action).toBe('unchanged');
    expect(again.user.tokenVersion).toBe(created.user.tokenVersion);

    await t.db
      .update(users)
      .set({ role: 'user', disabled: true, pending: true })
      .where(eq(users.id, created.user.id));
    const updated = await ensureAdmin(t.db, {
      email: 'coordenacao@ufpel.edu.br',
      password: 'segunda-senha-2',
    });
    expect(updated.action).toBe('updated');
    expect(updated.user).toMatchObject({
      id: created.user.id,
      role: 'admin',
      pending: false,
      disabled: false,
      tokenVersion: created.user.tokenVersion + 1,
    });
    expect((await login('coordenacao@ufpel.edu.br', 'primeira-senha-1')).statusCode).toBe(401);
    expect((await login('coordenacao@ufpel.edu.br', 'segunda-senha-2')).statusCode).toBe(200);
  });
});

describe('demo seed: a granted seal', () => {
  it('verifies its certificate and lists its holder on the seal page, with nothing personal', async () => {
    const certificate = await t.app.inject({ url: `/api/certificate/${demo.certified.number}` });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toMatchObject({
      status: 'valid',
      property: { business_name: 'Fazenda Lagoa Mirim' },
      seal: { name: 'Arroz Sustentável RS' },
    });
    expect(certificate.body).not.toContain(demo.otherProducer.email);
    expect(certificate.body).not.toContain(demo.otherProducer.cpf);
    const processId = certificate.json<{ seal: { process_id: string } }>().seal.process_id;
    const holders = await t.app.inject({ url: `/api/process/${processId}/holders` });
    expect(holders.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          business_name: 'Fazenda Lagoa Mirim',
          municipality: 'Santa Vitória do Palmar',
        }),
      ]),
    );
  });

  it('records a rice area on every request and publication consent on the certified ones', async () => {
    const rows = await t.db
      .select({
        area: processInstances.riceAreaHa,
        consent: processInstances.publishConsent,
        certificate: certificates.number,
      })
      .from(processInstances)
      .leftJoin(certificates, eq(certificates.processInstanceId, processInstances.id));
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.area).toBeGreaterThan(0);
      expect(row.consent).toBe(row.certificate !== null);
    }
  });
});

describe('demo seed: safras', () => {
  const get = async (url: string, caller: { id: string; email: string; role: string }) =>
    t.app.inject({ url, headers: await t.auth(caller as typeof demo.admin) });

  it('gives Arroz Sustentável RS a released next safra, open for requests, after this one', async () => {
    const [current, next] = await Promise.all([
      get(`/api/process/${demo.releasedProcessIds[0]}`, demo.admin),
      get(`/api/process/${demo.safras.nextProcessId}`, demo.admin),
    ]);
    expect(current.json()).toMatchObject({
      safra: safraOf(today()),
      next_process: { id: demo.safras.nextProcessId, released: true },
    });
    expect(next.json()).toMatchObject({
      safra: nextSafra(safraOf(today())),
      previous_process_id: demo.releasedProcessIds[0],
      released: true,
      stamp: { name: 'Arroz Sustentável RS' },
      forms_count: 3,
    });
    expect(next.json().start_date <= today() && today() <= next.json().end_date).toBe(true);
  });

  it('offers Fazenda Lagoa Mirim the renewal of its certificate', async () => {
    const detail = InstanceDetailSchema.parse(
      (await get(`/api/process-instance/${demo.certified.instanceId}`, demo.otherProducer)).json(),
    );
    expect(detail.renewal_offer).toEqual({
      process_id: demo.safras.nextProcessId,
      safra: nextSafra(safraOf(today())),
    });
  });

  it('shows a renewal in progress, pre-filled: some answers confirmed, some still carried', async () => {
    const detail = InstanceDetailSchema.parse(
      (await get(`/api/process-instance/${demo.safras.renewalInstanceId}`, demo.technician)).json(),
    );
    expect(detail.renewal_of?.id).toBe(demo.safras.taimCertifiedInstanceId);
    const formId = detail.form_instances[0]!.id;
    const form = (
      await get(
        `/api/process-instance/${demo.safras.renewalInstanceId}/form/${formId}`,
        demo.technician,
      )
    ).json<{
      field_instances: {
        field: { name: string };
        content: string | null;
        carried_over: boolean;
        last_season: { changed: boolean } | null;
      }[];
    }>();
    const byName = Object.fromEntries(
      form.field_instances.map((field) => [field.field.name, field]),
    );
    expect(byName['Cultivar semeada']).toMatchObject({
      content: 'BRS Pampeira',
      carried_over: false,
      last_season: { changed: false },
    });
    expect(byName['Sistema pré-germinado']).toMatchObject({ content: 'true', carried_over: true });
  });

  it('keeps a suspended certificate and a licence ending within 30 days', async () => {
    const [suspended] = await t.db
      .select()
      .from(certificates)
      .where(eq(certificates.number, demo.safras.suspendedNumber));
    expect(suspended).toMatchObject({ standing: 'suspended', standingReason: 'nonconformity' });
    const [taim] = await t.db
      .select()
      .from(properties)
      .where(eq(properties.id, demo.safras.taimPropertyId));
    const inThirtyDays = toSaoPauloDay(new Date(Date.now() + 30 * 86_400_000).toISOString())!;
    expect(taim!.farmingLoValidity > today() && taim!.farmingLoValidity <= inThirtyDays).toBe(true);
  });
});
