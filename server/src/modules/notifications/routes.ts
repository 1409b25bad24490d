import { ListQuerySchema, PendingItemSchema } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import { listPending } from './service';

export async function notificationsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/process-instance/pending',
    {
      schema: {
        tags: ['notificações'],
        summary: 'Pendências do usuário: pedidos a avaliar ou processos aceitos a iniciar',
        security: [{ bearer: [] }],
        querystring: ListQuerySchema,
        response: { 200: z.array(PendingItemSchema) },
      },
      onRequest: app.guard(),
    },
    async (request, reply) =>
      sendPage(reply, await listPending(app.deps, callerOf(request), request.query)),
  );
}
