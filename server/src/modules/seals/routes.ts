import {
  FormBodySchema,
  FormParamsSchema,
  FormSchema,
  IdParamsSchema,
  ListQuerySchema,
  ProcessListQuerySchema,
  ProcessParamsSchema,
  ProcessRegisterBodySchema,
  ProcessSchema,
  ReleaseBodySchema,
  ReviewSettingsBodySchema,
  StampListQuerySchema,
  StampSchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/files';
import { sendPage } from '../../lib/pagination';
import { sendCached, versionedCache } from '../../lib/versioned-cache';
import { callerOf } from '../../plugins/auth';
import { compileSerializer } from '../../plugins/serializer';
import { saoPauloToday } from '../certificates/status';
import { deleteForm, editForm, getForm, listForms, registerForm } from './forms';
import {
  getProcess,
  listProcesses,
  listReleasedStamps,
  processNotice,
  registerProcess,
  releaseProcess,
  stampImage,
  updateReviewSettings,
} from './service';

const IMMUTABLE = 'max-age=31536000, immutable';

export async function sealsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.guard({ roles: ['admin'] });
  const security = [{ bearer: [] }];
  const StampListSchema = z.array(StampSchema);
  // Every visit to the landing page asks for it, and only admins' writes change it, besides the
  // turn of the day, which opens and closes request windows.
  const serializeStamps = compileSerializer(StampListSchema);
  const stampList = versionedCache(
    app.deps.db,
    'stamp-list',
    async () => {
      const stamps = await listReleasedStamps(app.deps);
      return { body: serializeStamps(stamps), total: stamps.length };
    },
    () => saoPauloToday(),
  );

  app.get(
    '/stamp/all',
    {
      schema: {
        tags: ['selos'],
        summary:
          'Selos dos processos liberados cujo período de solicitação inclui hoje (público); ' +
          'safra filtra uma safra',
        querystring: StampListQuerySchema,
        response: { 200: StampListSchema },
      },
    },
    async (request, reply) => {
      // The landing asks for every season: that answer is cached; a filtered one is rare.
      if (!request.query.safra) return sendCached(request, reply, await stampList.get());
      return listReleasedStamps(app.deps, request.query.safra);
    },
  );

  app.get(
    '/stamp/:id/image',
    {
      schema: {
        tags: ['selos'],
        summary:
          'Imagem do selo: pública quando o processo está liberado; a de um rascunho só pela URL ' +
          'versionada (image_url) que os administradores recebem',
        params: IdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const image = await stampImage(app.deps, request.params.id, request.query.v);
      const cache = image.versioned ? IMMUTABLE : 'max-age=300';
      return sendFile(reply, {
        body: image.stream,
        mime: image.mime,
        filename: `selo-${request.params.id}`,
        inline: true,
        cacheControl: `${image.released ? 'public' : 'private'}, ${cache}`,
      });
    },
  );

  app.get(
    '/process/all',
    {
      schema: {
        tags: ['processos'],
        summary:
          'Processos com seu selo, mais recentes primeiro: todos para administradores, só os ' +
          'liberados para os demais; query busca pelo nome do selo, safra filtra uma safra',
        querystring: ProcessListQuerySchema,
        response: { 200: z.array(ProcessSchema) },
      },
      onRequest: app.optionalAuth,
    },
    async (request, reply) =>
      sendPage(reply, await listProcesses(app.deps, request.caller, request.query)),
  );

  app.post(
    '/process/register',
    {
      schema: {
        tags: ['processos'],
        summary:
          'Novo processo (Rascunho) e seu selo: imagem PNG, JPEG ou WebP de até 5 MB (file), ' +
          'edital PDF opcional (notice_file) e características repetidas (features)',
        consumes: ['multipart/form-data'],
        security,
        body: ProcessRegisterBodySchema,
        response: { 201: ProcessSchema },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(await registerProcess(app.deps, callerOf(request), request.body)),
  );

  app.get(
    '/process/:processId',
    {
      schema: {
        tags: ['processos'],
        summary: 'Um processo liberado (público); rascunhos só para administradores',
        params: ProcessParamsSchema,
        response: { 200: ProcessSchema },
      },
      onRequest: app.optionalAuth,
    },
    (request) => getProcess(app.deps, request.caller, request.params.processId),
  );

  app.get(
    '/process/:processId/notice',
    {
      schema: {
        tags: ['processos'],
        summary: 'Baixar o edital (PDF) de um processo liberado',
        params: ProcessParamsSchema,
      },
      onRequest: app.optionalAuth,
    },
    async (request, reply) => {
      const notice = await processNotice(app.deps, request.caller, request.params.processId);
      return sendFile(reply, {
        body: notice.stream,
        mime: 'application/pdf',
        filename: notice.filename,
        cacheControl: 'no-cache',
      });
    },
  );

  app.put(
    '/process/:processId/release',
    {
      schema: {
        tags: ['processos'],
        summary: 'Liberar (released=true) ou voltar a Rascunho (released=false)',
        security,
        params: ProcessParamsSchema,
        body: ReleaseBodySchema,
        response: { 200: ProcessSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      releaseProcess(app.deps, callerOf(request), request.params.processId, request.body),
  );

  app.put(
    '/process/:processId/review-settings',
    {
      schema: {
        tags: ['processos'],
        summary:
          'Níveis oferecidos (levels: [] ou ["prata", "ouro"]) e se um comitê decide ' +
          '(committee): com comitê, o técnico dá o parecer e um administrador conclui',
        security,
        params: ProcessParamsSchema,
        body: ReviewSettingsBodySchema,
        response: { 200: ProcessSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      updateReviewSettings(app.deps, callerOf(request), request.params.processId, request.body),
  );

  app.get(
    '/process/:processId/forms',
    {
      schema: {
        tags: ['formulários'],
        summary: 'Formulários do processo, na ordem em que o produtor os recebe',
        security,
        params: ProcessParamsSchema,
        querystring: ListQuerySchema.omit({ query: true }),
        response: { 200: z.array(FormSchema) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listForms(app.deps, callerOf(request), request.params.processId, request.query),
      ),
  );

  app.post(
    '/process/:processId/form/register',
    {
      schema: {
        tags: ['formulários'],
        summary: 'Novo formulário do processo',
        security,
        params: ProcessParamsSchema,
        body: FormBodySchema,
        response: { 201: FormSchema },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registerForm(app.deps, callerOf(request), request.params.processId, request.body),
        ),
  );

  app.get(
    '/process/:processId/form/:formId',
    {
      schema: {
        tags: ['formulários'],
        summary: 'Um formulário do processo',
        security,
        params: FormParamsSchema,
        response: { 200: FormSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      getForm(app.deps, callerOf(request), request.params.processId, request.params.formId),
  );

  app.put(
    '/process/:processId/form/:formId/edit',
    {
      schema: {
        tags: ['formulários'],
        summary: 'Alterar nome, prazo, obrigatoriedade e assinatura de um formulário',
        security,
        params: FormParamsSchema,
        body: FormBodySchema,
        response: { 200: FormSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      editForm(
        app.deps,
        callerOf(request),
        request.params.processId,
        request.params.formId,
        request.body,
      ),
  );

  app.delete(
    '/process/:processId/form/:formId',
    {
      schema: {
        tags: ['formulários'],
        summary:
          'Excluir um formulário que nenhum produtor iniciou; um processo liberado mantém ao ' +
          'menos um formulário',
        security,
        params: FormParamsSchema,
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      await deleteForm(
        app.deps,
        callerOf(request),
        request.params.processId,
        request.params.formId,
      );
      return reply.code(204).send();
    },
  );
}
