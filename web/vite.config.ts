import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best
 * levels, for the server to send whichever the browser accepts (@fastify/static preCompressed):
 * no compression work per request, and smaller files than on-the-fly compression gives.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'agroselo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          await writeFile(
            `${file}.br`,
            await brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React is on every page and changes least: its own file stays cached across deploys.
        // Everything else is split by route, so a first visit loads only what its page uses.
        // What the first screen needs (the entry's static imports) is one more file: on a slow
        // link every extra file is another round trip for the browser's few connections.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
          // Pages share many small pieces (a Mantine component, an icon): copied into each page's
          // file rather than one file each.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
});
