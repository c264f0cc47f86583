import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const TEST_FOLDERS = ['shared', 'server', 'renderer', 'electron', 'build'];
const TEST_FILE = /\.test\.tsx?$/;
// The lint's fixture trees hold files named like tests (a test importing its support) that are read, not run.
const exclude = [...configDefaults.exclude, 'build/fixtures/**'];

/**
 * The test files that replace a module for the whole file (`vi.mock`). Such a mock is part of the file's
 * module graph, so these files get a graph of their own; every other file shares its worker's graph with
 * the files before it, which spares loading the server and its packages again for each of 150 files
 * (about half of the suite's CPU time, measured 2026-11-27).
 */
const filesThatMockModules = TEST_FOLDERS.flatMap((folder) =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file))
    .map((file) => path.join(folder, file).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('build/fixtures/') && /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8'))),
);

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Files run one after another in a worker that may share their modules: what a test changes for itself
    // (a spy, a stubbed global or environment variable) is undone after it.
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // And fake timers go back to real ones (build/vitest-setup.ts).
    setupFiles: ['build/vitest-setup.ts'],
    // API tests start their own server on port 0, on their own data folder.
    pool: 'forks',
    // One file per core. Vitest's default leaves one core for itself, which on a two-core machine runs the
    // files one at a time, though most of them wait on servers, sockets and timers rather than compute.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared graph',
          include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [...exclude, ...filesThatMockModules],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own graph', include: filesThatMockModules.length ? filesThatMockModules : ['<none>'], exclude, isolate: true },
      },
    ],
  },
});
