import type { APIRequestContext } from '@playwright/test';
import { cnpj } from 'cpf-cnpj-validator';
import { safraOf } from '@agroselo/contracts';
import { expect } from './fixtures';

export { tokenOf } from './fixtures';

// Real bytes: the server checks the type of uploads by their content.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A day relative to today in São Paulo, as the wire writes it (YYYY-MM-DD). */
export const saoPauloDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offset * 24 * 3_600_000),
  );

/** The safra of today in São Paulo (`2026/27`), as a process registered now belongs to. */
export const currentSafra = () => safraOf(saoPauloDay());

/** A wire day as the screens show it (DD/MM/YYYY). */
export const brazilian = (day: string) => day.split('-').reverse().join('/');

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A farm of the producer behind `token`, registered through the API; `farm` overrides the rest. */
export async function registerFarm(
  request: APIRequestContext,
  token: string,
  farm: { business_name: string } & Record<string, string | number>,
) {
  const response = await request.post('/api/property/register', {
    headers: bearer(token),
    data: {
      business_type: 'Granja',
      cnpj: cnpj.generate(),
      municipality: 'Arroio Grande',
      irga: '2207731',
      latitude: -32.2371,
      longitude: -53.0867,
      car_n: 'RS43011007A1C2E9F4B8D41A6B3C0F5E7D9A2B4C6',
      farming_lo_number: '03321/2025-DL',
      farming_lo_validity: '2029-03-31',
      drying_and_stock_lo_number: '04412/2025-DL',
      drying_and_stock_lo_validity: '2028-10-31',
      place: 'Passo do Ladrão',
      responsible_name: 'Ivone Prestes',
      ...farm,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, name: farm.business_name };
}

/** The producer behind `token` requests the seal of `processId` for a farm; the new instance's id. */
export async function requestSealOf(
  request: APIRequestContext,
  token: string,
  processId: string,
  farmId: string,
) {
  const response = await request.put(`/api/process/${processId}/request`, {
    headers: bearer(token),
    multipart: { business_id: farmId, rice_area_ha: '96,5' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A technician or admin accepts or rejects a request that has no technician yet. */
export async function evaluateRequest(
  request: APIRequestContext,
  token: string,
  instanceId: string,
  decision: 'accept' | 'reject',
) {
  const response = await request.put(`/api/process-instance/${instanceId}/evaluate`, {
    headers: bearer(token),
    multipart: { reject: String(decision === 'reject') },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The one form of a seal that createSeal makes. */
export const FORM_NAME = 'Caracterização da lavoura';
/** The text field of that form, named after its seal: `${FIELD_NAME} (${seal})`. */
export const FIELD_NAME = 'Cultivar semeada';

/** A file part of a multipart body, as Playwright takes it. */
interface FilePart {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A draft process of the seal `name`, open for requests today, registered through the API as the
 * new-process screen would; `parts` adds or replaces parts (review settings, features, the
 * edital). Its id.
 */
export async function registerProcess(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  parts: Record<string, string | string[] | FilePart> = {},
) {
  const body = new FormData();
  for (const [key, value] of Object.entries({
    safra: currentSafra(),
    notice: 'Edital de teste da jornada de certificados',
    description: `Certificação ${name} — jornada`,
    start_date: saoPauloDay(-1),
    end_date: saoPauloDay(60),
    validity_start: saoPauloDay(-1),
    validity_end: saoPauloDay(365),
    stamp_name: name,
    stamp_description: 'Selo criado pela jornada de certificados.',
    file: { name: 'selo.png', mimeType: 'image/png', buffer: PNG },
    ...parts,
  })) {
    if (typeof value === 'string') body.append(key, value);
    else if (Array.isArray(value)) for (const item of value) body.append(key, item);
    else body.append(key, new Blob([value.buffer], { type: value.mimeType }), value.name);
  }
  const created = await request.post('/api/process/register', {
    headers: bearer(adminToken),
    multipart: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The admin releases a draft process (Liberado), as its card's button does. */
export async function releaseProcess(
  request: APIRequestContext,
  adminToken: string,
  processId: string,
) {
  const released = await request.put(`/api/process/${processId}/release`, {
    headers: bearer(adminToken),
    data: { released: true },
  });
  expect(released.ok(), await released.text()).toBe(true);
}

/**
 * A released seal of this journey's own, open for requests today, with one form; the admin
 * creates it through the API as the seals screens would.
 */
export async function createSeal(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  review: Record<string, string> = {},
) {
  const processId = await registerProcess(request, adminToken, name, review);
  // One obligatory form with one field: the conclusion waits until the producer finishes it.
  const form = await request.post(`/api/process/${processId}/form/register`, {
    headers: bearer(adminToken),
    data: { name: FORM_NAME, deadline: saoPauloDay(30), obligatory: true },
  });
  expect(form.status(), await form.text()).toBe(201);
  const formId = ((await form.json()) as { id: string }).id;
  const field = await request.post('/api/field/register', {
    headers: bearer(adminToken),
    data: { name: `${FIELD_NAME} (${name})`, type: 'text' },
  });
  expect(field.status(), await field.text()).toBe(201);
  const fieldId = ((await field.json()) as { id: string }).id;
  const added = await request.put(`/api/process/${processId}/form/${formId}/field/${fieldId}/add`, {
    headers: bearer(adminToken),
  });
  expect(added.ok(), await added.text()).toBe(true);
  await releaseProcess(request, adminToken, processId);
  return processId;
}

/** The producer fills the instance's only form and finishes it, as the form page would. */
export async function fillAndFinishForm(
  request: APIRequestContext,
  token: string,
  instanceId: string,
) {
  const instance = await request.get(`/api/process-instance/${instanceId}`, {
    headers: bearer(token),
  });
  expect(instance.ok(), await instance.text()).toBe(true);
  const [form] = (
    (await instance.json()) as { form_instances: { id: string; name: string }[] }
  ).form_instances.filter((candidate) => candidate.name === FORM_NAME);
  const url = `/api/process-instance/${instanceId}/form/${form!.id}`;
  const detail = await request.get(url, { headers: bearer(token) });
  expect(detail.ok(), await detail.text()).toBe(true);
  const [field] = ((await detail.json()) as { field_instances: { id: string }[] }).field_instances;
  const saved = await request.put(`${url}/save`, {
    headers: bearer(token),
    data: { fields: [{ id: field!.id, content: 'IRGA 424 RI' }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const finished = await request.put(`${url}/finish`, { headers: bearer(token), data: {} });
  expect(finished.ok(), await finished.text()).toBe(true);
}
