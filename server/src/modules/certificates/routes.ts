import {
  CertificateNumberParamsSchema,
  ConcludeBodySchema,
  HoldersParamsSchema,
  HoldersQuerySchema,
  IdParamsSchema,
  InstanceDetailSchema,
  PublicCertificateSchema,
  SealHolderSchema,
  STAFF_ROLES,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/files';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import { concludeInstance } from './conclude';
import { renderCertificatePdf } from './pdf';
import { certificateForPdf, getPublicCertificate, listHolders } from './public';
import { loadSealImage } from './seal-image';

const TAGS = ['certificados'];

export async function certificatesRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/process-instance/:id/finish',
    {
      schema: {
        tags: TAGS,
        summary:
          'Concluir um processo iniciado: aprovar (emite o certificado) ou reprovar, com o ' +
          'parecer. Só o técnico responsável ou um administrador, e só com todos os formulários ' +
          'obrigatórios finalizados (409 lista os que faltam)',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        body: ConcludeBodySchema,
        response: { 200: InstanceDetailSchema },
      },
      preHandler: app.guard({ roles: STAFF_ROLES }),
    },
    (request) => concludeInstance(app.deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/certificate/:number',
    {
      schema: {
        tags: TAGS,
        summary:
          'Verificação pública de um certificado pelo número (maiúsculas ou minúsculas, com ou ' +
          'sem traços): situação (valid, upcoming, expired), propriedade, selo, validade e emissor',
        params: CertificateNumberParamsSchema,
        response: { 200: PublicCertificateSchema },
      },
    },
    (request) => getPublicCertificate(app.deps, request.params.number),
  );

  app.get(
    '/certificate/:number/pdf',
    {
      schema: {
        tags: TAGS,
        summary: 'O certificado em PDF (A4), com a imagem do selo e o QR code da verificação',
        params: CertificateNumberParamsSchema,
      },
    },
    async (request, reply) => {
      const { record, certificate } = await certificateForPdf(app.deps, request.params.number);
      const pdf = await renderCertificatePdf(certificate, {
        processDescription: record.process.description,
        sealImage: await loadSealImage(app.deps.storage, record.stamp.imageKey),
      });
      return sendFile(reply, {
        body: pdf,
        mime: 'application/pdf',
        filename: `certificado-${certificate.number}.pdf`,
        cacheControl: 'public, max-age=300',
      });
    },
  );

  app.get(
    '/process/:processId/holders',
    {
      schema: {
        tags: TAGS,
        summary:
          'Propriedades que têm o selo deste processo com certificado não vencido (público): ' +
          'nome, município e validade, em ordem de nome',
        params: HoldersParamsSchema,
        querystring: HoldersQuerySchema,
        response: { 200: z.array(SealHolderSchema) },
      },
      preHandler: app.optionalAuth,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listHolders(app.deps, request.caller, request.params.processId, request.query),
      ),
  );
}
