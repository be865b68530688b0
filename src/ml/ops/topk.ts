/**
 * How many negatives the mining losses keep: k = ceil(ρ·n) (SPEC: SNM and CENM), with float noise
 * removed first — when ρ·n lies within 1e-9·max(1, n) of an integer it is that integer — and
 * clamped to [1, n] for n > 0. The float64 reference (`reference/crossExample.ts`) states the same
 * rule independently; a test checks the two agree.
 */
export function topKCount(rho: number, n: number): number {
  if (!(rho > 0 && rho <= 1)) throw new Error(`ρ must be in (0, 1], got ${rho}`);
  if (n <= 0) return 0;
  const v = rho * n;
  const nearest = Math.round(v);
  const k = Math.abs(v - nearest) <= 1e-9 * Math.max(1, n) ? nearest : Math.ceil(v);
  return Math.min(n, Math.max(1, k));
}

/** k_i for every row, from the rows' negative counts. */
export function rowTopKCounts(rho: number, rowCount: Int32Array): Int32Array {
  return rowCount.map((n) => topKCount(rho, n));
}
