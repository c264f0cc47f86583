import { afterEach, vi } from 'vitest';

// Files share their worker's modules and globals (vitest.config.ts): a test that turns fake timers on and
// forgets to turn them off would stop every timer of the server tests that run after it. Off after each test.
afterEach(() => {
  vi.useRealTimers();
});
