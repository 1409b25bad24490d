import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app's files; answers whether there is one to fall back to. */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<boolean> {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web app não encontrado em ${root}; rode "npm run build" para servir a interface`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
  });
  return true;
}
