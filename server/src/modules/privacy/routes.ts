import {
  DeleteAccountConfirmBodySchema,
  MyDataSchema,
  ResendCodeResponseSchema,
} from '@agroselo/contracts';
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth';
import { myData } from './my-data';
import { confirmAccountDeletion, requestAccountDeletion } from './service';

const TAGS = ['auth'];
const security = [{ bearer: [] }];
/** As the other code routes: the per-account attempt limit is in the service. */
const CODE_FLOOD_LIMIT = { floodLimit: { max: 300 } };

/** LGPD self-service: the caller's data as a file, and the deletion of the account. */
export async function privacyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/auth/my-data',
    {
      schema: {
        tags: TAGS,
        summary:
          'Meus dados (LGPD): a conta, as propriedades, os pedidos, as respostas, os nomes dos ' +
          'arquivos, os consentimentos com as datas e o histórico da conta, em JSON para baixar',
        security,
        response: { 200: MyDataSchema },
      },
      onRequest: app.guard(),
    },
    async (request, reply) => {
      reply.header(
        'Content-Disposition',
        contentDisposition('meus-dados-agroselo.json', { type: 'attachment' }),
      );
      return myData(app.deps, callerOf(request));
    },
  );

  app.post(
    '/auth/delete-account',
    {
      schema: {
        tags: TAGS,
        summary:
          'Excluir minha conta: envia ao e-mail o código que confirma a exclusão (um por ' +
          'minuto). O último administrador não pode excluir a conta (409)',
        security,
        response: { 202: ResendCodeResponseSchema },
      },
      config: CODE_FLOOD_LIMIT,
      onRequest: app.guard(),
    },
    async (request, reply) =>
      reply.code(202).send(await requestAccountDeletion(app.deps, callerOf(request))),
  );

  app.post(
    '/auth/delete-account/confirm',
    {
      schema: {
        tags: TAGS,
        summary:
          'Confirmar a exclusão com o código do e-mail: nome, CPF, telefone e e-mail ' +
          'anonimizados, sessões encerradas; certificados e registros de auditoria mantidos',
        consumes: ['application/json'],
        security,
        body: DeleteAccountConfirmBodySchema,
        response: { 204: z.null().describe('Conta excluída') },
      },
      config: CODE_FLOOD_LIMIT,
      onRequest: app.guard(),
    },
    async (request, reply) => {
      await confirmAccountDeletion(app.deps, callerOf(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
