// The benchmark's own unit tests (its pure helpers), apart from `npm test`:
//   npx vitest run -c bench/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: { include: ['bench/**/*.test.ts'], environment: 'node' },
});
