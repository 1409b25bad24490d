import type { APIRequestContext } from '@playwright/test';
import { bearer, currentSafra, PNG, registerFarm, saoPauloDay, tokenOf } from './api-steps';
import { expect } from './fixtures';

export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The names of what the journey's form asks; each run gets its own, as journeys share a server. */
export function namesFor(tag: string) {
  return {
    seal: `Selo Registro de Campo ${tag}`,
    form: `Registro da lavoura ${tag}`,
    text: 'Cultivar semeada',
    bool: 'Possui outorga de uso da água',
    date: 'Data da semeadura',
    datetime: 'Início da irrigação por inundação',
    list: 'Aplicações de defensivos',
    staff: 'Parecer da vistoria técnica',
    columns: {
      product: 'Produto',
      dose: 'Dose (L/ha)',
      applied: 'Data da aplicação',
      done: 'Aplicado',
    },
  };
}

/**
 * Through the API, as the people who do it: the admin builds a seal whose form has every kind
 * of field and requires a signature, a new producer registers a farm and requests it, the demo
 * technician accepts and the producer starts it. Resolves with the form instance to fill.
 */
export async function startedForm(
  request: APIRequestContext,
  producer: { token: string },
  tag: string,
) {
  const names = namesFor(tag);
  const admin = bearer(await tokenOf(request, 'admin'));
  const field = async (body: Record<string, unknown>) =>
    (
      await ok<{ id: string }>(
        await request.post('/api/field/register', { headers: admin, data: body }),
      )
    ).id;
  const text = (name: string, extra: Record<string, unknown> = {}) =>
    field({ name, type: 'text', ...extra });
  const columns = [
    await text(names.columns.product),
    await text(names.columns.dose),
    await field({ name: names.columns.applied, type: 'date' }),
    await field({ name: names.columns.done, type: 'bool' }),
  ];
  const fieldIds = [
    await text(names.text),
    await field({ name: names.bool, type: 'bool', proof: true }),
    await field({ name: names.date, type: 'date' }),
    await field({ name: names.datetime, type: 'datetime' }),
    await field({ name: names.list, type: 'form', child_fields: columns }),
    await text(names.staff, { producer_read_only: true }),
  ];

  const process = await ok<{ id: string }>(
    await request.post('/api/process/register', {
      headers: admin,
      multipart: {
        safra: currentSafra(),
        notice: `Edital de teste ${tag}`,
        description: `Certificação de teste ${tag}`,
        start_date: saoPauloDay(-1),
        end_date: saoPauloDay(60),
        validity_start: saoPauloDay(0),
        validity_end: saoPauloDay(400),
        stamp_name: names.seal,
        stamp_description: 'Selo criado pela jornada de formulários',
        file: { name: 'selo.png', mimeType: 'image/png', buffer: PNG },
      },
    }),
  );
  const form = await ok<{ id: string }>(
    await request.post(`/api/process/${process.id}/form/register`, {
      headers: admin,
      data: { name: names.form, deadline: saoPauloDay(30), obligatory: true, sign: true },
    }),
  );
  for (const id of fieldIds) {
    await ok(
      await request.put(`/api/process/${process.id}/form/${form.id}/field/${id}/add`, {
        headers: admin,
      }),
    );
  }
  await ok(
    await request.put(`/api/process/${process.id}/release`, {
      headers: admin,
      data: { released: true },
    }),
  );

  const owner = bearer(producer.token);
  const farm = await registerFarm(request, producer.token, {
    business_name: `Granja Passo Real ${tag}`,
    place: 'Passo Real',
    responsible_name: 'Ana Lima',
  });
  const instance = await ok<{ id: string }>(
    await request.put(`/api/process/${process.id}/request`, {
      headers: owner,
      multipart: { business_id: farm.id },
    }),
  );
  await ok(
    await request.put(`/api/process-instance/${instance.id}/evaluate`, {
      headers: bearer(await tokenOf(request, 'technician')),
      multipart: { reject: 'false' },
    }),
  );
  const started = await ok<{ form_instances: { id: string; name: string }[] }>(
    await request.put(`/api/process-instance/${instance.id}/start`, { headers: owner }),
  );
  const formInstance = started.form_instances.find((item) => item.name === names.form)!;
  return { names, instanceId: instance.id, formId: formInstance.id };
}
