import {
  AssignBodySchema,
  AssignResultSchema,
  BusinessBodySchema,
  EvaluateBodySchema,
  IdParamsSchema,
  InstanceDetailSchema,
  InstanceListQuerySchema,
  InstanceSearchQuerySchema,
  InstanceSummarySchema,
  PRODUCER_ROLES,
  ProcessIdParamsSchema,
  RequestBodySchema,
  STAFF_ROLES,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonPage } from '../../lib/json-text';
import { callerOf } from '../../plugins/auth';
import { getInstanceDetail } from './detail';
import { assignInstances } from './assign';
import { listInstances } from './service';
import { evaluateRequest, openForProperty, requestSeal, startInstance } from './workflow';

const TAGS = ['instâncias de processo'];
/** The spec's forms send multipart; a browser-less client may send JSON or a plain form. */
const FORM_OR_JSON = [
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json',
];

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
          'status=pending: só os que aguardam a avaliação de um técnico (tela Pendentes). ' +
          'Filtros das tabelas do escritório (opcionais): status (também producer_pending, ' +
          'ongoing, finished, rejected, all), safra, process_id, level, region, municipality, ' +
          'technician_id (ou unassigned), late, min_waiting_days, min_idle_days e sort ' +
          '(coluna, com - para a ordem inversa)',
        security: [{ bearer: [] }],
        querystring: InstanceListQuerySchema,
        response,
      },
      onRequest: staffOnly,
    },
    async (request, reply) =>
      sendJsonPage(reply, await listInstances(app.deps, callerOf(request), request.query)),
  );

  app.get(
    '/process-instance/search',
    {
      schema: {
        tags: ['instâncias de processo'],
        summary:
          'Os processos de /process-instance/all (mesmos filtros) cuja propriedade tem o nome, o ' +
          'CNPJ (com ou sem máscara) ou o município buscado, sem distinguir maiúsculas nem ' +
          'acentos; com sort ou um filtro das tabelas, também o nome do produtor e o número do ' +
          'certificado',
        security: [{ bearer: [] }],
        querystring: InstanceSearchQuerySchema,
        response,
      },
      onRequest: staffOnly,
    },
    async (request, reply) =>
      sendJsonPage(reply, await listInstances(app.deps, callerOf(request), request.query)),
  );

  app.put(
    '/process-instance/assign',
    {
      schema: {
        tags: TAGS,
        summary:
          'Atribuir processos a um técnico (admin): todos ou nenhum. Antes da avaliação o ' +
          'técnico passa a avaliá-los; depois, é o técnico responsável até a conclusão. Recusa ' +
          'processos concluídos ou rejeitados (409), o responsável técnico da propriedade (403) ' +
          'e contas que não são de técnico ativo (422)',
        security: [{ bearer: [] }],
        body: AssignBodySchema,
        response: { 200: AssignResultSchema },
      },
      onRequest: app.guard({ roles: ['admin'] }),
    },
    (request) => assignInstances(app.deps, callerOf(request), request.body),
  );

  const detail = { 200: InstanceDetailSchema };
  const created = { 201: InstanceDetailSchema };

  app.get(
    '/process-instance/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Uma instância: propriedade, selo, situação, formulários, histórico do selo na ' +
          'propriedade e linha do tempo. Produtores só veem as das suas propriedades',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: detail,
      },
      onRequest: app.guard(),
    },
    (request) => getInstanceDetail(app.deps.db, callerOf(request), request.params.id),
  );

  app.put(
    '/process/:processId/request',
    {
      schema: {
        tags: TAGS,
        summary:
          'Solicitar o selo para uma propriedade própria (processo liberado, dentro do período ' +
          'de solicitação; uma solicitação em aberto por selo e propriedade), com a área de ' +
          'arroz (rice_area_ha), o consentimento ao registro público (publish_consent) e, numa ' +
          'renovação (renewal), o certificado da safra anterior',
        consumes: FORM_OR_JSON,
        security: [{ bearer: [] }],
        params: ProcessIdParamsSchema,
        body: RequestBodySchema,
        response: created,
      },
      onRequest: app.guard({ roles: PRODUCER_ROLES }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await requestSeal(app.deps, callerOf(request), request.params.processId, request.body),
        ),
  );

  app.post(
    '/process/:processId/start',
    {
      schema: {
        tags: TAGS,
        summary:
          'Técnico ou administrador abre o processo para uma propriedade: já aceito por quem ' +
          'chama e iniciado, com os formulários criados',
        consumes: FORM_OR_JSON,
        security: [{ bearer: [] }],
        params: ProcessIdParamsSchema,
        body: BusinessBodySchema,
        response: created,
      },
      onRequest: staffOnly,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await openForProperty(
            app.deps,
            callerOf(request),
            request.params.processId,
            request.body,
          ),
        ),
  );

  app.put(
    '/process-instance/:id/evaluate',
    {
      schema: {
        tags: TAGS,
        summary:
          'Aceitar (reject=false) ou rejeitar (reject=true) uma solicitação ainda sem técnico; ' +
          'quem avalia passa a ser o técnico responsável',
        consumes: FORM_OR_JSON,
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: EvaluateBodySchema,
        response: detail,
      },
      onRequest: staffOnly,
    },
    (request) => evaluateRequest(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/process-instance/:id/start',
    {
      schema: {
        tags: TAGS,
        summary:
          'O dono da propriedade inicia o processo aceito: cria os formulários e seus campos',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: detail,
      },
      onRequest: app.guard({ roles: PRODUCER_ROLES }),
    },
    (request) => startInstance(app.deps, callerOf(request), request.params.id),
  );
}
