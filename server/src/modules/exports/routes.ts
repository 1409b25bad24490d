import {
  EXPORT_FORMATS,
  FormInstanceParamsSchema,
  InstanceExportQuerySchema,
  PRODUCER_ROLES,
  ProcessParamsSchema,
  PropertyExportQuerySchema,
  STAFF_ROLES,
  UserExportQuerySchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/files';
import { callerOf } from '../../plugins/auth';
import { exportAnswers, exportInstances, exportProperties, exportUsers, formPdf } from './service';

const TAGS = ['exportações'];
const security = [{ bearer: [] }];
const FORMAT_NAMES = { csv: 'CSV (Excel no Brasil: ; e vírgula decimal)', xlsx: 'Excel (XLSX)' };

export async function exportsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.guard({ roles: STAFF_ROLES });

  for (const format of EXPORT_FORMATS) {
    app.get(
      `/export/properties.${format}`,
      {
        schema: {
          tags: TAGS,
          summary: `Propriedades em ${FORMAT_NAMES[format]}: as próprias (produtor) ou todas (técnico, admin), com a busca da lista`,
          security,
          querystring: PropertyExportQuerySchema,
        },
        onRequest: app.guard({ roles: [...PRODUCER_ROLES, ...STAFF_ROLES] }),
      },
      (request, reply) =>
        sendFile(
          reply,
          exportProperties(app.deps, callerOf(request), request.query, format, request.log),
        ),
    );

    app.get(
      `/export/process-instances.${format}`,
      {
        schema: {
          tags: TAGS,
          summary: `Processos em andamento ou pendentes em ${FORMAT_NAMES[format]}, com o filtro e a busca da lista`,
          security,
          querystring: InstanceExportQuerySchema,
        },
        onRequest: staffOnly,
      },
      (request, reply) =>
        sendFile(reply, exportInstances(app.deps, request.query, format, request.log)),
    );

    app.get(
      `/export/users.${format}`,
      {
        schema: {
          tags: TAGS,
          summary: `Usuários em ${FORMAT_NAMES[format]}, com a busca da lista`,
          security,
          querystring: UserExportQuerySchema,
        },
        onRequest: app.guard({ roles: ['admin'] }),
      },
      (request, reply) =>
        sendFile(reply, exportUsers(app.deps, request.query, format, request.log)),
    );
  }

  app.get(
    '/export/process/:processId/answers.xlsx',
    {
      schema: {
        tags: TAGS,
        summary:
          'As respostas de um processo em Excel: uma aba por formulário (uma linha por pedido) ' +
          'e uma por campo Lista, ligada à linha do seu pedido',
        security,
        params: ProcessParamsSchema,
      },
      onRequest: staffOnly,
    },
    async (request, reply) =>
      sendFile(reply, await exportAnswers(app.deps, request.params.processId, request.log)),
  );

  app.get(
    '/process-instance/:id/form/:formId/pdf',
    {
      schema: {
        tags: TAGS,
        summary:
          'O formulário preenchido em PDF: campos e respostas, linhas das listas, comprovantes ' +
          'e o registro da assinatura',
        security,
        params: FormInstanceParamsSchema,
      },
      onRequest: app.guard(),
    },
    async (request, reply) =>
      sendFile(
        reply,
        await formPdf(app.deps, callerOf(request), request.params.id, request.params.formId),
      ),
  );
}
