import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's output folder of hashed files: a name there never changes content. */
export const ASSETS_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app's files; answers whether there is one to fall back to. The build
 * writes a .br and a .gz beside each text file, sent as the browser accepts (Vary:
 * Accept-Encoding). Hashed assets are cached for a year; everything else, index.html first, is
 * revalidated on every use (its ETag makes that a 304), so a deploy shows at once.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<boolean> {
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web app não encontrado em ${root}; rode "npm run build" para servi-la aqui`);
    return false;
  }
  const assets = path.join(root, ASSETS_DIR) + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', filePath.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}
