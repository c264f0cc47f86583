import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The chunks whose files keep their names (see chunkFileNames below). */
const NAMED_CHUNKS = new Set(['shell', 'LanguageChooser', 'BookListPage']);

/**
 * The API client needs only each route's method and path (lib/api-routes.ts); the contract it would
 * import for them carries every schema and zod. In a build that module is replaced by the table itself,
 * computed from the same contract (read with Vite's module runner). The dev server keeps the module.
 */
function apiRoutesAtBuild(): Plugin {
  const apiRoutes = fileURLToPath(new URL('./lib/api-routes.ts', import.meta.url));
  let code: string | undefined;
  return {
    name: 'bookclub:api-routes-at-build',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (id.split('?')[0] !== apiRoutes) return null;
      code ??= await (async () => {
        const { module } = await runnerImport<typeof import('./lib/api-routes')>(apiRoutes, { configFile: false, logLevel: 'error' });
        return `export const API_TARGETS = ${JSON.stringify(module.API_TARGETS)};\n`;
      })();
      return code;
    },
  };
}

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll only for the class name its scroll
 * lock offsets ("right-scroll-bar-position"), which pulls the whole lock (react-remove-scroll, its sidecar,
 * style singleton and tslib, ~4 kB gzip) into the first page. For those three modules alone it is replaced
 * by the class names themselves, read from the library's own constants; the lock is left to the modals that
 * use it (ModalBase imports the real module), and its classes stay the ones it looks for.
 * build/renderer-substitutions.test.ts checks this and the two below against the installed versions.
 */
function appShellScrollClassNames(): Plugin {
  const id = '\0bookclub:app-shell-remove-scroll';
  const appShell = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
  return {
    name: 'bookclub:app-shell-scroll-class-names',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'react-remove-scroll' && importer && appShell.test(importer) ? id : null;
    },
    load(loaded) {
      if (loaded !== id) return null;
      return [
        "import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';",
        'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
        '',
      ].join('\n');
    },
  };
}

/**
 * react-i18next imports useSyncExternalStore from use-sync-external-store/shim, a CommonJS stand-in for
 * React before 18 that answers React's own hook whenever React has one, as React 19 always does. The build
 * takes the hook from React directly, without the stand-in and its CommonJS wrapper.
 */
function syncExternalStoreFromReact(): Plugin {
  const id = '\0bookclub:use-sync-external-store-shim';
  return {
    name: 'bookclub:sync-external-store-from-react',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'use-sync-external-store/shim' ? id : null;
    },
    load(loaded) {
      return loaded === id ? "export { useSyncExternalStore } from 'react';\n" : null;
    },
  };
}

/**
 * react-router's package names only its development build, whose one difference from the production build
 * beside it (dist/production) is ENABLE_DEV_WARNINGS: console warnings for mistakes in route tables (a
 * descendant <Routes> under a path without "*", no route matching, a leaf route without an element) and
 * the data routers' default error page, which this app has none of. The build takes the production file of
 * whatever it resolves, when the package has one.
 */
function reactRouterProductionBuild(): Plugin {
  const development = /([\\/]react-router[\\/]dist[\\/])development([\\/])/;
  return {
    name: 'bookclub:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !development.test(resolved.id)) return resolved;
      const production = resolved.id.replace(development, '$1production$2');
      return existsSync(production.split('?')[0]!) ? { ...resolved, id: production } : resolved;
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: scripts, styles, and text formats. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|map|wasm)$/;

/**
 * Beside every hashed asset (assets/), its brotli (quality 11) and gzip (level 9) copies, `file.br` and
 * `file.gz`, made once here so the server can send them to a browser that accepts them instead of
 * compressing each answer. A copy that is not smaller than the file is not written; index.html is left
 * alone (it is not hashed, and the server answers it fresh).
 */
function precompressAssets(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'bookclub:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir!;
      const files = Object.keys(bundle).filter((file) => file.startsWith(`${assetsDir}/`) && COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.readFile(full);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${full}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), apiRoutesAtBuild(), appShellScrollClassNames(), syncExternalStoreFromReact(), reactRouterProductionBuild(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Browsers without <link rel="modulepreload"> still load every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page's script lists every chunk a page may need (to preload them together): a chunk's
        // name there is bytes of the first download, and the hashes compress worst. A chunk is named by its
        // hash alone (8 characters): some 700 bytes gzip fewer than `[name]-[hash:7]` with 110 chunks. The
        // first page's own file keeps its name (index.html alone lists it), and so do the two chunks browser
        // tests hold back or take away: the language menu's (on-demand) and the books page's (upgrade, focus).
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash:7].js' : 'assets/[hash:8].js'),
        codeSplitting: {
          groups: [
            // What the first page needs (main.tsx and everything it imports statically) is one file:
            // one request, compressed as a whole. Pages and what only they use load on demand.
            { name: 'shell', test: /renderer[\\/]main\.tsx$/, priority: 2 },
            // The icons only pages use, together rather than one tiny file each.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `vite --config renderer/vite.config.ts` for live reload against a running club server.
    proxy: {
      '/api': 'http://localhost:8080',
      '/images': 'http://localhost:8080',
      '/hubs': { target: 'http://localhost:8080', ws: true },
    },
  },
});
