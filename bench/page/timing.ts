/** Timing helpers for the benchmark page. */

/** Median of a list of numbers. */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `once` (which must await its own result, so GPU work is finished) `warmup` times untimed,
 * then until `reps` timings or `budgetMs` have passed (at least 3), and returns the median in ms.
 */
export async function timeMedian(once: () => Promise<void>, opts: { warmup?: number; reps?: number; budgetMs?: number } = {}): Promise<{ ms: number; runs: number }> {
  const { warmup = 1, reps = 7, budgetMs = 20_000 } = opts;
  for (let i = 0; i < warmup; i++) await once();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < reps && (times.length < 3 || performance.now() - start < budgetMs)) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), runs: times.length };
}
