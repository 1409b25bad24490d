import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// This module sits two levels below the repository root both as source (server/src) and once
// bundled (server/dist), so the same relative URLs work in development, tests and production.
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The web app's render for Node, built beside its folder (web/vite.config.ts `prerender`). */
export const webServerRender = (webRoot: string) =>
  path.join(webRoot, '..', 'dist-server', 'prerender.js');
export const serverAssets = fileURLToPath(new URL('../assets', import.meta.url));
// The build copies the migrations next to the bundle (dist/migrations); sources keep them in db/.
const bundledMigrations = fileURLToPath(new URL('./migrations', import.meta.url));
export const migrationsFolder = existsSync(bundledMigrations)
  ? bundledMigrations
  : fileURLToPath(new URL('./db/migrations', import.meta.url));
/** An empty embedded cluster made by the build (`npm run build -w server`), copied for a new one. */
export const pgliteTemplate = fileURLToPath(new URL('./pglite-template', import.meta.url));
