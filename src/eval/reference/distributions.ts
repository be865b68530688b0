/**
 * REFERENCE per-query score distributions. SPEC = /work/shared/SPEC.md, section "Evaluation",
 * line 53 (CE Fig. 4 right). Float64, explicit loops, full sorts, no tfjs.
 */
import { cosineMatrix, type Matrix } from '../../ml/reference/linalg';

/**
 * Percentile p ∈ [0, 100] of `values` with LINEAR interpolation between order statistics
 * (numpy's default `np.percentile(values, p)`, method 'linear'): with v sorted ascending,
 * h = (p/100)·(m − 1), a = v[⌊h⌋], b = v[⌈h⌉], t = h − ⌊h⌋, the value is `a + (b − a)·t`, evaluated
 * as numpy's `_lerp` does it: `b − (b − a)·(1 − t)` when t ≥ 0.5 (same value, other rounding).
 * Empty → NaN.
 */
export function percentileLinear(values: number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new Error(`percentileLinear: p must be in [0, 100], got ${p}`);
  const m = values.length;
  if (m === 0) return NaN;
  const v = values.slice().sort((x, y) => x - y);
  const h = (p / 100) * (m - 1);
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = v[lo];
  const b = v[hi];
  const t = h - lo;
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

/**
 * Score distributions, SPEC line 53: for each query q (an index into `emb`), `perQuery[i][k]` =
 * the number of OTHER items j ≠ q (q itself excluded; duplicates of q's vector count) whose
 * cosine with q (l2-normalised, SPEC lines 11–12) falls in bin k of `bins` equal bins over
 * [−1, 1]; `p5[k]`, `p95[k]` = the 5th and 95th percentile of bin k across the queries
 * ({@link percentileLinear}, numpy's default linear interpolation).
 *
 * Binning: `edges[k] = (2·k)/bins − 1` (bins + 1 edges, edges[bins] = 1); a cosine c goes to bin
 * `floor((c + 1)/2 · bins)` clamped to [0, bins − 1] — so c = 1 (and a few ulp above, from
 * rounding) lands in the last bin, c ≤ −1 in the first — the same rule as the engine's
 * `cosineBin` (src/eval/pairs/pairHistograms.ts).
 *
 * Choices SPEC leaves open: the queries are given by the caller (SPEC's Q = 200 sampled queries is
 * the caller's choice of indices; repeats are allowed and count as separate queries). `labels` is
 * only checked for length: SPEC's distribution counts all neighbours, positive or negative. With
 * no query, p5 and p95 are NaN in every bin.
 */
export function scoreDistributions(
  emb: Matrix,
  labels: number[],
  queries: number[],
  bins = 100,
): { edges: number[]; perQuery: number[][]; p5: number[]; p95: number[] } {
  const n = emb.length;
  if (labels.length !== n) throw new Error(`scoreDistributions: ${n} embeddings but ${labels.length} labels`);
  if (!Number.isInteger(bins) || bins < 1) throw new Error(`scoreDistributions: bad bin count ${bins}`);
  for (const q of queries) {
    if (!Number.isInteger(q) || q < 0 || q >= n) throw new Error(`scoreDistributions: bad query index ${q}`);
  }
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins - 1);
  const C = cosineMatrix(queries.map((q) => emb[q]), emb);
  const perQuery: number[][] = [];
  for (let i = 0; i < queries.length; i++) {
    const row = new Array<number>(bins).fill(0);
    for (let j = 0; j < n; j++) {
      if (j === queries[i]) continue;
      let k = Math.floor(((C[i][j] + 1) / 2) * bins);
      if (k < 0) k = 0;
      if (k > bins - 1) k = bins - 1;
      row[k]++;
    }
    perQuery.push(row);
  }
  const p5: number[] = [];
  const p95: number[] = [];
  for (let k = 0; k < bins; k++) {
    const col = perQuery.map((row) => row[k]);
    p5.push(percentileLinear(col, 5));
    p95.push(percentileLinear(col, 95));
  }
  return { edges, perQuery, p5, p95 };
}
