// Small pure helpers the scenarios share: medians, percentiles, and the ratio of two servers' runs.

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile by the nearest-rank method: the smallest value at or above p% of them; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * The median of per-pair ratios: each pair ran the club server and the baseline back to back, so a pair's
 * ratio cancels whatever the machine was doing then, and the median ignores one disturbed pair.
 */
export function medianRatio(pairs: readonly { server: number; baseline: number }[]): number {
  return median(pairs.filter((pair) => pair.baseline > 0).map((pair) => pair.server / pair.baseline));
}
