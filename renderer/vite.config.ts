import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  root,
  plugins: [react(), apiRoutesAtBuild()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Browsers without <link rel="modulepreload"> still load every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
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
