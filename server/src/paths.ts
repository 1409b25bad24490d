import { fileURLToPath } from 'node:url';

// This module sits two levels below the repository root both as source (server/src) and once
// bundled (server/dist), so the same relative URLs work in development, tests and production.
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const serverAssets = fileURLToPath(new URL('../assets', import.meta.url));
export const migrationsFolder = fileURLToPath(
  new URL('./migrations', new URL('./db/', import.meta.url)),
);
