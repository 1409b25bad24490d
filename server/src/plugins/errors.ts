import {
  FormInstanceSchema,
  InstanceDetailSchema,
  messages,
  PendencySchema,
  type StateConflictKind,
  type ValidationIssue,
} from '@agroselo/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, serviceUnavailable, StateConflict } from '../lib/errors';
import { BASELINE_SECURITY_HEADERS } from './http';
import { compileSerializer } from './serializer';

const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.common.unsupportedMedia],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.common.payloadTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, messages.common.payloadTooLarge],
  FST_FILES_LIMIT: [413, messages.common.payloadTooLarge],
  FST_PARTS_LIMIT: [413, messages.common.payloadTooLarge],
  FST_FIELDS_LIMIT: [413, messages.common.payloadTooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'JSON inválido no corpo da requisição'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Corpo JSON vazio'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, messages.common.unsupportedMedia],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Tamanho da requisição inválido'],
};

/**
 * One place turns every failure into the wire shapes of DESIGN §4: `{detail}` for errors the
 * user can act on, the 422 list for invalid input, and a generic 500 that hides internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StateConflict) {
      return stateConflictAnswer(error).then(
        (answer) => reply.code(answer.status).type(JSON_TYPE).send(answer.body),
        (readError: unknown) => {
          if (!(readError instanceof AppError)) throw readError;
          return reply.code(readError.statusCode).send({ detail: readError.detail });
        },
      );
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((issue) => ({
        loc: [context, ...issue.instancePath.split('/').filter(Boolean)],
        msg: issue.message ?? messages.common.invalidInput,
        type: issue.keyword,
      }));
      return reply.code(422).send({ detail });
    }
    // busboy rejects a malformed multipart body (no boundary, cut short) with a bare Error.
    if (request.isMultipart() && !request.bodyParsed && error.statusCode === undefined) {
      return reply.code(400).send({ detail: messages.common.malformedBody });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ detail: known[1] });
    if (error.statusCode === 429)
      return reply.code(429).send({ detail: messages.auth.tooManyRequests });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send({ detail: messages.common.invalidInput });
    }
    if (isDatabaseUnavailable(error)) {
      // The pool drops broken connections and opens new ones once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = serviceUnavailable();
      return reply.code(503).headers(unavailable.headers).send({ detail: unavailable.detail });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ detail: messages.common.internal });
  });
}

/**
 * Fastify answers a URL it cannot route (bad percent-encoding, a path parameter over
 * maxParamLength) before any hook runs: without this its English JSON goes out with no security
 * header at all.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void (reply as FastifyReply)
    .code(tooLong ? 414 : 400)
    .headers(BASELINE_SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send(
      JSON.stringify({ detail: tooLong ? messages.common.invalidId : messages.security.badUrl }),
    );
};

const JSON_TYPE = 'application/json; charset=utf-8';

const CURRENT_SCHEMAS = {
  pendency: PendencySchema,
  form_instance: FormInstanceSchema,
  process_instance: InstanceDetailSchema,
};
const currentSerializers = new Map<StateConflictKind, (value: unknown) => string>();

/**
 * The 409 of a state conflict as JSON text, `{detail, kind, current}` (contracts' StateConflictBody):
 * `current` written by the schema of the target's own GET, so it reads exactly as that GET does.
 */
export async function stateConflictAnswer(
  error: StateConflict,
): Promise<{ status: number; body: string }> {
  const current = await error.current();
  let json: string;
  if (typeof current === 'string') json = current;
  else {
    let serialize = currentSerializers.get(error.kind);
    if (!serialize) {
      serialize = compileSerializer(CURRENT_SCHEMAS[error.kind] as never) as (v: unknown) => string;
      currentSerializers.set(error.kind, serialize);
    }
    json = serialize(current);
  }
  const body = `{"detail":${JSON.stringify(error.detail)},"kind":"${error.kind}","current":${json}}`;
  return { status: error.statusCode, body };
}
