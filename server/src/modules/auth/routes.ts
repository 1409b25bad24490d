import {
  ActivateBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResendCodeResponseSchema,
  TokenResponseSchema,
  UpdateSelfBodySchema,
  UpdateSelfResponseSchema,
  UserSchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { presentUser } from './present';
import { activate, login, register, resendCode, updateSelf } from './service';

/**
 * Per-address flood limit of the credential routes, below the global flood limit (RATE_LIMIT_PER_MINUTE). The brute-force
 * limit is per account, in the service, once the body is parsed (DESIGN §7, §8).
 */
const CREDENTIAL_FLOOD_LIMIT = { rateLimit: { max: 300, timeWindow: '1 minute' } };
const FORM_OR_JSON = [
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json',
];

export async function authRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entrar: troca e-mail e senha por um token',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
    },
    (request) => login(app.deps, request.body),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Criar conta: fica pendente até o código enviado por e-mail',
        consumes: FORM_OR_JSON,
        body: RegisterBodySchema,
        response: { 201: UserSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
    },
    async (request, reply) => reply.code(201).send(await register(app.deps, request.body)),
  );

  app.post(
    '/auth/activate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verificar o e-mail com o código recebido',
        consumes: FORM_OR_JSON,
        security: [{ bearer: [] }],
        body: ActivateBodySchema,
        response: { 200: UserSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
      preHandler: app.guard({ allowPending: true }),
    },
    (request) => activate(app.deps, callerOf(request), request.body),
  );

  app.post(
    '/auth/resend-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Enviar um novo código de verificação (um por minuto)',
        security: [{ bearer: [] }],
        response: { 200: ResendCodeResponseSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
      preHandler: app.guard({ allowPending: true }),
    },
    (request) => resendCode(app.deps, callerOf(request)),
  );

  app.get(
    '/auth/info',
    {
      schema: {
        tags: ['auth'],
        summary: 'O usuário do token',
        security: [{ bearer: [] }],
        response: { 200: UserSchema },
      },
      preHandler: app.guard({ allowPending: true }),
    },
    (request) => presentUser(callerOf(request)),
  );

  app.put(
    '/auth/update',
    {
      schema: {
        tags: ['auth'],
        summary: 'Alterar um campo da própria conta; trocar o e-mail exige novo código',
        consumes: ['application/json', 'multipart/form-data'],
        security: [{ bearer: [] }],
        body: UpdateSelfBodySchema,
        response: { 200: UpdateSelfResponseSchema },
      },
      preHandler: app.guard(),
    },
    (request) => updateSelf(app.deps, callerOf(request), request.body),
  );
}
