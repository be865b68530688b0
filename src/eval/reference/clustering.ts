/**
 * REFERENCE clustering quality: seeded k-means++ / Lloyd and NMI.
 * SPEC = /work/shared/SPEC.md, section "Evaluation", line 60 (HU's NMI): "k-means (k-means++
 * seeding, seeded, k = number of classes) on the l2-normalised embeddings, then NMI with the
 * arithmetic-mean normalisation (scikit-learn's default)".
 *
 * The k-means procedure is fixed to the last floating-point operation (order of sums, tie rules,
 * random draws) so that a fast implementation can reproduce its assignments bit for bit.
 * Float64, explicit loops, no tfjs.
 */
import { l2NormalizeRows, type Matrix } from '../../ml/reference/linalg';
import { Rng } from '../../data/rng';

/** Squared Euclidean distance `Σ_k (p_k − c_k)²`, summed in coordinate order. */
export function squaredDistance(p: number[], c: number[]): number {
  let s = 0;
  for (let k = 0; k < p.length; k++) {
    const t = p[k] - c[k];
    s += t * t;
  }
  return s;
}

/**
 * k-means with k-means++ seeding (SPEC line 60), returning the cluster index (0 … k−1) of every
 * point. The points are used AS GIVEN (the caller normalises; see {@link clusteringNmi}).
 *
 * Seeding, with `rng = new Rng(seed)` (src/data/rng.ts) and n points:
 * 1. first centre = points[rng.int(n)];
 * 2. each next centre: D²_i = squared distance of point i to its nearest chosen centre (kept as a
 *    running minimum), S = Σ_i D²_i summed in index order, r = rng.next() · S; the new centre is
 *    the FIRST index i whose running sum D²_0 + … + D²_i (same order) is STRICTLY greater than r.
 *    If S = 0 (every point sits on a centre) the index is rng.int(n) instead (duplicate centres
 *    are then possible). If rounding left no running sum above r, the last index with D² > 0 is
 *    taken (a guard; it cannot happen for r < S).
 * Lloyd iterations (at most `maxIter` assignment steps):
 * 3. assign every point to its nearest centre by squared distance, ties → LOWER centre index;
 * 4. if no assignment changed (the first step always counts as a change), stop;
 * 5. recompute every centre as the mean of its points — per coordinate, the sum over its points in
 *    index order divided by their count; a cluster with no point keeps its centre — and go to 3.
 * The assignments of the last step 3 are returned (after `maxIter` steps without convergence too).
 *
 * Requires 1 ≤ k ≤ n (throws otherwise); n = 0 with k = 0 returns []. Centres are copies; the
 * input is not mutated.
 */
export function kmeansPlusPlus(points: Matrix, k: number, seed: number, maxIter = 100): number[] {
  const n = points.length;
  if (n === 0 && k === 0) return [];
  if (!Number.isInteger(k) || k < 1 || k > n) throw new Error(`kmeansPlusPlus: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const dim = points[0].length;
  const rng = new Rng(seed);

  const centres: number[][] = [points[rng.int(n)].slice()];
  const d2 = new Array<number>(n);
  for (let i = 0; i < n; i++) d2[i] = squaredDistance(points[i], centres[0]);
  while (centres.length < k) {
    let S = 0;
    for (let i = 0; i < n; i++) S += d2[i];
    let idx: number;
    if (S === 0) {
      idx = rng.int(n);
    } else {
      const r = rng.next() * S;
      idx = -1;
      let run = 0;
      for (let i = 0; i < n; i++) {
        run += d2[i];
        if (run > r) {
          idx = i;
          break;
        }
      }
      if (idx < 0) for (let i = n - 1; i >= 0; i--) if (d2[i] > 0) { idx = i; break; }
    }
    const c = points[idx].slice();
    centres.push(c);
    for (let i = 0; i < n; i++) {
      const dc = squaredDistance(points[i], c);
      if (dc < d2[i]) d2[i] = dc;
    }
  }

  const assign = new Array<number>(n).fill(-1);
  for (let iter = 0; iter < maxIter; iter++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = squaredDistance(points[i], centres[0]);
      for (let j = 1; j < k; j++) {
        const dj = squaredDistance(points[i], centres[j]);
        if (dj < bestD) {
          bestD = dj;
          best = j;
        }
      }
      if (best !== assign[i]) changed = true;
      assign[i] = best;
    }
    if (!changed) break;
    for (let j = 0; j < k; j++) {
      const sum = new Array<number>(dim).fill(0);
      let count = 0;
      for (let i = 0; i < n; i++) {
        if (assign[i] !== j) continue;
        count++;
        for (let q = 0; q < dim; q++) sum[q] += points[i][q];
      }
      if (count === 0) continue;
      for (let q = 0; q < dim; q++) centres[j][q] = sum[q] / count;
    }
  }
  return assign;
}

/** `−Σ_c (n_c/n) · log(n_c/n)` of a count table (natural log, 0·log 0 = 0). */
function entropyOfCounts(counts: Iterable<number>, n: number): number {
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h;
}

/**
 * Normalised mutual information with the ARITHMETIC-mean normalisation (SPEC line 60;
 * scikit-learn's default `normalized_mutual_info_score(a, b)`):
 * `NMI = MI / ((H(a) + H(b)) / 2)`, `MI = Σ_ij (n_ij/n) · log(n·n_ij / (n_i·n_j))`,
 * `H(a) = −Σ_i (n_i/n) · log(n_i/n)`, natural logs, 0·log 0 = 0 (empty cells are skipped).
 * Label values are compared with `===` and may be any numbers; NMI is symmetric and invariant to
 * renaming the labels of either side.
 *
 * Edge cases, following scikit-learn: both labelings with a single cluster, or both empty → 1.0;
 * otherwise MI is clipped at 0 from below, and MI = 0 → 0.0 (so one single-cluster side against a
 * split side gives 0, never 0/0). No clipping above 1 (rounding may leave 1 ± a few ulp).
 * Lengths must match (throws).
 */
export function nmi(a: number[], b: number[]): number {
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
    for (const [kb, nij] of row) {
      mi += (nij / n) * Math.log((n * nij) / (ca.get(ka)! * cb.get(kb)!));
    }
  }
  if (mi < 0) mi = 0;
  if (mi === 0) return 0.0;
  const ha = entropyOfCounts(ca.values(), n);
  const hb = entropyOfCounts(cb.values(), n);
  return mi / ((ha + hb) / 2);
}

/**
 * Clustering NMI, SPEC line 60: l2-normalise the embeddings (SPEC line 11, ε under the root),
 * run {@link kmeansPlusPlus} with k = the number of DISTINCT labels and the given seed
 * (maxIter = 100), and return `nmi(labels, assignments)`. An empty set gives 1.0 (as
 * {@link nmi} does for two empty labelings).
 */
export function clusteringNmi(emb: Matrix, labels: number[], seed: number): number {
  if (labels.length !== emb.length) throw new Error(`clusteringNmi: ${emb.length} embeddings but ${labels.length} labels`);
  const k = new Set(labels).size;
  const assign = kmeansPlusPlus(l2NormalizeRows(emb), k, seed);
  return nmi(labels, assign);
}
