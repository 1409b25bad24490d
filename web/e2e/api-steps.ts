import type { APIRequestContext } from '@playwright/test';
import { cnpj } from 'cpf-cnpj-validator';
import { DEMO_PASSWORD, demo, expect, type DemoRole } from './fixtures';

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

/** A wire day as the screens show it (DD/MM/YYYY). */
export const brazilian = (day: string) => day.split('-').reverse().join('/');

/** A token of the demo's account of `role`, for steps a journey takes through the API. */
export async function tokenOf(request: APIRequestContext, role: DemoRole): Promise<string> {
  const response = await request.post('/api/auth/token', {
    form: { username: demo[role], password: DEMO_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

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
