import { IdParamsSchema, StampSchema } from '@agroselo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { sendCached, versionedCache } from '../../lib/versioned-cache';
import { compileSerializer } from '../../plugins/serializer';
import { listReleasedStamps, stampImage } from './service';

export async function sealsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const StampListSchema = z.array(StampSchema);
  // Every visit to the landing page asks for it, and only admins' writes change it.
  const serializeStamps = compileSerializer(StampListSchema);
  const stampList = versionedCache(app.deps.db, 'stamp-list', async () =>
    serializeStamps(await listReleasedStamps(app.deps)),
  );

  app.get(
    '/stamp/all',
    {
      schema: {
        tags: ['selos'],
        summary: 'Selos dos processos liberados (público)',
        response: { 200: StampListSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, await stampList.get()),
  );

  app.get(
    '/stamp/:id/image',
    {
      schema: {
        tags: ['selos'],
        summary: 'Imagem do selo (pública quando o processo está liberado)',
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const image = await stampImage(app.deps, request.params.id);
      if (!image) throw notFound('Imagem do selo não encontrada');
      return reply
        .header('Content-Type', image.mime)
        .header('Cache-Control', 'public, max-age=300')
        .send(image.stream);
    },
  );
}
