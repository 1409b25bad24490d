import {
  InstanceListQuerySchema,
  InstanceSearchQuerySchema,
  InstanceSummarySchema,
  STAFF_ROLES,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import { listInstances } from './service';

export async function instancesRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.guard({ roles: STAFF_ROLES });
  const response = { 200: z.array(InstanceSummarySchema) };

  app.get(
    '/process-instance/all',
    {
      schema: {
        tags: ['instâncias de processo'],
        summary:
          'Processos em andamento (nem finalizados nem rejeitados), mais recentes primeiro; ' +
          'status=pending: só os que aguardam a avaliação de um técnico (tela Pendentes)',
        security: [{ bearer: [] }],
        querystring: InstanceListQuerySchema,
        response,
      },
      preHandler: staffOnly,
    },
    async (request, reply) =>
      sendPage(reply, await listInstances(app.deps, callerOf(request), request.query)),
  );

  app.get(
    '/process-instance/search',
    {
      schema: {
        tags: ['instâncias de processo'],
        summary:
          'Os processos de /process-instance/all (mesmo status) cuja propriedade tem o nome, o ' +
          'CNPJ (com ou sem máscara) ou o município buscado, sem distinguir maiúsculas nem acentos',
        security: [{ bearer: [] }],
        querystring: InstanceSearchQuerySchema,
        response,
      },
      preHandler: staffOnly,
    },
    async (request, reply) =>
      sendPage(reply, await listInstances(app.deps, callerOf(request), request.query)),
  );
}
