/**
 * V8 heap settings the club server runs with, as `npm start` (package.json) and the desktop app's server
 * process (electron/main.ts) pass them; a test keeps the two the same.
 *
 * A club server is small and mostly waits, but a storm of votes or a thousand members' live connections
 * keeps many objects alive for a second or two. With V8's defaults (16 MiB semi-spaces, an old space that
 * may grow several-fold per collection) those bursts left the process at ~175 MiB resident; with an
 * old space that grows by a fifth, ~140 MiB (README, Performance). The young generation is 2 MiB a
 * semi-space: its two halves are resident once a burst has filled them, and at 8 MiB they were 8-12 MiB
 * more of the peak (1,000 members, the four hot reads at 64 connections: 137-141 against 125-130 MiB)
 * with no difference in CPU time per answer beyond the runs' own spread (±20% on a shared machine); at
 * 1 MiB, the 200-post discussion and the member list took 10-30% more CPU per answer.
 *
 * --expose-gc lets a backup's worker thread collect the garbage of its reads as it goes (club-worker.ts):
 * without it a backup of a 155 MB club held some 40 MB of spent buffers at its peak.
 *
 * --v8-pool-size=1: one thread for V8's background work (concurrent marking, sweeping, compiling) rather
 * than four, each with memory of its own (its stack, its malloc arena): the 1,000-member club's peak, the
 * storm and live clients without seeding's reads, 145.5 against 151.5 MiB. A club server runs on a
 * laptop or a small host, with two or four cores that the members' requests want as much.
 */
export const SERVER_HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=20', '--expose-gc', '--v8-pool-size=1'] as const;
