import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  loggedUrl,
  registerClientAddress,
  requestLogFields,
} from './client-address';

describe('requestLogFields', () => {
  it("logs what Fastify's own serializer logged, the client as the trusted proxy forwards it", async () => {
    const app = Fastify({ logger: false, trustProxy: '127.0.0.1' });
    registerClientAddress(app);
    app.get('/api/x', (request) => ({
      first: clientAddress(request),
      fields: requestLogFields(request),
    }));
    const response = await app.inject({
      url: '/api/x?limit=12',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.18.0.7', 'accept-version': '1' },
    });
    expect(response.json()).toEqual({
      first: '198.18.0.7',
      fields: {
        method: 'GET',
        url: '/api/x?limit=12',
        version: '1',
        host: 'localhost:80',
        remoteAddress: '198.18.0.7',
      },
    });
    await app.close();
  });
});

describe('loggedUrl', () => {
  it('leaves out the values of personal data and secrets, and keeps the rest', () => {
    expect(loggedUrl('/reset-password?email=ana%40exemplo.com.br')).toBe('/reset-password?email=…');
    expect(loggedUrl('/login?email=ana@x.br&password=segredo123&lembrar=on')).toBe(
      '/login?email=…&password=…&lembrar=on',
    );
    expect(loggedUrl('/api/user/search?query=529.982.247-25&limit=12&offset=0')).toBe(
      '/api/user/search?query=…&limit=12&offset=0',
    );
    expect(loggedUrl('/api/x?Token=abc#frag')).toBe('/api/x?Token=…#frag');
    expect(loggedUrl('/api/process-instance/all?status=pending&limit=12')).toBe(
      '/api/process-instance/all?status=pending&limit=12',
    );
    expect(loggedUrl('/api/stamp/all')).toBe('/api/stamp/all');
    // A parameter whose name only ends like one is kept.
    expect(loggedUrl('/api/x?zipcode=96010')).toBe('/api/x?zipcode=96010');
  });
});
