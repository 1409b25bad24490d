import { messages } from '@agroselo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type UserRow } from '../../src/db/seed/factories';
import { apiRoutes, type ApiRoute } from '../security/routes';
import { buildTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: UserRow;
let withSafra: ApiRoute[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  // Read from the app's own OpenAPI document: a route added later with a safra filter is walked too.
  withSafra = apiRoutes(t).filter(
    (route) =>
      route.method === 'GET' && route.queryParams.includes('safra') && !route.pathParams.length,
  );
});

const get = async (route: ApiRoute, safra: string) =>
  t.app.inject({
    url: `${route.path}?safra=${encodeURIComponent(safra)}`,
    headers: await t.auth(admin),
  });

describe('every ?safra= filter', () => {
  it('is found on the lists, the registry and the reports', () => {
    expect(withSafra.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/process-instance/all',
        '/api/process-instance/search',
        '/api/process/all',
        '/api/stamp/all',
        '/api/registry',
        '/api/registry.csv',
        '/api/reports/summary',
      ]),
    );
  });

  it('answers a malformed safra 422 with its loc and the pt-BR message (DESIGN §4)', async () => {
    for (const route of withSafra) {
      for (const safra of ['2026', '2026-27', '2026/28', '26/27']) {
        const response = await get(route, safra);
        expect(response.statusCode, `${route.key} ?safra=${safra}`).toBe(422);
        expect(response.json(), route.key).toEqual({
          detail: [
            { loc: ['querystring', 'safra'], msg: messages.safras.safraInvalid, type: 'custom' },
          ],
        });
      }
    }
  });

  it('takes a blank safra as no filter, as a cleared select sends it', async () => {
    for (const route of withSafra) {
      const response = await get(route, ' ');
      expect(response.statusCode, route.key).toBe(200);
    }
  });
});
