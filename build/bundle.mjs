// Compiles the server and the desktop shell to dist/ with esbuild.
//
// The club server's entries carry their packages inside the bundle: a club starts in about 0.75 s instead of
// 1.2 s (2026-11-27, this two-core machine), since Node no longer resolves, reads and compiles some 1,500
// package files one by one, nor scans the CommonJS ones for their exports. A few packages stay outside, in
// node_modules, which is shipped beside dist/: native modules (better-sqlite3, sharp) load as installed or
// rebuilt for Electron; swagger-ui-dist serves files from its own folder; esbuild (a dev dependency) is only
// imported when the server runs from its sources; and TypeORM's drivers for other databases are never loaded.
import { build } from 'esbuild';
import fs from 'node:fs';
import { latin1Source } from './latin1-source.mjs';

const KEPT_OUTSIDE = ['better-sqlite3', 'sharp', 'swagger-ui-dist', 'esbuild', 'electron'];
// TypeORM's other drivers and the optional native speed-ups of ws: required only when asked for, and absent.
const NEVER_LOADED = [
  'mysql',
  'mysql2',
  'pg',
  'pg-native',
  'pg-query-stream',
  'oracledb',
  'mssql',
  'mongodb',
  'sql.js',
  'sqlite3',
  'redis',
  'ioredis',
  'react-native-sqlite-storage',
  '@sap/hana-client',
  '@sap/hana-client/extension/Stream',
  'hdb-pool',
  'typeorm-aurora-data-api-driver',
  '@google-cloud/spanner',
  'expo-sqlite',
  '@capacitor-community/sqlite',
  'nativescript-sqlite',
  'sqlite',
  'bufferutil',
  'utf-8-validate',
];

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

/**
 * Packages bundled in: CommonJS ones among them require Node's own modules, through a `require` of this file.
 * Without whitespace or comments: Node keeps a module's source in memory, and V8 an array of its line ends
 * once a stack trace is made, so the server's 7.9 MB of 196,000 lines took 3.7 MiB more at start than its
 * 5.5 MB of 900 (2026-11-28). Names stay: a stack trace still names each function, and the source map
 * beside the bundle (`node --enable-source-maps`) gives its file and line.
 */
const withPackages = {
  minifyWhitespace: true,
  external: [...KEPT_OUTSIDE, ...NEVER_LOADED],
  banner: { js: "import { createRequire as __bookclubCreateRequire } from 'node:module'; const require = __bookclubCreateRequire(import.meta.url);" },
};
const packagesOutside = { packages: 'external', external: ['electron'] };

const entries = [
  { in: 'server/main.ts', out: 'dist/server/main.js', format: 'esm', ...withPackages },
  // A restore's checks and a backup run in worker threads (server/club/club-worker.ts).
  { in: 'server/club/restore/restore-worker.ts', out: 'dist/server/restore-worker.js', format: 'esm', ...withPackages },
  { in: 'server/club/backup/backup-worker.ts', out: 'dist/server/backup-worker.js', format: 'esm', ...withPackages },
  // Pages from other sites (shelves, a Goodreads book page) are read in a worker thread (server/page-reader.ts).
  { in: 'server/page-reader-worker.ts', out: 'dist/server/page-reader-worker.js', format: 'esm', ...withPackages },
  { in: 'bench/search.ts', out: 'dist/bench/search.js', format: 'esm' },
  // The benchmark (`npm run bench`) and the bare node:http server it compares reads with.
  { in: 'bench/run.ts', out: 'dist/bench/run.js', format: 'esm' },
  { in: 'bench/bare-http-server.ts', out: 'dist/bench/bare-http-server.js', format: 'esm' },
  { in: 'electron/main.ts', out: 'dist/electron/main.js', format: 'esm' },
  { in: 'electron/server-process.ts', out: 'dist/electron/server-process.js', format: 'esm', ...withPackages },
  // A sandboxed preload must be CommonJS.
  { in: 'electron/preload.ts', out: 'dist/electron/preload.cjs', format: 'cjs' },
];

await Promise.all(
  entries
    .filter((entry) => fs.existsSync(entry.in))
    .map(async (entry) => {
      await build({
        ...common,
        ...(entry.external ? {} : packagesOutside),
        entryPoints: [entry.in],
        outfile: entry.out,
        format: entry.format,
        external: entry.external ?? packagesOutside.external,
        banner: entry.banner,
        minifyWhitespace: entry.minifyWhitespace ?? false,
      });
      const text = fs.readFileSync(entry.out, 'utf8');
      const latin1 = latin1Source(text);
      if (latin1 !== text) fs.writeFileSync(entry.out, latin1);
    }),
);
