import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { messages, type ValidationIssue } from '@agroselo/contracts';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
import { AppError } from '../lib/errors';
import { fileCsp, inspectUpload } from '../lib/files';
import { registerClientAddress } from './client-address';
import { registerFloodLimit } from './flood-limit';
import { registerCompression } from './compression';

export type { UploadedFile } from '../lib/files';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the multipart parser has run: an error before that is a malformed body. */
    bodyParsed: boolean;
  }
  interface FastifyContextConfig {
    /** Files one multipart request of this route may carry, above UPLOAD_LIMITS.files. */
    uploadFiles?: number;
  }
}

export const UPLOAD_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 2,
  fields: 30,
  parts: 32,
  fieldSize: 64 * 1024,
};

const CSP_DIRECTIVES: Record<string, string[] | null> = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'script-src': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'script-src-attr': ["'none'"],
  'upgrade-insecure-requests': null,
};

/**
 * The headers helmet gives every answer, for the few answers Fastify writes before any hook runs
 * (a malformed URL, an over-long path parameter: see `frameworkErrors` in plugins/errors.ts).
 */
export const BASELINE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
};

/**
 * An API answer is data, never a document: nothing in it may load, frame it or be sniffed as
 * something else (OWASP's REST Security headers). The headers that only steer a document (the
 * opener's isolation, DNS prefetching, IE's and Flash's leftovers) are the web app's alone.
 */
const API_SECURITY_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none';base-uri 'none';frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'no-referrer'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
];

/** Body parsers, security headers, the flood limit and JSON compression shared by every route. */
export async function registerHttp(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', await securityHeaders());
  registerClientAddress(app);
  registerFloodLimit(app, app.deps.config.RATE_LIMIT_PER_MINUTE);
  await app.register(formbody);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.decorateRequest('bodyParsed', false);
  app.addHook('preValidation', readMultipartBody);
  app.addHook('onSend', apiResponseHeaders);
  registerCompression(app);
  app.addHook('preValidation', refuseNulCharacters);
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: { directives: CSP_DIRECTIVES },
  // Seal images and proofs are fetched by the same origin only; the default is fine for them.
  crossOriginEmbedderPolicy: false,
};

/**
 * helmet's headers, asked of helmet once at start and then set as it sets them (on the raw
 * answer, before any route runs): @fastify/helmet builds its whole middleware again on every
 * request, parsing the CSP directives each time, which cost up to a seventh of the server's CPU
 * for the web app shell (docs/decisions/010).
 */
async function securityHeaders(): Promise<onRequestHookHandler> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  const headers = Object.entries((await probe.inject({ url: '/' })).json<Record<string, string>>());
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy'))
    throw new Error('helmet set no Content-Security-Policy');
  return function setSecurityHeaders(request, reply, done) {
    const set = request.url.startsWith('/api') ? API_SECURITY_HEADERS : headers;
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    done();
  };
}

/**
 * Turns a multipart body into `{ field: value }` (repeated fields into arrays), as the routes'
 * schemas expect. Every file part is read whole, within fileSize, and its bytes checked against
 * the type it claims (routes then pick the types they take with acceptFile); a text field cut at
 * fieldSize is refused rather than stored cut.
 */
function readMultipartBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  if (!request.isMultipart()) {
    request.bodyParsed = true;
    return done();
  }
  readParts(request).then(() => done(), done);
}

async function readParts(request: FastifyRequest) {
  // No prototype: a part named __proto__ or constructor is only a field like any other.
  const body = Object.create(null) as Record<string, unknown>;
  const files = request.routeOptions.config.uploadFiles ?? UPLOAD_LIMITS.files;
  for await (const part of request.parts({ limits: { ...UPLOAD_LIMITS, files } })) {
    let value: unknown;
    if (part.type === 'file') {
      const data = await part.toBuffer();
      value = await inspectUpload({ filename: part.filename, mimetype: part.mimetype, data });
    } else {
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new AppError(413, messages.common.payloadTooLarge);
      value = part.value;
    }
    const earlier = body[part.fieldname];
    if (earlier === undefined) body[part.fieldname] = value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else body[part.fieldname] = [earlier, value];
  }
  request.body = body;
  request.bodyParsed = true;
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/(problem\+)?json\b/.test(contentType);

/**
 * API answers are per user and must not linger in caches unless a route says otherwise (the
 * public seal image does). A file the API serves (anything but JSON) is a download by default, and
 * its CSP lets it run nothing even when opened on its own; lib/files.ts `sendFile` sets both with
 * a file name.
 */
function apiResponseHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  if (request.url.startsWith('/api')) setApiHeaders(reply);
  done(null, payload);
}

function setApiHeaders(reply: FastifyReply) {
  if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  const contentType = reply.getHeader('content-type');
  if (reply.statusCode < 300 && contentType !== undefined && !isJson(contentType)) {
    if (!reply.hasHeader('content-disposition')) reply.header('Content-Disposition', 'attachment');
    const mime = String(contentType).split(';')[0]!.trim().toLowerCase();
    reply.header('Content-Security-Policy', fileCsp(mime));
  }
}

/**
 * PostgreSQL refuses any text holding U+0000, so such a text would fail deep in a query with a
 * 500. The contracts refuse it in every text field; this hook is the net under them, for every
 * route, body, query string and path parameter, file names of uploads included.
 */
function refuseNulCharacters(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const sources = { body: request.body, querystring: request.query, path: request.params };
  for (const [context, value] of Object.entries(sources)) {
    const at = nulPath(value, 0);
    if (at) {
      const detail: ValidationIssue[] = [
        { loc: [context, ...at], msg: messages.common.invalidCharacter, type: 'invalid_character' },
      ];
      // Answered here: the request goes no further (a hook that sends does not call done).
      reply.code(422).send({ detail });
      return;
    }
  }
  done();
}

const MAX_DEPTH = 32;

/** Where in `value` a string holds a NUL character: [] for `value` itself, null when nowhere. */
function nulPath(value: unknown, depth: number): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [key];
    const at = nulPath(child, depth + 1);
    if (at) return [Array.isArray(value) ? Number(key) : key, ...at];
  }
  return null;
}
