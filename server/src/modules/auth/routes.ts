import { LoginBodySchema, TokenResponseSchema, UserSchema } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { presentUser } from './present';
import { login } from './service';

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
    },
    (request) => login(app.deps, request.body),
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
}
