import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createForm,
  createFormInstance,
  createInstance,
  createProperty,
  createSeal,
  createUser,
  type UserRow,
} from '../../src/db/seed/factories';
import { formInstanceReminders, mailOutbox } from '../../src/db/schema';
import { dailyJobs } from '../../src/jobs';
import { createJobRunner } from '../../src/lib/jobs';
import { multipart } from '../support/http';
import { freePort } from '../support/smtp';
import { buildTestApp, silentLogger, type TestApp } from '../support/test-app';
import { brazilian, day } from '../support/days';

const PUBLIC_URL = 'https://agroselo.exemplo.br';

let t: TestApp;
let admin: UserRow;
let technician: UserRow;
let otherTechnician: UserRow;
let disabledTechnician: UserRow;
let owner: UserRow;

/** Noon in São Paulo, `offset` days from today: past the reminders' hour. */
const noon = (offset: number) => new Date(`${day(offset)}T15:00:00Z`);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  admin = await createUser(t.db, { role: 'admin', firstName: 'Helena', lastName: 'Schneider' });
  technician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Rafael',
    lastName: 'Dutra Pereira',
    crea: '00000001827364',
  });
  otherTechnician = await createUser(t.db, {
    role: 'technician',
    firstName: 'Carla',
    crea: '00000007654321',
  });
  disabledTechnician = await createUser(t.db, {
    role: 'technician',
    crea: '00000001111111',
    disabled: true,
  });
  owner = await createUser(t.db, { role: 'owner', firstName: 'Sérgio', lastName: 'Antunes' });
});

const send = async (
  caller: UserRow,
  method: 'PUT' | 'POST',
  url: string,
  fields?: Record<string, string>,
) => {
  const body = fields ? await multipart(fields) : { payload: undefined, headers: {} };
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(await t.auth(caller)) },
  });
};

describe('e-mail notices of the workflow', () => {
  it('tells every active technician and admin of a new request, each in a message of their own', async () => {
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz de Qualidade Superior' } });
    const farm = await createProperty(t.db, {
      owner,
      businessName: 'Granja Arroio Duro',
      municipality: 'Camaquã',
    });
    const response = await send(owner, 'PUT', `/api/process/${seal.process.id}/request`, {
      business_id: farm.id,
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    for (const person of [admin, technician, otherTechnician]) {
      const mails = (await t.mailTo(person.email)).filter((mail) => mail.text.includes(id));
      expect(mails, person.email).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe(
        'Nova solicitação do selo Arroz de Qualidade Superior: Granja Arroio Duro',
      );
      expect(mail!.text).toContain(`Olá, ${person.firstName}!`);
      expect(mail!.text).toContain(
        'Sérgio Antunes solicitou o selo Arroz de Qualidade Superior para a propriedade Granja Arroio Duro (Camaquã).',
      );
      expect(mail!.text).toContain(`Avaliar a solicitação: ${PUBLIC_URL}/producer-details/${id}`);
      expect(mail!.html).toContain(`href="${PUBLIC_URL}/producer-details/${id}"`);
    }
    expect(await t.mailTo(disabledTechnician.email)).toEqual([]);
    expect((await t.mailTo(owner.email)).filter((mail) => mail.text.includes(id))).toEqual([]);
  });

  it('tells the producer when the request is accepted, and when it is rejected', async () => {
    const farm = await createProperty(t.db, { owner, businessName: 'Fazenda Boa Vista' });
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
    const accepted = await createInstance(t.db, { process: seal.process, property: farm });
    expect(
      (
        await send(technician, 'PUT', `/api/process-instance/${accepted.id}/evaluate`, {
          reject: 'false',
        })
      ).statusCode,
    ).toBe(200);
    const [acceptance] = await t.mailTo(owner.email);
    expect(acceptance!.subject).toBe('Solicitação aceita: selo Arroz Sustentável RS');
    expect(acceptance!.text).toContain(
      'Rafael Dutra Pereira aceitou a sua solicitação do selo Arroz Sustentável RS para a propriedade Fazenda Boa Vista.',
    );
    expect(acceptance!.text).toContain(
      `Iniciar o processo: ${PUBLIC_URL}/producer-details/${accepted.id}`,
    );

    const other = await createSeal(t.db, { stamp: { name: 'Arroz Orgânico do Pampa' } });
    const rejected = await createInstance(t.db, { process: other.process, property: farm });
    expect(
      (
        await send(admin, 'PUT', `/api/process-instance/${rejected.id}/evaluate`, {
          reject: 'true',
        })
      ).statusCode,
    ).toBe(200);
    const [rejection] = await t.mailTo(owner.email);
    expect(rejection!.subject).toBe('Solicitação rejeitada: selo Arroz Orgânico do Pampa');
    expect(rejection!.text).toContain('foi rejeitada pelo técnico responsável, Helena Schneider.');
    expect(rejection!.text).toContain(`${PUBLIC_URL}/producer-details/${rejected.id}`);
  });

  it('tells the producer when a technician opens a process for the property', async () => {
    const farm = await createProperty(t.db, { owner, businessName: 'Granja Passo Fundo' });
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz Irrigado Premium' } });
    const response = await send(technician, 'POST', `/api/process/${seal.process.id}/start`, {
      business_id: farm.id,
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe('Processo aberto: selo Arroz Irrigado Premium');
    expect(mail!.text).toContain(
      `Preencher os formulários: ${PUBLIC_URL}/producer-details/${response.json<{ id: string }>().id}`,
    );
  });

  it('never holds a request back when the mail server is down: the notice waits in the outbox', async () => {
    const offline = await buildTestApp({
      PUBLIC_URL,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    });
    const staff = await createUser(offline.db, { role: 'technician', crea: '00000002222222' });
    const producer = await createUser(offline.db, { role: 'owner' });
    const farm = await createProperty(offline.db, { owner: producer });
    const seal = await createSeal(offline.db);
    const body = await multipart({ business_id: farm.id });
    const response = await offline.app.inject({
      method: 'PUT',
      url: `/api/process/${seal.process.id}/request`,
      payload: body.payload,
      headers: { ...body.headers, ...(await offline.auth(producer)) },
    });
    expect(response.statusCode).toBe(201);
    await offline.deps.mailer.flush();
    const [queued] = await offline.mailTo(staff.email);
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued!.lastError).toMatch(/\S/);
  });
});

describe('the daily reminder of form deadlines', () => {
  const run = (now: Date) =>
    createJobRunner({ db: t.db, jobs: dailyJobs(t.deps), log: silentLogger })
      .runDue(now)
      .then((outcomes) => outcomes.find((outcome) => outcome.job === 'form-deadline-reminders')!);

  it('mails each producer once per form and threshold: 3 days before, then once overdue', async () => {
    const producer = await createUser(t.db, { role: 'owner', firstName: 'Ivone' });
    const farm = await createProperty(t.db, { owner: producer, businessName: 'Granja do Ivone' });
    const seal = await createSeal(t.db, { stamp: { name: 'Arroz Sustentável RS' } });
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      initiated: true,
    });
    const form = (name: string, deadline: string) =>
      createForm(t.db, seal.process.id, { name, deadline, obligatory: true });
    const soon = await createFormInstance(t.db, {
      instance,
      form: await form('Caracterização da lavoura', day(2)),
    });
    const edge = await createFormInstance(t.db, {
      instance,
      form: await form('Manejo da irrigação', day(3)),
    });
    const later = await createFormInstance(t.db, {
      instance,
      form: await form('Manejo fitossanitário', day(4)),
    });
    const late = await createFormInstance(t.db, {
      instance,
      form: await form('Colheita e pós-colheita', day(-1)),
    });
    // Finished forms, forms of concluded processes and 'Documentos' (no deadline) are left alone.
    await createFormInstance(t.db, {
      instance,
      form: await form('Classificação do lote', day(1)),
      commited: true,
    });
    await createFormInstance(t.db, { instance });
    const concluded = await createInstance(t.db, {
      process: (await createSeal(t.db)).process,
      property: farm,
      technician,
      initiated: true,
      finished: true,
      approved: false,
    });
    await createFormInstance(t.db, {
      instance: concluded,
      form: await createForm(t.db, seal.process.id, { name: 'Encerrado', deadline: day(0) }),
    });

    expect(await run(noon(0))).toMatchObject({ status: 'ran' });
    const [first, ...none] = await t.mailTo(producer.email);
    expect(none).toEqual([]);
    expect(first!.subject).toBe('Formulários com prazo vencido no AgroSelo');
    const link = (formInstanceId: string) =>
      `${PUBLIC_URL}/producer-details/${instance.id}/form-instance/${formInstanceId}`;
    expect(first!.text).toBe(
      [
        'Olá, Ivone!',
        '',
        'Estes formulários da certificação ainda não foram finalizados:',
        '',
        `- Colheita e pós-colheita — selo Arroz Sustentável RS, propriedade Granja do Ivone: venceu em ${brazilian(day(-1))}`,
        `  ${link(late.id)}`,
        '',
        `- Caracterização da lavoura — selo Arroz Sustentável RS, propriedade Granja do Ivone: vence em ${brazilian(day(2))} (em 2 dias)`,
        `  ${link(soon.id)}`,
        '',
        `- Manejo da irrigação — selo Arroz Sustentável RS, propriedade Granja do Ivone: vence em ${brazilian(day(3))} (em 3 dias)`,
        `  ${link(edge.id)}`,
        '',
        'Preencha e finalize cada um pela página do formulário. Se o prazo já passou, fale com o técnico responsável pelo processo.',
        '',
        'AgroSelo — Conectando o campo à tecnologia',
      ].join('\n'),
    );
    expect(first!.html).toContain(`href="${link(soon.id)}"`);
    expect(
      await t.db
        .select({ kind: formInstanceReminders.kind })
        .from(formInstanceReminders)
        .where(eq(formInstanceReminders.formInstanceId, late.id)),
    ).toEqual([{ kind: 'overdue' }]);

    // The same day again: nothing. The next day: only the form that came within 3 days.
    expect(await run(noon(0))).toMatchObject({ status: 'already-done' });
    expect(await t.mailTo(producer.email)).toHaveLength(1);
    expect(await run(noon(1))).toMatchObject({ status: 'ran' });
    const [second] = await t.mailTo(producer.email);
    expect(second!.subject).toBe('Prazo de formulários terminando no AgroSelo');
    expect(second!.text).toContain('Este formulário da certificação ainda não foi finalizado:');
    expect(second!.text).toContain(link(later.id));
    expect(second!.text).not.toContain(link(soon.id));

    // Three days on, the first form's deadline has passed: it is named once more, as overdue.
    expect(await run(noon(3))).toMatchObject({ status: 'ran' });
    const [third, ...earlier] = await t.mailTo(producer.email);
    expect(earlier).toHaveLength(2);
    expect(third!.text).toContain(link(soon.id));
    expect(third!.text).toContain('venceu em');
    expect(third!.text).not.toContain(link(edge.id));
    expect(third!.text).not.toContain(link(late.id));
  });

  it('mails once when two servers run the day together', async () => {
    const producer = await createUser(t.db, { role: 'owner' });
    const farm = await createProperty(t.db, { owner: producer });
    const seal = await createSeal(t.db);
    const instance = await createInstance(t.db, {
      process: seal.process,
      property: farm,
      technician,
      initiated: true,
    });
    await createFormInstance(t.db, {
      instance,
      form: await createForm(t.db, seal.process.id, { deadline: day(12) }),
    });
    const outcomes = await Promise.all([run(noon(10)), run(noon(10))]);
    expect(outcomes.filter((outcome) => outcome.status === 'ran')).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, producer.email));
    expect(mails).toHaveLength(1);
  });
});
