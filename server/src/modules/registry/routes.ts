import {
  IdParamsSchema,
  PRODUCER_ROLES,
  PublicationConsentSchema,
  PublishConsentBodySchema,
  PublishConsentSchema,
  RegistryEntrySchema,
  RegistryFilterSchema,
  RegistryQuerySchema,
} from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/files';
import { sendPage } from '../../lib/pagination';
import { callerOf } from '../../plugins/auth';
import { listPublicationConsents, setPublishConsent } from './consent';
import { listRegistry, registryCsv } from './service';

const TAGS = ['registro público'];
const security = [{ bearer: [] }];

/** The public registry of certificates and the producer's consent to appear in it (DESIGN §4b). */
export async function registryRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/registry',
    {
      schema: {
        tags: TAGS,
        summary:
          'Registro público de certificados (sem login): certificados válidos cujo produtor ' +
          'consentiu a publicação, do mais novo ao mais antigo; busca por nome, município ou ' +
          'número e filtros por selo, safra, nível, região e município. Nada pessoal',
        querystring: RegistryQuerySchema,
        response: { 200: z.array(RegistryEntrySchema) },
      },
    },
    async (request, reply) => sendPage(reply, await listRegistry(app.deps, request.query)),
  );

  app.get(
    '/registry.csv',
    {
      schema: {
        tags: TAGS,
        summary:
          'O registro público em CSV (Excel no Brasil: ; e datas dd/mm/aaaa), com os mesmos filtros',
        querystring: RegistryFilterSchema,
      },
    },
    (request, reply) => sendFile(reply, registryCsv(app.deps, request.query)),
  );

  app.put(
    '/process-instance/:id/publish-consent',
    {
      schema: {
        tags: TAGS,
        summary:
          'O dono da propriedade concede ou retira o consentimento para aparecer no registro ' +
          'público de certificados; fica registrado no histórico do processo',
        consumes: ['application/json'],
        security,
        params: IdParamsSchema,
        body: PublishConsentBodySchema,
        response: { 200: PublishConsentSchema },
      },
      onRequest: app.guard({ roles: PRODUCER_ROLES }),
    },
    (request) =>
      setPublishConsent(app.deps, callerOf(request), request.params.id, request.body.consent),
  );

  app.get(
    '/auth/publication-consents',
    {
      schema: {
        tags: TAGS,
        summary:
          'Meus consentimentos de publicação: cada pedido que tem ou pode ter certificado, ' +
          'se aparece no registro público e desde quando',
        security,
        response: { 200: z.array(PublicationConsentSchema) },
      },
      onRequest: app.guard(),
    },
    (request) => listPublicationConsents(app.deps, callerOf(request)),
  );
}
