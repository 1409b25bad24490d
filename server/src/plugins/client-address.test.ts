import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, registerClientAddress, requestLogFields } from './client-address';

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
