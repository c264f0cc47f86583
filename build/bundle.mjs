// Compiles the server and the desktop shell to dist/ with esbuild. Packages stay external
// (node_modules is shipped beside dist/), so native modules such as better-sqlite3 load as installed.
import { build } from 'esbuild';
import fs from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

const entries = [
  { in: 'server/main.ts', out: 'dist/server/main.js', format: 'esm' },
  // A restore's checks run in a worker thread (server/club/restore/stage-in-worker.ts).
  { in: 'server/club/restore/restore-worker.ts', out: 'dist/server/restore-worker.js', format: 'esm' },
  { in: 'bench/search.ts', out: 'dist/bench/search.js', format: 'esm' },
  // The benchmark (`npm run bench`) and the bare node:http server it compares reads with.
  { in: 'bench/run.ts', out: 'dist/bench/run.js', format: 'esm' },
  { in: 'bench/bare-http-server.ts', out: 'dist/bench/bare-http-server.js', format: 'esm' },
  { in: 'electron/main.ts', out: 'dist/electron/main.js', format: 'esm' },
  { in: 'electron/server-process.ts', out: 'dist/electron/server-process.js', format: 'esm' },
  // A sandboxed preload must be CommonJS.
  { in: 'electron/preload.ts', out: 'dist/electron/preload.cjs', format: 'cjs' },
];

await Promise.all(
  entries
    .filter((entry) => fs.existsSync(entry.in))
    .map((entry) =>
      build({
        ...common,
        entryPoints: [entry.in],
        outfile: entry.out,
        format: entry.format,
        external: ['electron'],
      }),
    ),
);
