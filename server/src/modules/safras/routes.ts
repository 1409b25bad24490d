import { NextSeasonBodySchema, ProcessParamsSchema, ProcessSchema } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth';
import { createNextSeason } from './next-season';

/** Safras (DESIGN §4b): a seal's next season. Renewals go through the request and start routes. */
export async function safrasRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/process/:processId/next-season',
    {
      schema: {
        tags: ['processos'],
        summary:
          'Cria a safra seguinte do processo (Rascunho): o mesmo selo, imagem, edital, ' +
          'formulários, campos e documentos, com a safra e as datas novas; o original não muda',
        security: [{ bearer: [] }],
        params: ProcessParamsSchema,
        body: NextSeasonBodySchema,
        response: { 201: ProcessSchema },
      },
      onRequest: app.guard({ roles: ['admin'] }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createNextSeason(
            app.deps,
            callerOf(request),
            request.params.processId,
            request.body,
          ),
        ),
  );
}
