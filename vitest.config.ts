import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,server,renderer,electron,build}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each file gets a fresh module graph; API tests start their own server on port 0.
    pool: 'forks',
  },
});
