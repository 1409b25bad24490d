import {
  IdParamsSchema,
  ManagedUserSchema,
  SetTechnicianBodySchema,
  UserEventListQuerySchema,
  UserEventSchema,
  UserListQuerySchema,
  UserSearchQuerySchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import {
  disableUser,
  enableUser,
  listUserEvents,
  listUsers,
  setAdmin,
  setTechnician,
} from './service';

const TAGS = ['usuários'];
const security = [{ bearer: [] }];

export async function usersRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.guard({ roles: ['admin'] });
  const list = { 200: z.array(ManagedUserSchema) };
  const one = { 200: ManagedUserSchema };

  app.get(
    '/user/all',
    {
      schema: {
        tags: TAGS,
        summary:
          'Todas as contas, em ordem alfabética; com role, status ou sort, a tabela de Usuários ' +
          '(filtrada e ordenada)',
        security,
        querystring: UserListQuerySchema,
        response: list,
      },
      onRequest: adminOnly,
    },
    async (request, reply) => sendPage(reply, await listUsers(app.deps, request.query)),
  );

  app.get(
    '/user/search',
    {
      schema: {
        tags: TAGS,
        summary:
          'Contas cujo nome, e-mail ou CPF (com ou sem máscara) contém o texto buscado, sem ' +
          'distinguir maiúsculas nem acentos',
        security,
        querystring: UserSearchQuerySchema,
        response: list,
      },
      onRequest: adminOnly,
    },
    async (request, reply) => sendPage(reply, await listUsers(app.deps, request.query)),
  );

  app.get(
    '/user/:id/events',
    {
      schema: {
        tags: TAGS,
        summary: 'Histórico da conta: quem alterou o quê e quando, mais recentes primeiro',
        security,
        params: IdParamsSchema,
        querystring: UserEventListQuerySchema,
        response: { 200: z.array(UserEventSchema) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPage(reply, await listUserEvents(app.deps, request.params.id, request.query)),
  );

  app.put(
    '/user/:id/set-technician',
    {
      schema: {
        tags: TAGS,
        summary: 'Tornar Técnico um Usuário ou Produtor, com o seu CREA',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        security,
        params: IdParamsSchema,
        body: SetTechnicianBodySchema,
        response: one,
      },
      onRequest: adminOnly,
    },
    (request) => setTechnician(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/user/:id/enable',
    {
      schema: {
        tags: TAGS,
        summary: 'Reativar a conta',
        security,
        params: IdParamsSchema,
        response: one,
      },
      onRequest: adminOnly,
    },
    (request) => enableUser(app.deps, callerOf(request), request.params.id),
  );

  app.put(
    '/user/:id/disable',
    {
      schema: {
        tags: TAGS,
        summary:
          'Desativar a conta (não administradores): o login passa a ser recusado e os tokens ' +
          'dela deixam de valer na hora',
        security,
        params: IdParamsSchema,
        response: one,
      },
      onRequest: adminOnly,
    },
    (request) => disableUser(app.deps, callerOf(request), request.params.id),
  );

  app.put(
    '/user/:id/set-admin',
    {
      schema: {
        tags: TAGS,
        summary: 'Tornar Administrador uma conta ativa',
        security,
        params: IdParamsSchema,
        response: one,
      },
      onRequest: adminOnly,
    },
    (request) => setAdmin(app.deps, callerOf(request), request.params.id),
  );
}
