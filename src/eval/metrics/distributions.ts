/**
 * Per-query score distributions (SPEC "Evaluation", CE Fig. 4 right), on typed arrays, matching the
 * reference (../reference/distributions.ts) exactly: for each query q, the number of OTHER items
 * (q itself excluded) per cosine bin over [−1, 1] (bin rule of `cosineBin`), and the 5th / 95th
 * percentile of each bin across the queries with numpy's linear interpolation.
 * Cosines as everywhere else: rows normalised by `normaliseRows`, float64 dots in order.
 */
import { normaliseRows } from '../pairs/accumulate';

/** numpy's default percentile (linear; `_lerp` rounding), the reference's `percentileLinear`; sorts `v` in place. */
export function percentileLinearInPlace(v: Float64Array, p: number): number {
  if (!(p >= 0 && p <= 100)) throw new Error(`percentileLinear: p must be in [0, 100], got ${p}`);
  const m = v.length;
  if (m === 0) return NaN;
  v.sort();
  const h = (p / 100) * (m - 1);
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = v[lo];
  const b = v[hi];
  const t = h - lo;
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

export interface ScoreDistributions {
  /** bins + 1 cosine edges, (2k)/bins − 1. */
  edges: number[];
  /** perQuery[i][k]: neighbours of query i in bin k. */
  perQuery: number[][];
  p5: number[];
  p95: number[];
}

/** Score distributions of the given query indices (repeats count as separate queries). */
export function scoreDistributions(
  emb: Float32Array,
  labels: ArrayLike<number>,
  n: number,
  d: number,
  queries: Int32Array,
  bins = 100,
  unit?: Float64Array,
): ScoreDistributions {
  if (labels.length < n) throw new Error(`scoreDistributions: ${n} embeddings but ${labels.length} labels`);
  if (!Number.isInteger(bins) || bins < 1) throw new Error(`scoreDistributions: bad bin count ${bins}`);
  for (const q of queries) if (!(q >= 0 && q < n)) throw new Error(`scoreDistributions: bad query index ${q}`);
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins - 1);
  const x = unit ?? normaliseRows(emb, n, d);
  const half = bins / 2;
  const perQuery: number[][] = [];
  for (const q of queries) {
    const row = new Array<number>(bins).fill(0);
    const oq = q * d;
    for (let j = 0; j < n; j++) {
      if (j === q) continue;
      const oj = j * d;
      let s = 0;
      for (let t = 0; t < d; t++) s += x[oq + t] * x[oj + t];
      let k = Math.floor((s + 1) * half);
      if (k < 0) k = 0;
      if (k > bins - 1) k = bins - 1;
      row[k]++;
    }
    perQuery.push(row);
  }
  const p5: number[] = [];
  const p95: number[] = [];
  const col = new Float64Array(queries.length);
  for (let k = 0; k < bins; k++) {
    for (let i = 0; i < queries.length; i++) col[i] = perQuery[i][k];
    p5.push(percentileLinearInPlace(col, 5));
    p95.push(percentileLinearInPlace(col, 95));
  }
  return { edges, perQuery, p5, p95 };
}
