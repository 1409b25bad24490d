import {
  STAFF_ROLES,
  WorkloadQuerySchema,
  WorkloadSchema,
  WorkloadSettingsSchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveWorkloadSettings, workload, workloadSettings } from './service';

const TAGS = ['carga de trabalho'];
const security = [{ bearer: [] }];

export async function workloadRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/workload',
    {
      schema: {
        tags: TAGS,
        summary:
          'Carga de trabalho da safra (admin), por técnico (e os pedidos sem técnico) e por ' +
          'região: atribuídos, aguardando avaliação, aguardando o produtor, em andamento, ' +
          'pendências abertas e atrasadas, vistorias a fazer, concluídos, parados além do limite ' +
          'e os dias do pedido mais antigo desde a solicitação e desde a última ação',
        security,
        querystring: WorkloadQuerySchema,
        response: { 200: WorkloadSchema },
      },
      onRequest: app.guard({ roles: ['admin'] }),
    },
    (request) => workload(app.deps, request.query),
  );

  app.get(
    '/workload/settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Dias sem movimento a partir dos quais um pedido é destacado (padrão 15)',
        security,
        response: { 200: WorkloadSettingsSchema },
      },
      onRequest: app.guard({ roles: STAFF_ROLES }),
    },
    () => workloadSettings(app.deps),
  );

  app.put(
    '/workload/settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Muda os dias sem movimento a partir dos quais um pedido é destacado (admin)',
        security,
        body: WorkloadSettingsSchema,
        response: { 200: WorkloadSettingsSchema },
      },
      onRequest: app.guard({ roles: ['admin'] }),
    },
    (request) => saveWorkloadSettings(app.deps, request.body),
  );
}
