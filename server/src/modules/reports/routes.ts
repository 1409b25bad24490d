import { ReportQuerySchema, ReportSummarySchema, STAFF_ROLES } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportSummary } from './service';

export async function reportsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports/summary',
    {
      schema: {
        tags: ['relatórios'],
        summary:
          'Relatório da safra: pedidos, aceitos, em andamento, certificados (Prata, Ouro, sem nível), ' +
          'reprovados e suspensos, hectares inscritos e certificados, por região do IRGA e por ' +
          'município, e o tempo até a decisão (mediana e percentil 90)',
        security: [{ bearer: [] }],
        querystring: ReportQuerySchema,
        response: { 200: ReportSummarySchema },
      },
      onRequest: app.guard({ roles: STAFF_ROLES }),
    },
    async (request) => reportSummary(app.deps, request.query),
  );
}
