import {
  CertificateNumberParamsSchema,
  ConcludeBodySchema,
  HoldersParamsSchema,
  HoldersQuerySchema,
  IdParamsSchema,
  InstanceCertificateSchema,
  InstanceDetailSchema,
  PublicCertificateSchema,
  ReinstateBodySchema,
  SealHolderSchema,
  StandingBodySchema,
  STAFF_ROLES,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/files';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import { concludeInstance } from './conclude';
import { certificateForPdf, getPublicCertificate, listHolders } from './public';
import { loadSealImage } from './seal-image';
import { changeStanding } from './standing';

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
      onRequest: app.guard({ roles: STAFF_ROLES }),
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
          'sem traços): situação (valid, upcoming, expired, suspended, revoked), propriedade, ' +
          'selo, validade e emissor; suspenso ou cancelado, o motivo (nunca a observação)',
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
      // pdfkit, qrcode and svg-to-pdfkit load on the first PDF (docs/decisions/013).
      const { renderCertificatePdf } = await import('./pdf');
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
          'Propriedades que têm o selo deste processo com certificado não vencido, nem suspenso ' +
          'nem cancelado (público): ' +
          'nome, município e validade, em ordem de nome',
        params: HoldersParamsSchema,
        querystring: HoldersQuerySchema,
        response: { 200: z.array(SealHolderSchema) },
      },
      onRequest: app.optionalAuth,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listHolders(app.deps, request.caller, request.params.processId, request.query),
      ),
  );

  const adminOnly = app.guard({ roles: ['admin'] });
  const standingSchema = (summary: string) => ({
    tags: TAGS,
    summary,
    security: [{ bearer: [] }],
    params: CertificateNumberParamsSchema,
    response: { 200: InstanceCertificateSchema },
  });

  app.put(
    '/certificate/:number/suspend',
    {
      schema: {
        ...standingSchema(
          'Suspender um certificado válido, com o motivo (público) e uma observação (interna); ' +
            'o produtor é avisado por e-mail. Só administradores',
        ),
        body: StandingBodySchema,
      },
      onRequest: adminOnly,
    },
    (request) =>
      changeStanding(app.deps, callerOf(request), request.params.number, 'suspend', request.body),
  );

  app.put(
    '/certificate/:number/revoke',
    {
      schema: {
        ...standingSchema(
          'Cancelar um certificado válido ou suspenso, definitivamente, com o motivo; o produtor ' +
            'é avisado por e-mail. Só administradores',
        ),
        body: StandingBodySchema,
      },
      onRequest: adminOnly,
    },
    (request) =>
      changeStanding(app.deps, callerOf(request), request.params.number, 'revoke', request.body),
  );

  app.put(
    '/certificate/:number/reinstate',
    {
      schema: {
        ...standingSchema(
          'Reativar um certificado suspenso; o produtor é avisado por e-mail. Só administradores',
        ),
        body: ReinstateBodySchema,
      },
      onRequest: adminOnly,
    },
    (request) =>
      changeStanding(app.deps, callerOf(request), request.params.number, 'reinstate', request.body),
  );
}
