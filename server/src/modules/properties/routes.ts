import {
  IdParamsSchema,
  PRODUCER_ROLES,
  PropertyEditBodySchema,
  PropertyListQuerySchema,
  PropertyRegisterBodySchema,
  PropertySchema,
  PropertySearchQuerySchema,
  STAFF_ROLES,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonPage } from '../../lib/json-text';
import { callerOf } from '../../plugins/auth';
import { editProperty, getProperty, listProperties, registerProperty } from './service';

const tags = ['propriedades'];
const security = [{ bearer: [] }];

export async function propertiesRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Producers reach their own properties, technicians and admins every one.
  const producersAndStaff = app.guard({ roles: [...PRODUCER_ROLES, ...STAFF_ROLES] });
  const list = { 200: z.array(PropertySchema) };

  app.get(
    '/property/all',
    {
      schema: {
        tags,
        summary:
          'Propriedades: as próprias (produtor) ou todas (técnico, admin), por nome; com ' +
          'region, municipality ou sort, a tabela de propriedades (filtrada e ordenada)',
        security,
        querystring: PropertyListQuerySchema,
        response: list,
      },
      onRequest: producersAndStaff,
    },
    async (request, reply) =>
      sendJsonPage(reply, await listProperties(app.deps, callerOf(request), request.query)),
  );

  app.get(
    '/property/search',
    {
      schema: {
        tags,
        summary:
          'As propriedades de /property/all com o nome, o CNPJ (com ou sem máscara, inteiro ou ' +
          'em parte) ou o município buscado, sem distinguir maiúsculas nem acentos; na tabela ' +
          '(region, municipality ou sort), também o nome, o e-mail ou o CPF do produtor',
        security,
        querystring: PropertySearchQuerySchema,
        response: list,
      },
      onRequest: producersAndStaff,
    },
    async (request, reply) =>
      sendJsonPage(reply, await listProperties(app.deps, callerOf(request), request.query)),
  );

  app.get(
    '/property/:id',
    {
      schema: {
        tags,
        summary: 'Uma propriedade e seus pedidos de selo; a de outro produtor responde 404',
        security,
        params: IdParamsSchema,
        response: { 200: PropertySchema },
      },
      onRequest: producersAndStaff,
    },
    (request) => getProperty(app.deps, callerOf(request), request.params.id),
  );

  app.post(
    '/property/register',
    {
      schema: {
        tags,
        summary:
          'Cadastrar propriedade: do próprio produtor, ou de um produtor indicado por ' +
          'owner_email (técnico, admin). A primeira propriedade torna o usuário produtor (owner)',
        security,
        body: PropertyRegisterBodySchema,
        response: { 201: PropertySchema },
      },
      onRequest: producersAndStaff,
    },
    async (request, reply) =>
      reply.code(201).send(await registerProperty(app.deps, callerOf(request), request.body)),
  );

  app.put(
    '/property/:id/edit',
    {
      schema: {
        tags,
        summary: 'Editar propriedade: todos os campos, com as regras do cadastro',
        security,
        params: IdParamsSchema,
        body: PropertyEditBodySchema,
        response: { 200: PropertySchema },
      },
      onRequest: producersAndStaff,
    },
    (request) => editProperty(app.deps, callerOf(request), request.params.id, request.body),
  );
}
