import { Readable } from 'node:stream';
import { IDEMPOTENT_REPLAYED_HEADER, messages, UPLOADS_PATH } from '@agroselo/contracts';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '../../plugins/http';
import { callerOf, type Caller } from '../../plugins/auth';
import {
  beginUpload,
  finishedUpload,
  finishUpload,
  ownUpload,
  type FinishedAnswer,
} from './service';
import { createUploadStore } from './store';

const m = messages.uploads;

/** What tus answers in plain English, told in pt-BR as every other refusal of the API. */
const TUS_STATUS_MESSAGES: Record<number, string> = {
  404: m.notFound,
  409: m.offsetConflict,
  410: m.notFound,
  413: messages.common.payloadTooLarge,
  415: messages.common.unsupportedMedia,
};

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
/** A tus creation is the same request when its length and metadata are (Idempotency-Key). */
const CREATION_HEADERS = [
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'upload-concat',
];

/** Headers of the connection, which a Request built here must not carry over. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

/**
 * Resumable uploads, tus 1.0 at /api/uploads (DESIGN §4b), with @tus/server. Every request but
 * OPTIONS needs the token; the creation is checked by the target route's own service before a
 * byte is stored, and the last PATCH answers what that route answers. These routes speak tus
 * (headers, binary bodies), not JSON: they stay out of the OpenAPI document, and so out of the
 * access matrix and the fuzz gate; test/api/uploads-*.test.ts covers their access.
 */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const store = createUploadStore(app.deps.config);
  const callers = new WeakMap<Request, Caller>();
  const callerFor = (request: Request) => {
    const caller = callers.get(request);
    if (!caller) throw new Error('tus request without a caller');
    return caller;
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: UPLOAD_LIMITS.fileSize,
    // The app and the API are one origin: no cross-origin uploads.
    allowedOrigins: [],
    onUploadCreate: async (request, upload) => ({
      metadata: { ...upload.metadata, owner: callerFor(request).id },
    }),
    onUploadFinish: async (request, upload) => {
      const answer = await finishUpload(app.deps, store, callerFor(request), upload);
      const body = answer.body ?? '';
      if (answer.status >= 400) throw { status_code: answer.status, body };
      return { status_code: answer.status, headers: JSON_TYPE, body };
    },
    onResponseError: (_request, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      if ('body' in error && error.body.startsWith('{'))
        return { status_code: status, body: error.body };
      const detail =
        TUS_STATUS_MESSAGES[status] ?? (status < 500 ? m.protocol : messages.common.internal);
      return { status_code: status, body: JSON.stringify({ detail }) };
    },
  });

  // PATCH bodies go to tus as they arrive: Fastify must not read them (nor cap them at bodyLimit).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_HEADERS.has(name)) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const streams = request.method === 'PATCH' || request.method === 'POST';
    const webRequest = new Request(new URL(request.url, 'http://localhost'), {
      method: request.method,
      headers,
      body: streams ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
      duplex: 'half',
    } as RequestInit);
    if (request.caller) callers.set(webRequest, request.caller);
    const response = await tus.handleWeb(webRequest);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    const body = await response.text();
    if (response.status >= 400) reply.type('application/json; charset=utf-8');
    return reply.send(body === '' ? undefined : body);
  }

  const schema = { hide: true };
  const signedIn = app.guard();
  const path = UPLOADS_PATH.replace(/^\/api/, '');

  app.options(path, { schema }, handle);
  app.options(`${path}/:uploadId`, { schema }, handle);
  app.post(
    path,
    {
      schema,
      config: { idempotency: { headers: CREATION_HEADERS } },
      onRequest: signedIn,
      preHandler: async (request) => {
        await beginUpload(app.deps, callerOf(request), {
          length: request.headers['upload-length'] as string | undefined,
          metadata: request.headers['upload-metadata'] as string | undefined,
        });
      },
    },
    handle,
  );
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: `${path}/:uploadId`,
      schema,
      // Offsets make a part sent twice harmless, and the finished upload's record answers its
      // last part sent again: these ignore Idempotency-Key, which tus clients send with every part.
      config: { idempotency: false },
      onRequest: signedIn,
      preHandler: async (request, reply) => {
        const { uploadId } = request.params as { uploadId: string };
        if (method !== 'DELETE') {
          const finished = await finishedUpload(app.deps.db, callerOf(request), uploadId);
          if (finished && (method === 'PATCH' || finished.status < 300))
            return answerFinished(reply, method, finished);
        }
        await ownUpload(store, callerOf(request), uploadId);
      },
      handler: handle,
    });
  }
}

/**
 * An upload already finished: HEAD says every byte is there; a PATCH (its last part sent again
 * after a lost answer) gets the answer its last part got, and nothing is attached again.
 */
function answerFinished(
  reply: FastifyReply,
  method: 'HEAD' | 'PATCH',
  finished: FinishedAnswer & { size: number },
): FastifyReply {
  const offsets = { 'tus-resumable': '1.0.0', 'upload-offset': String(finished.size) };
  if (method === 'HEAD')
    return reply
      .code(200)
      .headers({ ...offsets, 'upload-length': String(finished.size), 'cache-control': 'no-store' })
      .send();
  return reply
    .code(finished.status)
    .headers({ ...offsets, [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
    .type('application/json; charset=utf-8')
    .send(finished.body ?? undefined);
}
