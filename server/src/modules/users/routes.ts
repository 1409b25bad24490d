import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function usersRoutes(base: FastifyInstance): Promise<void> {
  base.withTypeProvider<ZodTypeProvider>();
}
