/**
 * Seeded k-means++ / Lloyd and NMI for the clustering metric (SPEC "Evaluation", NMI), on typed
 * arrays. It reproduces the reference (./reference/clustering.ts) to the last floating-point
 * operation: the same Rng draws, squared distances summed in coordinate order, D² sums and running
 * sums in index order, ties → lower centre index, centres = per-coordinate sums in index order
 * divided by the count, an empty cluster keeps its centre, stop when no assignment changes or
 * after maxIter assignment steps. Only the bookkeeping is faster (flat arrays, one pass to
 * accumulate all centre sums instead of one pass per centre — the per-coordinate order of the
 * additions is the same).
 */
import { Rng } from '../data/rng';

/** Σ_t (p_t − c_t)², in coordinate order. */
function sqDist(p: ArrayLike<number>, po: number, c: Float64Array, co: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const v = p[po + t] - c[co + t];
    s += v * v;
  }
  return s;
}

/**
 * Cluster index (0 … k−1) of each of n points (row-major n×d, used as given — normalise first).
 * Requires 1 ≤ k ≤ n (throws otherwise); n = k = 0 gives an empty array.
 */
export function kmeansPlusPlus(points: Float32Array | Float64Array, n: number, d: number, k: number, seed: number, maxIter = 100): Int32Array {
  if (n === 0 && k === 0) return new Int32Array(0);
  if (!Number.isInteger(k) || k < 1 || k > n) throw new Error(`kmeansPlusPlus: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const rng = new Rng(seed);
  const centres = new Float64Array(k * d);
  const setCentre = (j: number, i: number) => {
    for (let t = 0; t < d; t++) centres[j * d + t] = points[i * d + t];
  };
  setCentre(0, rng.int(n));
  const d2 = new Float64Array(n);
  for (let i = 0; i < n; i++) d2[i] = sqDist(points, i * d, centres, 0, d);
  for (let j = 1; j < k; j++) {
    let S = 0;
    for (let i = 0; i < n; i++) S += d2[i];
    let idx = -1;
    if (S === 0) idx = rng.int(n);
    else {
      const r = rng.next() * S;
      let run = 0;
      for (let i = 0; i < n; i++) {
        run += d2[i];
        if (run > r) {
          idx = i;
          break;
        }
      }
      if (idx < 0) {
        for (let i = n - 1; i >= 0; i--) {
          if (d2[i] > 0) {
            idx = i;
            break;
          }
        }
      }
    }
    setCentre(j, idx);
    for (let i = 0; i < n; i++) {
      const dc = sqDist(points, i * d, centres, j * d, d);
      if (dc < d2[i]) d2[i] = dc;
    }
  }

  const assign = new Int32Array(n).fill(-1);
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let iter = 0; iter < maxIter; iter++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = sqDist(points, i * d, centres, 0, d);
      for (let j = 1; j < k; j++) {
        const dj = sqDist(points, i * d, centres, j * d, d);
        if (dj < bestD) {
          bestD = dj;
          best = j;
        }
      }
      if (best !== assign[i]) changed = true;
      assign[i] = best;
    }
    if (!changed) break;
    sums.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const j = assign[i];
      counts[j]++;
      for (let t = 0; t < d; t++) sums[j * d + t] += points[i * d + t];
    }
    for (let j = 0; j < k; j++) {
      if (counts[j] === 0) continue;
      for (let t = 0; t < d; t++) centres[j * d + t] = sums[j * d + t] / counts[j];
    }
  }
  return assign;
}

/**
 * NMI with the arithmetic-mean normalisation (scikit-learn's default), the reference's `nmi`
 * with its edge cases: both sides one cluster (or both empty) → 1; MI clipped at 0, MI = 0 → 0.
 * The sums run over the contingency cells in the reference's order (first appearance of a's
 * value, then of b's value within it), so the result is bit-identical.
 */
export function nmi(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (b.length !== n) throw new Error(`nmi: lengths differ (${n} vs ${b.length})`);
  const ca = new Map<number, number>();
  const cb = new Map<number, number>();
  const cab = new Map<number, Map<number, number>>();
  for (let i = 0; i < n; i++) {
    ca.set(a[i], (ca.get(a[i]) ?? 0) + 1);
    cb.set(b[i], (cb.get(b[i]) ?? 0) + 1);
    let row = cab.get(a[i]);
    if (!row) cab.set(a[i], (row = new Map()));
    row.set(b[i], (row.get(b[i]) ?? 0) + 1);
  }
  if ((ca.size === 1 && cb.size === 1) || (ca.size === 0 && cb.size === 0)) return 1.0;
  let mi = 0;
  for (const [ka, row] of cab) {
    for (const [kb, nij] of row) mi += (nij / n) * Math.log((n * nij) / (ca.get(ka)! * cb.get(kb)!));
  }
  if (mi < 0) mi = 0;
  if (mi === 0) return 0.0;
  const entropy = (counts: Iterable<number>): number => {
    let h = 0;
    for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
    return h;
  };
  return mi / ((entropy(ca.values()) + entropy(cb.values())) / 2);
}
