import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,server,renderer,electron,build}/**/*.test.{ts,tsx}'],
    // The lint's fixture trees hold files named like tests (a test importing its support) that are read, not run.
    exclude: [...configDefaults.exclude, 'build/fixtures/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each file gets a fresh module graph; API tests start their own server on port 0.
    pool: 'forks',
    // One file per core. Vitest's default leaves one core for itself, which on a two-core machine runs the
    // files one at a time, though most of them wait on servers, sockets and timers rather than compute.
    maxWorkers: os.availableParallelism(),
  },
});
