import { Readable, pipeline } from 'node:stream';
import { createGzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers go as they are: a few hundred bytes save less than gzip costs. */
export const COMPRESS_MIN_BYTES = 2048;

/**
 * Whether an Accept-Encoding header takes `encoding`: named with a weight above 0, or, where it
 * is not named, `*` so (RFC 9110 §12.5.3). Names and parameters in any case, spaces allowed.
 */
export function acceptsEncoding(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== encoding && name !== '*') continue;
    const weight = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const takes = weight === undefined || Number(weight.slice(weight.indexOf('=') + 1)) > 0;
    if (name === encoding) return takes;
    wildcard = takes;
  }
  return wildcard;
}

/** A string's or Buffer's size in bytes; 0 for anything else (a stream is left as it is). */
const byteSize = (payload: unknown) =>
  typeof payload === 'string'
    ? Buffer.byteLength(payload)
    : Buffer.isBuffer(payload)
      ? payload.length
      : 0;

const addVary = (reply: FastifyReply) => {
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || vary === '') reply.header('vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', `${vary}, Accept-Encoding`);
};

// Streamed answers worth compressing: the CSV exports (XLSX is a zip already, proofs are PDFs and
// images).
const STREAMED_TEXT = /^text\/csv\b/;

/**
 * The API's JSON answers from 2 KiB up go gzipped to a client that takes it: a form instance of
 * 40 fields is 74 KiB as text, more than a second on a farm's 3G link (the demo's instance detail
 * goes from 4.2 KiB to 1.5). So do the streamed CSV exports, gzipped as they stream (the 10,000
 * properties' CSV is 2.8 MB). The pages and assets are compressed ahead (plugins/web-app.ts).
 * `/api/auth/` answers carry tokens beside what the caller sent, so they are never compressed
 * (BREACH). The compression runs on libuv's thread pool, off the event loop.
 */
export function registerCompression(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise per request, on every route.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const type = reply.getHeader('content-type');
    if (payload instanceof Readable) return done(null, streamed(request, reply, payload, type));
    if (
      typeof type !== 'string' ||
      !type.startsWith('application/json') ||
      reply.getHeader('content-encoding') !== undefined ||
      request.url.startsWith('/api/auth/') ||
      byteSize(payload) < COMPRESS_MIN_BYTES
    )
      return done(null, payload);
    addVary(reply);
    if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return done(null, payload);
    gzip(payload as string | Buffer, (error, compressed) => {
      if (error) return done(null, payload);
      reply.header('content-encoding', 'gzip');
      done(null, compressed);
    });
  });
}

/** A stream, gzipped as it goes when it is CSV and the client takes gzip; else as it is. */
function streamed(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Readable,
  type: unknown,
): Readable {
  if (
    typeof type !== 'string' ||
    !STREAMED_TEXT.test(type) ||
    reply.getHeader('content-encoding') !== undefined
  )
    return payload;
  addVary(reply);
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return payload;
  reply.header('content-encoding', 'gzip');
  reply.removeHeader('content-length');
  // A failure of the export midway reaches the answer as the gzip stream's error: the transfer is
  // cut, as it was before, never ended as if the file were whole.
  return pipeline(payload, createGzip(), () => undefined);
}
