import {
  ConfirmCarriedBodySchema,
  FieldEditBodySchema,
  FieldInstanceParamsSchema,
  FieldInstanceSchema,
  FormFinishBodySchema,
  FormInstanceParamsSchema,
  FormInstanceSchema,
  FormSaveBodySchema,
  FormWriteConflictBodySchema,
  messages,
  PRODUCER_ROLES,
  ProofUploadBodySchema,
  WriteConflictBodySchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/files';
import { sendJsonText } from '../../lib/json-text';
import { callerOf } from '../../plugins/auth';
import {
  addRow,
  confirmCarried,
  deleteRowOrCell,
  editField,
  finishForm,
  getFormInstanceJson,
  proofFile,
  SaveConflict,
  saveForm,
  uploadProof,
} from './service';

const TAGS = ['formulários'];
const FORM_OR_JSON = [
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'application/json',
];
const FORM = '/process-instance/:id/form/:formId';
const FIELD = `${FORM}/field/:fieldId`;

/**
 * Filling a form instance (DESIGN §4a): `:id` is the process instance, `:formId` the form
 * instance and `:fieldId` the field instance (or, to delete one, a row of a Lista).
 */
export async function formsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const signedIn = app.guard();
  // Staff write the fields a producer cannot, but never confirm nor finish a form.
  const producerOnly = app.guard({
    roles: PRODUCER_ROLES,
    refusal: messages.forms.finishOwnerOnly,
  });
  const form = { 200: FormInstanceSchema };
  const formWrite = { ...form, 409: WriteConflictBodySchema };

  app.get(
    FORM,
    {
      schema: {
        tags: TAGS,
        summary:
          'Um formulário da instância com seus campos, linhas das listas, comprovantes, ' +
          'assinatura e o que quem chama pode alterar. Produtores só veem os das suas propriedades',
        security,
        params: FormInstanceParamsSchema,
        response: form,
      },
      onRequest: signedIn,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await getFormInstanceJson(
          app.deps,
          callerOf(request),
          request.params.id,
          request.params.formId,
        ),
      ),
  );

  app.put(
    `${FORM}/save`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Salva vários campos de uma vez, tudo ou nada: 422 por campo inválido, 409 com os ' +
          'valores atuais quando um campo mudou depois da versão enviada',
        security,
        params: FormInstanceParamsSchema,
        body: FormSaveBodySchema,
        response: { ...form, 409: FormWriteConflictBodySchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      try {
        return await saveForm(
          app.deps,
          callerOf(request),
          request.params.id,
          request.params.formId,
          request.body,
        );
      } catch (error) {
        if (!(error instanceof SaveConflict)) throw error;
        return reply.code(409).send({ detail: error.message, conflicts: error.conflicts });
      }
    },
  );

  app.put(
    `${FORM}/confirm`,
    {
      schema: {
        tags: TAGS,
        summary:
          'O produtor confirma as respostas da safra anterior de uma renovação (field_ids, ou ' +
          'todas as do formulário): deixam de ser marcadas como da safra anterior',
        security,
        params: FormInstanceParamsSchema,
        body: ConfirmCarriedBodySchema,
        response: formWrite,
      },
      onRequest: producerOnly,
    },
    (request) =>
      confirmCarried(
        app.deps,
        callerOf(request),
        request.params.id,
        request.params.formId,
        request.body,
      ),
  );

  app.put(
    `${FORM}/finish`,
    {
      schema: {
        tags: TAGS,
        summary:
          'O produtor finaliza o formulário (todos os comprovantes enviados); se o formulário ' +
          'requer assinatura, com a senha (password) de quem assina',
        consumes: FORM_OR_JSON,
        security,
        params: FormInstanceParamsSchema,
        body: FormFinishBodySchema,
        response: formWrite,
      },
      onRequest: producerOnly,
    },
    (request) =>
      finishForm(
        app.deps,
        callerOf(request),
        request.params.id,
        request.params.formId,
        request.body,
      ),
  );

  app.put(
    `${FIELD}/edit`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Altera um campo (multipart content; vazio limpa), com a versão (version) opcional ' +
          'em que a alteração foi feita',
        consumes: FORM_OR_JSON,
        security,
        params: FieldInstanceParamsSchema,
        body: FieldEditBodySchema,
        response: { 200: FieldInstanceSchema, 409: FormWriteConflictBodySchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { id, formId, fieldId } = request.params;
      try {
        return await editField(app.deps, callerOf(request), id, formId, fieldId, request.body);
      } catch (error) {
        if (!(error instanceof SaveConflict)) throw error;
        return reply.code(409).send({ detail: error.message, conflicts: error.conflicts });
      }
    },
  );

  app.post(
    `${FIELD}/add-row`,
    {
      schema: {
        tags: TAGS,
        summary: 'Nova linha de uma Lista, com uma célula vazia por coluna',
        security,
        params: FieldInstanceParamsSchema,
        response: { 201: FormInstanceSchema, 409: WriteConflictBodySchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { id, formId, fieldId } = request.params;
      return reply.code(201).send(await addRow(app.deps, callerOf(request), id, formId, fieldId));
    },
  );

  app.delete(
    `${FIELD}/delete`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Exclui uma linha de uma Lista (pelo row_id) com suas células, ou uma célula ' +
          '(a linha que fica sem células sai junto)',
        security,
        params: FieldInstanceParamsSchema,
        response: formWrite,
      },
      onRequest: signedIn,
    },
    (request) => {
      const { id, formId, fieldId } = request.params;
      return deleteRowOrCell(app.deps, callerOf(request), id, formId, fieldId);
    },
  );

  app.post(
    `${FIELD}/proof`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Comprovante de um campo "Requer comprovante" (file): PDF, JPEG, PNG ou WebP de até ' +
          '10 MB, conferido pelo conteúdo; substitui o anterior',
        consumes: ['multipart/form-data'],
        security,
        params: FieldInstanceParamsSchema,
        body: ProofUploadBodySchema,
        response: formWrite,
      },
      onRequest: signedIn,
    },
    (request) => {
      const { id, formId, fieldId } = request.params;
      return uploadProof(app.deps, callerOf(request), id, formId, fieldId, request.body);
    },
  );

  app.get(
    `${FIELD}/proof`,
    {
      schema: {
        tags: TAGS,
        summary: 'Baixa o comprovante de um campo',
        security,
        params: FieldInstanceParamsSchema,
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const { id, formId, fieldId } = request.params;
      const file = await proofFile(app.deps, callerOf(request), id, formId, fieldId);
      return sendFile(reply, { body: file.body, mime: file.mime, filename: file.filename });
    },
  );
}
