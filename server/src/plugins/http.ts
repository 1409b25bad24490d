import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the multipart parser has run: an error before that is a malformed body. */
    bodyParsed: boolean;
  }
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export const UPLOAD_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 2,
  fields: 30,
  parts: 32,
  fieldSize: 64 * 1024,
};

/** Body parsers, security headers and the flood limit shared by every route. */
export async function registerHttp(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Seal images and proofs are fetched by the same origin only; the default is fine for them.
    crossOriginEmbedderPolicy: false,
  });
  // Only a guard against floods: a cooperative behind one address must never be locked out.
  await app.register(rateLimit, {
    max: 600,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      detail: messages.auth.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: UPLOAD_LIMITS,
    async onFile(part) {
      const data = await part.toBuffer();
      (part as unknown as { value: UploadedFile }).value = {
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      };
    },
  });
  // Added after the multipart plugin's own preValidation hook, so it runs once parsing succeeded.
  app.decorateRequest('bodyParsed', false);
  app.addHook('preValidation', async (request) => {
    request.bodyParsed = true;
  });
}
