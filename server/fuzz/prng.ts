/**
 * A tiny seeded PRNG (mulberry32), so every fuzz run with the same seed sends the same requests and a
 * failure can name its seed and be replayed.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` items in a random order, each at most once. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function mulberry32(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[int(items.length)]!;
    },
    sample: (items, count) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

/** A 32-bit FNV-1a hash: derives a route's own seed from the run's seed and the route's name. */
export function hashSeed(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}
