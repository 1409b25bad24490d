import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Closing waits no longer than this for handlers still running (main.ts gives up at 10 s). */
export const HANDLERS_GRACE_MS = 5_000;

/**
 * Closing the app waits for every request handler still running. Fastify's close waits for open
 * connections only: a request whose client went away (a closed tab, the end of a load test) keeps
 * running its handler, which then met a closed database pool and logged an unexpected error.
 * onSend comes once the handler has answered, also when nobody is left to read the answer.
 */
export function waitForHandlersOnClose(app: FastifyInstance, graceMs = HANDLERS_GRACE_MS): void {
  const running = new Set<FastifyRequest>();
  let allDone: (() => void) | undefined;
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) allDone?.();
  };
  // Callback hooks: an async one costs a promise per request, on every route.
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    finished(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    await new Promise<void>((resolve) => {
      allDone = resolve;
      setTimeout(resolve, graceMs).unref();
    });
  });
}
