import react from '@vitejs/plugin-react';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

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
  plugins: [react(), apiRoutesAtBuild(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Browsers without <link rel="modulepreload"> still load every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page's script lists every chunk a page may need (to preload them together), and the
        // hashes are what compresses worst in it: 7 characters instead of 8 take ~100 bytes off the first
        // download. Rolldown refuses a hash too short for the number of chunks, so it can never collide.
        chunkFileNames: 'assets/[name]-[hash:7].js',
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
