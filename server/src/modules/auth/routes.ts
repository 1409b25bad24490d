import {
  ActivateBodySchema,
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  ForgotPasswordResponseSchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResendCodeResponseSchema,
  ResetPasswordBodySchema,
  TokenResponseSchema,
  UpdateSelfBodySchema,
  UpdateSelfResponseSchema,
  UserSchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { presentUser } from './present';
import {
  activate,
  changePassword,
  forgotPassword,
  login,
  register,
  resendCode,
  resetPassword,
  updateSelf,
} from './service';

/**
 * Per-address flood limit of the credential routes, below the global flood limit (RATE_LIMIT_PER_MINUTE). The brute-force
 * limit is per account, in the service, once the body is parsed (DESIGN §7, §8).
 */
const CREDENTIAL_FLOOD_LIMIT = { floodLimit: { max: 300 } };
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
      onRequest: app.guard({ allowPending: true }),
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
      onRequest: app.guard({ allowPending: true }),
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
      onRequest: app.guard({ allowPending: true }),
    },
    (request) => presentUser(callerOf(request)),
  );

  app.put(
    '/auth/update',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Alterar um campo da própria conta; trocar o e-mail exige novo código. Uma conta ' +
          'pendente só pode corrigir o e-mail',
        consumes: ['application/json', 'multipart/form-data'],
        security: [{ bearer: [] }],
        body: UpdateSelfBodySchema,
        response: { 200: UpdateSelfResponseSchema },
      },
      onRequest: app.guard({ allowPending: true }),
    },
    (request) => updateSelf(app.deps, callerOf(request), request.body),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Esqueci minha senha: envia um código ao e-mail, se houver conta ativa com ele; a ' +
          'resposta (202) é a mesma em todo caso',
        consumes: FORM_OR_JSON,
        body: ForgotPasswordBodySchema,
        response: { 202: ForgotPasswordResponseSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
    },
    async (request, reply) => reply.code(202).send(await forgotPassword(app.deps, request.body)),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Definir uma nova senha com o código do e-mail; todas as sessões anteriores terminam',
        consumes: FORM_OR_JSON,
        body: ResetPasswordBodySchema,
        response: { 204: z.null().describe('Senha redefinida') },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
    },
    async (request, reply) => {
      await resetPassword(app.deps, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Trocar a própria senha (exige a atual); as outras sessões terminam e a resposta traz ' +
          'um token novo para esta',
        consumes: ['application/json'],
        security: [{ bearer: [] }],
        body: ChangePasswordBodySchema,
        response: { 200: TokenResponseSchema },
      },
      config: CREDENTIAL_FLOOD_LIMIT,
      onRequest: app.guard(),
    },
    (request) => changePassword(app.deps, callerOf(request), request.body),
  );
}
