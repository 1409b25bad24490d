import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { INDEX_BOOT_ROOT } from '../contracts/src/constants.ts';
import { paths } from './src/lib/paths.ts';

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
      await Promise.all(files.map((name) => compressBeside(path.join(outDir, name))));
    },
  };
}

/** Writes `file`'s .br and .gz beside it (precompress); a file under 1 KiB gains nothing. */
async function compressBeside(file: string): Promise<void> {
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

/**
 * The pages a visit often starts on, by route pattern (src/app/routes.tsx), with the module of
 * their page and the image their first screen shows. A route loads its page's code only once the
 * first file has run (the router asks for it): on a slow link that is another round trip after
 * the first file's download and run. The server sends, with the page's HTML, a `Link` header
 * that has the browser fetch these files at once (plugins/web-app.ts reads ROUTE_PRELOADS_FILE).
 */
const FIRST_PAGES: { path: string; page?: string; image?: string; signedIn?: true }[] = [
  // The landing is part of the first file already; its hero's poster is its largest paint.
  { path: paths.home(), image: '/media/field-poster.jpg' },
  {
    path: paths.login(),
    page: 'src/features/auth/login.page.tsx',
    image: '/media/field-poster.jpg',
  },
  { path: paths.resetPassword(), page: 'src/features/auth/reset-password.page.tsx' },
  {
    path: paths.register(),
    page: 'src/features/auth/register.page.tsx',
    image: 'src/features/auth/field-landscape.svg',
  },
  {
    path: paths.verificationCode(),
    page: 'src/features/auth/verification-code.page.tsx',
    image: 'src/features/auth/field-landscape.svg',
  },
  { path: paths.verify(), page: 'src/features/certificates/verify.page.tsx' },
  { path: paths.verify(':number'), page: 'src/features/certificates/certificate.page.tsx' },
  { path: paths.registry(), page: 'src/features/registry/registry.page.tsx' },
  { path: paths.profile(), page: 'src/app/pages/profile.page.tsx', signedIn: true },
  {
    path: paths.property(':propertyId'),
    page: 'src/features/properties/property.page.tsx',
    signedIn: true,
  },
  {
    path: paths.producerDetails(':processInstanceId'),
    page: 'src/features/instances/instance-detail.page.tsx',
    signedIn: true,
  },
  {
    path: paths.formInstance(':processInstanceId', ':formInstanceId'),
    page: 'src/features/forms/form-instance.page.tsx',
    signedIn: true,
  },
  {
    path: paths.processInstances(),
    page: 'src/features/instances/process-instances.page.tsx',
    signedIn: true,
  },
];

/**
 * The signed-in header's menus (src/app/layouts/app-header.tsx), loaded apart from the first file:
 * a signed-in page fetches them with its own, rather than once its code has run, and a page the
 * server rendered hydrates with them (a menu still loading would not answer a tap).
 */
const ACCOUNT_MENUS = [
  'src/components/notifications/notification-bell.tsx',
  'src/app/layouts/user-menu.tsx',
];

/** One route's files to fetch with its HTML, as `route-preloads.json` lists them. */
interface RoutePreload {
  /** Route pattern: `/property/:propertyId`. */
  path: string;
  /** Module scripts (rel=modulepreload). */
  scripts: string[];
  styles: string[];
  images: string[];
}
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

function routePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'agroselo:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // index.html loads the entry and what it imports already.
      const initial = new Set<string>();
      const addStatic = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || initial.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) addStatic(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) addStatic(chunk.fileName, initial);
      const assetOf = (source: string) => {
        const file = Object.values(bundle).find(
          (output) =>
            output.type === 'asset' &&
            output.originalFileNames.some(
              (name) => path.resolve(root, name) === path.resolve(root, source),
            ),
        );
        if (!file) this.error(`route-preloads: no asset built from ${source}`);
        return file.fileName;
      };
      const url = (fileName: string) => `${base}${fileName}`;
      const routes: RoutePreload[] = FIRST_PAGES.map(({ path: route, page, image, signedIn }) => {
        const scripts = new Set<string>();
        for (const module of [...(page ? [page] : []), ...(signedIn ? ACCOUNT_MENUS : [])]) {
          const chunk = chunks.find(
            (candidate) => candidate.facadeModuleId === path.resolve(root, module),
          );
          // A page renamed or moved would silently lose its preload.
          if (!chunk) this.error(`route-preloads: no chunk for ${module}, update FIRST_PAGES`);
          addStatic(chunk.fileName, scripts);
        }
        const styles = [...scripts].flatMap((fileName) => [
          ...(byFile.get(fileName)?.viteMetadata?.importedCss ?? []),
        ]);
        const images = image ? [image.startsWith('/') ? image : url(assetOf(image))] : [];
        return { path: route, scripts: [...scripts].map(url), styles: styles.map(url), images };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(routes, null, 2),
      });
    },
  };
}

/** src/prerender.tsx built for Node (server/src/paths.ts `webServerRender`), beside dist. */
const SERVER_RENDER_DIR = 'dist-server';
/** The prerendered pages' folder: `/login` is `pages/login.html`, `/` is `pages/index.html`. */
const PRERENDERED_DIR = 'pages';
/** Pages the server fills per request (plugins/web-app.ts), never sent as they are. */
const SHELLS_DIR = 'shells';
/** The prerendered page's last element: its script that asks for the app's code. */
const LOADER_ID = 'app-loader';

/**
 * A prerendered page's script that asks for the app's code (`entry`, and `preloads`: what it
 * imports, the page's own files included) once the screen is painted. Asked for with the page,
 * the code shared a slow link with the stylesheets and the largest image, and the screen waited
 * for all of it; the code only makes the screen work, and what is typed, clicked or sent
 * meanwhile reaches it (src/app/early-input.ts). A signed-in visitor sees the boot screen instead
 * (index.html), unless the server rendered the page for their session, and a page not shown paints
 * nothing: both ask at once.
 */
function loadAfterFirstPaint(entry: string, preloads: string[]): string {
  return `(function () {
  function load() {
    // A signed-in page rendered by the server names its route's own files on #root.
    var routeScripts = document.getElementById('root').getAttribute('data-route-scripts');
    ${JSON.stringify(preloads)}.concat(routeScripts ? routeScripts.split(' ') : []).forEach(function (url) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = url;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  var html = document.documentElement;
  var notShown = html.hasAttribute('data-session') && !html.hasAttribute('data-rendered-for-session');
  if (notShown || document.visibilityState !== 'visible') load();
  else if (paints && paints.indexOf('paint') >= 0) {
    // Reported once the frame is on screen, not when the page has asked for it.
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      load();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(function () { setTimeout(load); });
})();`;
}

/**
 * `page` with `loader` as its last element. Not painted before the whole screen is parsed
 * (Chromium): a slow phone's parser may stop half-way through it, and the rest then moved what was
 * painted (a centred card: CLS 0.43 in one of three Lighthouse runs of /register on a busy machine).
 */
const withLoader = (page: string, loader: string) =>
  page
    .replace('</head>', () => `<link rel="expect" href="#${LOADER_ID}" blocking="render"></head>`)
    .replace('</body>', () => `<script id="${LOADER_ID}">${loader}</script></body>`);

/**
 * After the app's build, a server-side build of src/prerender.tsx renders the first screen of a
 * few public pages; each is written as index.html with that screen in #root, for the server to send
 * at its path (plugins/web-app.ts). On a slow phone the page is then painted once its HTML and
 * stylesheet are in, not after the app's code has downloaded and run; the app hydrates it.
 */
function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'agroselo:prerender',
    // Not in the server-side build it starts itself.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Kept: the server renders signed-in pages with it per request (renderSignedIn), from
      // outside the folder it serves.
      const ssrDir = path.resolve(root, SERVER_RENDER_DIR);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        // The same transforms as the app's build: React's ids and CSS modules' class names
        // must come out as the browser's code makes them.
        plugins: [react(), mantineReactId()],
        // Bundled whole: the prerender then runs in Node as the browser's code does, whatever
        // the packages' own Node entry points.
        ssr: { noExternal: true },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
      const ssrEntry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
      const { PRERENDERED_PATHS, render } = (await import(ssrEntry)) as {
        PRERENDERED_PATHS: string[];
        render: (pathname: string) => Promise<string>;
      };
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!INDEX_BOOT_ROOT.test(index)) this.error('prerender: no boot screen in index.html #root');
      // The app's code, asked for by the page's script (loadAfterFirstPaint) instead.
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
      if (!entry) this.error('prerender: no module script in index.html');
      const preloads: string[] = [];
      const template = index
        .replace(entry[0], '')
        .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, url) => {
          preloads.push(url as string);
          return '';
        });
      const routes = JSON.parse(
        await readFile(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8'),
      ) as RoutePreload[];
      await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
      for (const pathname of PRERENDERED_PATHS) {
        const screen = await render(pathname);
        // The page's own stylesheets (a lazy page's CSS module), which the app would add only
        // with its code: without them the screen would be painted unstyled, then move.
        const route = routes.find((candidate) => candidate.path === pathname);
        const styles = (route?.styles ?? [])
          .map((url) => `<link rel="stylesheet" crossorigin href="${url}">`)
          .join('');
        const file = path.join(
          outDir,
          PRERENDERED_DIR,
          `${pathname === '/' ? 'index' : pathname.slice(1)}.html`,
        );
        const loader = loadAfterFirstPaint(entry[1]!, [...preloads, ...(route?.scripts ?? [])]);
        await writeFile(
          file,
          withLoader(
            template.replace('</head>', () => `${styles}</head>`),
            loader,
          ).replace(INDEX_BOOT_ROOT, () => `<div id="root" data-prerendered>${screen}</div>`),
        );
        await compressBeside(file);
      }
      // The page the server fills with a signed-in page's first screen (and its route's
      // stylesheets and scripts) per request: painted, then its code asked for, as above.
      await mkdir(path.join(outDir, SHELLS_DIR), { recursive: true });
      await writeFile(
        path.join(outDir, SHELLS_DIR, 'signed-in.html'),
        withLoader(template, loadAfterFirstPaint(entry[1]!, preloads)),
      );
    },
  };
}

/**
 * The web app manifest (installable, pt-BR) and the service worker (src/offline/service-worker.ts,
 * built with Workbox), which precaches every file of the build a page may need offline: the
 * shell, every route's code and styles, the icons, and the prerendered public pages at their own
 * paths. Runs after `prerender`, whose pages it lists. The pages register the worker themselves
 * once loaded (src/offline/register.ts).
 */
const offlineApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'service-worker.ts',
    injectRegister: false,
    // After prerender's closeBundle has written the pages it lists.
    integration: { closeBundleOrder: 'post' },
    manifest: {
      name: 'AgroSelo — Selo Ambiental da Lavoura de Arroz',
      short_name: 'AgroSelo',
      description:
        'Selos de qualidade para a produção de arroz do Rio Grande do Sul. Funciona no campo, sem sinal.',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#25803b',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,jpg,webmanifest}'],
      // The server fills the signed-in shell per request; the hero's videos play online only.
      globIgnores: [`${SHELLS_DIR}/**`, 'media/*.{mp4,webm}', ROUTE_PRELOADS_FILE],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [
        (entries) => ({
          manifest: entries.map((entry) => {
            // A prerendered page is served at its route's path, never at its file's.
            const page = new RegExp(`^${PRERENDERED_DIR}/(.+)\\.html$`).exec(entry.url);
            if (!page) return { ...entry, url: `/${entry.url}` };
            return { ...entry, url: page[1] === 'index' ? '/' : `/${page[1]}` };
          }),
          warnings: [],
        }),
      ],
    },
  });

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), mantineReactId(), routePreloads(), precompress(), prerender(), offlineApp()],
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
