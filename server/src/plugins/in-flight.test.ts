import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitForHandlersOnClose } from './in-flight';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose one route takes `handlerMs`; the events in the order they happened. */
async function slowServer(handlerMs: number, graceMs?: number) {
  const app = Fastify();
  const events: string[] = [];
  waitForHandlersOnClose(app, graceMs);
  app.get('/slow', async () => {
    await sleep(handlerMs);
    events.push('handler done');
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const abortedRequest = async () => {
    const request = http.get(`http://127.0.0.1:${port}/slow`);
    request.on('error', () => undefined);
    await sleep(50);
    request.destroy();
    await sleep(20);
  };
  return { app, events, abortedRequest };
}

describe('waitForHandlersOnClose', () => {
  it('closes only once the handler of a request whose client left has answered', async () => {
    const { app, events, abortedRequest } = await slowServer(300);
    await abortedRequest();
    await app.close();
    events.push('closed');
    expect(events).toEqual(['handler done', 'closed']);
  });

  it('closes at once when nothing runs, and after the grace period when a handler hangs', async () => {
    const idle = await slowServer(0);
    const started = Date.now();
    await idle.app.close();
    expect(Date.now() - started).toBeLessThan(200);

    const hanging = await slowServer(5_000, 100);
    await hanging.abortedRequest();
    await hanging.app.close();
    hanging.events.push('closed');
    expect(hanging.events).toEqual(['closed']);
  });
});
