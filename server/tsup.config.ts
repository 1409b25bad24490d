import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  // The workspace package ships TypeScript source, so it is compiled into the bundle.
  noExternal: ['@agroselo/contracts'],
  // Server code and the bundled contracts must share the one zod that
  // fastify-type-provider-zod loads, or schemas and errors come from two copies.
  external: ['zod'],
  outDir: 'dist',
  clean: true,
  sourcemap: true,
});
