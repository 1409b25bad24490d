import {
  FieldListQuerySchema,
  FieldLogicSchema,
  FieldRegisterBodySchema,
  FieldSchema,
  FormFieldParamsSchema,
  FormFieldSchema,
  FormParamsSchema,
  ProcessFieldsSaveBodySchema,
  ProcessParamsSchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import {
  addFormField,
  listFields,
  listFormFields,
  listProcessFields,
  registerField,
  removeFormField,
  saveFieldLogic,
  saveProcessFields,
} from './service';

/** The field library, the fields of each form and the documents (fields) of each process. */
export async function fieldsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.guard({ roles: ['admin'] });
  const security = [{ bearer: [] }];
  const list = { 200: z.array(FieldSchema) };

  app.get(
    '/field/',
    {
      schema: {
        tags: ['campos'],
        summary: 'Biblioteca de campos, por nome; search (ou query) ignora maiúsculas e acentos',
        security,
        querystring: FieldListQuerySchema,
        response: list,
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPage(reply, await listFields(app.deps, callerOf(request), request.query)),
  );

  app.post(
    '/field/register',
    {
      schema: {
        tags: ['campos'],
        summary: 'Novo campo; um campo Lista (form) informa suas colunas em child_fields',
        security,
        body: FieldRegisterBodySchema,
        response: { 201: FieldSchema },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(await registerField(app.deps, callerOf(request), request.body)),
  );

  app.get(
    '/process/:processId/form/:formId/fields',
    {
      schema: {
        tags: ['campos'],
        summary: 'Campos do formulário, na ordem, com as regras de cada um neste formulário',
        security,
        params: FormParamsSchema,
        querystring: FieldListQuerySchema,
        response: { 200: z.array(FormFieldSchema) },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listFormFields(
          app.deps,
          callerOf(request),
          request.params.processId,
          request.params.formId,
          request.query,
        ),
      ),
  );

  app.put(
    '/process/:processId/form/:formId/field/:fieldId/add',
    {
      schema: {
        tags: ['campos'],
        summary:
          'Associar um campo ao formulário (ao fim, sem regras); 409 se já estiver associado',
        security,
        params: FormFieldParamsSchema,
        response: { 200: FormFieldSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      addFormField(
        app.deps,
        callerOf(request),
        request.params.processId,
        request.params.formId,
        request.params.fieldId,
      ),
  );

  app.put(
    '/process/:processId/form/:formId/field/:fieldId/logic',
    {
      schema: {
        tags: ['campos'],
        summary:
          "As regras do campo neste formulário: 'Mostrar somente se' (campos anteriores), " +
          'obrigatório, mínimo e máximo, datas, texto, colunas e soma de uma Lista; 409 se ' +
          'produtores já responderam o campo neste formulário',
        security,
        params: FormFieldParamsSchema,
        body: FieldLogicSchema,
        response: { 200: FormFieldSchema },
      },
      onRequest: adminOnly,
    },
    (request) =>
      saveFieldLogic(
        app.deps,
        callerOf(request),
        request.params.processId,
        request.params.formId,
        request.params.fieldId,
        request.body,
      ),
  );

  app.delete(
    '/process/:processId/form/:formId/field/:fieldId/remove',
    {
      schema: {
        tags: ['campos'],
        summary:
          'Retirar um campo do formulário; 409 se produtores já o responderam ou se a condição ' +
          'de outro campo o usa',
        security,
        params: FormFieldParamsSchema,
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      await removeFormField(
        app.deps,
        callerOf(request),
        request.params.processId,
        request.params.formId,
        request.params.fieldId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/process/:processId/fields',
    {
      schema: {
        tags: ['campos'],
        summary: 'Documentos (campos) do processo, na ordem',
        security,
        params: ProcessParamsSchema,
        querystring: FieldListQuerySchema,
        response: list,
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listProcessFields(
          app.deps,
          callerOf(request),
          request.params.processId,
          request.query,
        ),
      ),
  );

  app.post(
    '/process/:processId/fields/save',
    {
      schema: {
        tags: ['campos'],
        summary:
          'Substituir os documentos do processo pela lista de ids enviada, nessa ordem; 409 se ' +
          'um documento retirado já tem respostas de produtores',
        security,
        params: ProcessParamsSchema,
        body: ProcessFieldsSaveBodySchema,
        response: list,
      },
      onRequest: adminOnly,
    },
    (request) =>
      saveProcessFields(app.deps, callerOf(request), request.params.processId, request.body),
  );
}
