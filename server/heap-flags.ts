/**
 * V8 heap settings the club server runs with, as `npm start` (package.json) and the desktop app's server
 * process (electron/main.ts) pass them; a test keeps the two the same.
 *
 * A club server is small and mostly waits, but a storm of votes or a thousand members' live connections
 * keeps many objects alive for a second or two. With V8's defaults (16 MiB semi-spaces, an old space that
 * may grow several-fold per collection) those bursts left the process at ~175 MiB resident; with these,
 * at ~140 MiB, for no loss in the benchmark's throughput (README, Performance).
 */
export const SERVER_HEAP_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20'] as const;
