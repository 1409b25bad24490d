import {
  IdParamsSchema,
  INSPECTION_PHOTOS_MAX,
  InspectionCreateBodySchema,
  InspectionListQuerySchema,
  InspectionParamsSchema,
  InspectionPhotoParamsSchema,
  InspectionPhotosBodySchema,
  InspectionSchema,
  InstanceDetailSchema,
  messages,
  PendencyAnswerBodySchema,
  PendencyCreateBodySchema,
  PendencyListQuerySchema,
  PendencyParamsSchema,
  PendencyReopenBodySchema,
  PendencyResolveBodySchema,
  PendencySchema,
  PRODUCER_ROLES,
  RecommendationBodySchema,
  STAFF_ROLES,
  WriteConflictBodySchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/files';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import {
  addInspectionPhotos,
  inspectionPhoto,
  listInspections,
  recordInspection,
} from './inspections';
import {
  answerPendency,
  listPendencies,
  openPendency,
  reopenPendency,
  resolvePendency,
} from './pendencies';
import { recommend } from './recommendation';

const TAGS = ['revisão'];
const security = [{ bearer: [] }];
/** The photos of a vistoria, and one file more so that too many answers the 422 of the schema. */
const PHOTO_UPLOAD = { uploadFiles: INSPECTION_PHOTOS_MAX + 1 };

export async function reviewRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.guard({ roles: STAFF_ROLES });
  const signedIn = app.guard();
  // The parecer is the assigned technician's; an admin decides as the committee, never recommends.
  const technicianOnly = app.guard({
    roles: ['technician'],
    refusal: messages.review.recommendationTechnicianOnly,
  });

  app.post(
    '/process-instance/:id/pendencies',
    {
      schema: {
        tags: TAGS,
        summary:
          'Abrir uma pendência num formulário (e, se informado, num campo) de um processo ' +
          'iniciado: técnico responsável ou administrador; um formulário finalizado reabre só ' +
          'para esse campo',
        security,
        params: IdParamsSchema,
        body: PendencyCreateBodySchema,
        response: { 201: PendencySchema, 409: WriteConflictBodySchema },
      },
      onRequest: staffOnly,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await openPendency(app.deps, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/process-instance/:id/pendencies',
    {
      schema: {
        tags: TAGS,
        summary: 'Pendências do processo, mais antigas primeiro, com o histórico de cada uma',
        security,
        params: IdParamsSchema,
        querystring: PendencyListQuerySchema,
        response: { 200: z.array(PendencySchema) },
      },
      onRequest: signedIn,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listPendencies(app.deps, callerOf(request), request.params.id, request.query),
      ),
  );

  app.put(
    '/pendency/:id/answer',
    {
      schema: {
        tags: TAGS,
        summary: 'O produtor responde a uma pendência aberta: ela passa a Respondida',
        security,
        params: PendencyParamsSchema,
        body: PendencyAnswerBodySchema,
        response: { 200: PendencySchema, 409: WriteConflictBodySchema },
      },
      onRequest: app.guard({ roles: PRODUCER_ROLES }),
    },
    (request) => answerPendency(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/pendency/:id/resolve',
    {
      schema: {
        tags: TAGS,
        summary: 'Resolver uma pendência aberta ou respondida (note opcional)',
        security,
        params: PendencyParamsSchema,
        body: PendencyResolveBodySchema,
        response: { 200: PendencySchema, 409: WriteConflictBodySchema },
      },
      onRequest: staffOnly,
    },
    (request) => resolvePendency(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.put(
    '/pendency/:id/reopen',
    {
      schema: {
        tags: TAGS,
        summary: 'Reabrir uma pendência respondida ou resolvida, dizendo o que ainda falta',
        security,
        params: PendencyParamsSchema,
        body: PendencyReopenBodySchema,
        response: { 200: PendencySchema, 409: WriteConflictBodySchema },
      },
      onRequest: staffOnly,
    },
    (request) => reopenPendency(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/process-instance/:id/inspections',
    {
      schema: {
        tags: TAGS,
        summary:
          'Registrar uma vistoria: data (não futura), latitude e longitude no Rio Grande do Sul, ' +
          'resumo e até 10 fotos (JPEG, PNG ou WebP de até 10 MB, conferidas pelo conteúdo)',
        consumes: ['multipart/form-data'],
        security,
        params: IdParamsSchema,
        body: InspectionCreateBodySchema,
        response: { 201: InspectionSchema, 409: WriteConflictBodySchema },
      },
      config: PHOTO_UPLOAD,
      onRequest: staffOnly,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordInspection(app.deps, callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/process-instance/:id/inspections/:inspectionId/photos',
    {
      schema: {
        tags: TAGS,
        summary: 'Acrescentar fotos a uma vistoria (no máximo 10 ao todo)',
        consumes: ['multipart/form-data'],
        security,
        params: InspectionParamsSchema,
        body: InspectionPhotosBodySchema,
        response: { 200: InspectionSchema, 409: WriteConflictBodySchema },
      },
      config: PHOTO_UPLOAD,
      onRequest: staffOnly,
    },
    (request) =>
      addInspectionPhotos(
        app.deps,
        callerOf(request),
        request.params.id,
        request.params.inspectionId,
        request.body.photos,
      ),
  );

  app.get(
    '/process-instance/:id/inspections',
    {
      schema: {
        tags: TAGS,
        summary: 'Vistorias do processo, pela data da visita',
        security,
        params: IdParamsSchema,
        querystring: InspectionListQuerySchema,
        response: { 200: z.array(InspectionSchema) },
      },
      onRequest: signedIn,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listInspections(app.deps, callerOf(request), request.params.id, request.query),
      ),
  );

  app.get(
    '/inspection/:id/photo/:index',
    {
      schema: {
        tags: TAGS,
        summary: 'Uma foto de vistoria (index a partir de 0)',
        security,
        params: InspectionPhotoParamsSchema,
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const photo = await inspectionPhoto(app.deps, callerOf(request), id, index);
      return sendFile(reply, { ...photo, inline: true });
    },
  );

  app.put(
    '/process-instance/:id/recommendation',
    {
      schema: {
        tags: TAGS,
        summary:
          'Parecer técnico (prata, ouro ou reprovar, com justificativa) de um processo com ' +
          'comitê: só o técnico responsável, até a decisão do comitê',
        security,
        params: IdParamsSchema,
        body: RecommendationBodySchema,
        response: { 200: InstanceDetailSchema, 409: WriteConflictBodySchema },
      },
      onRequest: technicianOnly,
    },
    (request) => recommend(app.deps, callerOf(request), request.params.id, request.body),
  );
}
