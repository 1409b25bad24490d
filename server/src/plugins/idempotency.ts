import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  messages,
} from '@agroselo/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Db } from '../db/client';
import { withCommitHook } from '../db/commit-hook';
import { AppError, conflict } from '../lib/errors';
import {
  claimKey,
  keyInFlight,
  KeyedRequest,
  requestHash,
  type KeptAnswer,
} from '../lib/idempotency';
import { isGuard } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds (Idempotency-Key), once claimed; null without one. */
    idempotency: KeyedRequest | null;
  }
  interface FastifyContextConfig {
    /**
     * `false`: the route ignores Idempotency-Key, being idempotent by its own protocol (a tus
     * PATCH, HEAD or DELETE: offsets and the finished upload's record). `headers`: request headers
     * that are part of what the key stands for (a tus creation's length and metadata).
     */
    idempotency?: false | { headers: readonly string[] };
  }
}

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What of an answer's headers is kept with it: its type, where it points, a tus upload's state. */
const KEPT_HEADERS = [
  'content-type',
  'location',
  'retry-after',
  'tus-resumable',
  'upload-offset',
  'upload-length',
  'upload-expires',
];
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

const invalidKey = (msg: string, type: string) =>
  new AppError(422, [{ loc: ['header', HEADER], msg, type }]);

/**
 * Idempotency-Key on every write of a signed-in caller (DESIGN §4c; docs/offline.md): the key is
 * claimed first thing once the guard (onRequest) has passed and the body is read and valid (a
 * refusal before that is not kept, as Stripe does), and the answer is kept per user and key: the
 * same key and request get it again, nothing written twice; another request under the key 422; a
 * request still running under it 409. Answers of 5xx are not kept: a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  const gate = keyGate(app.deps.db);
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WRITES.has(method))) return;
    // A route with no guard is public: keyed by no one.
    if (route.config?.idempotency === false || ![route.onRequest ?? []].flat().some(isGuard))
      return;
    route.preHandler = [gate, ...[route.preHandler ?? []].flat()];
  });
  // Before the compression's onSend (plugins/http.ts): the answer is kept as the route gave it.
  app.addHook('onSend', keepAnswer);
}

function keyGate(db: Db): preHandlerHookHandler {
  return function idempotencyKey(request, reply, done) {
    const header = request.headers[HEADER];
    if (header === undefined || !request.caller) return done();
    claim(db, request, reply, header).then((keyed) => {
      // Answered already: the kept answer given again.
      if (!keyed) return;
      request.idempotency = keyed;
      // The route runs inside the hook, so its transactions commit the key with their writes.
      withCommitHook(keyed, () => done());
    }, done);
  };
}

async function claim(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  header: string | string[],
): Promise<KeyedRequest | null> {
  const parsed = IdempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw invalidKey(messages.offline.keyInvalid, 'idempotency_key');
  const caller = request.caller!;
  const options = request.routeOptions.config.idempotency;
  const hash = requestHash({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body,
    headerNames: options ? options.headers : [],
  });
  const claimed = await claimKey(db, caller.id, parsed.data, hash);
  switch (claimed.outcome) {
    case 'claimed':
      return new KeyedRequest(db, caller.id, parsed.data, claimed.token, (value) => ({
        status: reply.statusCode,
        headers: JSON_TYPE,
        body: reply.serialize(value) as string,
      }));
    case 'replay':
      void reply
        .code(claimed.answer.status)
        .headers(claimed.answer.headers)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .send(claimed.answer.body ?? undefined);
      return null;
    case 'reused':
      throw invalidKey(messages.offline.keyReused, 'idempotency_key_reused');
    case 'running':
      throw keyInFlight();
    case 'answer-lost':
      throw conflict(messages.offline.answerLost);
  }
}

const keptHeaders = (reply: FastifyReply) =>
  Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = reply.getHeader(name);
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );

const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const keyed = request.idempotency;
  if (!keyed || keyed.done) return done(null, payload);
  const text = payload === null || payload === undefined || typeof payload === 'string';
  const answer: KeptAnswer | null = text
    ? { status: reply.statusCode, headers: keptHeaders(reply), body: (payload as string) ?? null }
    : null;
  keyed.finish(answer).then(
    () => done(null, payload),
    (error: unknown) => {
      // The answer goes out all the same; a retry then finds the key as the route left it.
      request.log.error({ err: error }, 'idempotency answer not kept');
      done(null, payload);
    },
  );
};
