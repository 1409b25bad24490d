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
 * levels, for the server to send whichever the browser accepts (plugins/web-app.ts):
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

/**
 * Mantine's `useId` starts every input, checkbox and popover with React's id, then swaps it for a
 * random one in a layout effect: a second, synchronous render of each such component (and of its
 * children) right after the first paint, measured at a third of the sign-up screen's first render
 * on a throttled phone. The random id is a fallback for React versions without `useId`; on
 * React 19 the React id alone is stable, unique and the same on server and client.
 */
function mantineReactId(): Plugin {
  const file = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  let replaced = false;
  return {
    name: 'agroselo:mantine-react-id',
    // The dev server pre-bundles dependencies without plugins: there the second render stays.
    apply: 'build',
    load(id) {
      if (!file.test(id)) return null;
      replaced = true;
      return [
        "import { useReactId } from './use-react-id.mjs';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : reactId;",
        '}',
      ].join('\n');
    },
    buildEnd() {
      // A Mantine release that moves the file would silently bring the second render back.
      if (!replaced) this.error('@mantine/hooks use-id.mjs was not found: update mantineReactId()');
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), mantineReactId(), precompress()],
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
