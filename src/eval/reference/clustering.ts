/**
 * REFERENCE clustering quality: seeded k-means (greedy k-means++ seeding, Lloyd steps to scikit-
 * learn's tolerance) and NMI. SPEC = /work/shared/SPEC.md, section "Evaluation", the NMI line:
 * "k-means … as scikit-learn's `KMeans(n_init=10)` with its defaults … then NMI with the
 * arithmetic-mean normalisation". One restart here; the ten and the choice by inertia are the
 * caller's (src/eval/clustering/restarts.ts).
 *
 * The procedure is fixed draw for draw (order of sums, tie rules, random draws), so a fast
 * implementation with the same seed follows it step for step wherever no two distances lie within
 * its rounding of each other (src/eval/clustering/ computes distances from float32 products).
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

/** What {@link kmeans} returns. */
export interface KmeansResult {
  /** Cluster index (0 … k−1) of every point. */
  assign: number[];
  /** Σ_i ‖x_i − c_{assign_i}‖² with the final centres (summed in index order). */
  inertia: number;
  /** Lloyd steps run (assignment + update), at most maxIter. */
  iterations: number;
}

/**
 * k-means as SPEC's NMI line has it — scikit-learn's `KMeans` with its defaults, one restart —
 * on the points AS GIVEN (the caller normalises; see {@link clusteringNmi}), with `rng = new
 * Rng(seed)` (src/data/rng.ts), n points in d dimensions: greedy k-means++ seeding (steps 1–2,
 * {@link seedGreedy}), then Lloyd steps, tol = 1e-4 × the mean over coordinates of the points'
 * (population) variance:
 * 3. assign every point to its nearest centre by squared distance, ties → the LOWER index;
 * 4. every centre = the mean of its points (per coordinate, sums in index order ÷ count); a cluster
 *    left empty is given, in index order, the point farthest from its assigned centre (largest
 *    squared distance, lower index on a tie) among the clusters of ≥ 2 points, which leaves its
 *    cluster (as scikit-learn relocates empty clusters);
 * 5. stop when the assignment equals the previous step's ("strict convergence"; never in the first
 *    step), or when Σ_j ‖new c_j − old c_j‖² ≤ tol, or after maxIter steps;
 * 6. unless strictly converged, assign once more to the final centres (step 3).
 * Requires 1 ≤ k ≤ n (throws otherwise); n = k = 0 gives an empty assignment. The input is not mutated.
 */
export function kmeans(points: Matrix, k: number, seed: number, maxIter = 300): KmeansResult {
  const n = points.length;
  if (n === 0 && k === 0) return { assign: [], inertia: 0, iterations: 0 };
  if (!Number.isInteger(k) || k < 1 || k > n) throw new Error(`kmeans: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const dim = points[0].length;
  const rng = new Rng(seed);
  const centres = seedGreedy(points, k, rng);
  const nearest = (p: number[]) => {
    let best = 0;
    let bestD = squaredDistance(p, centres[0]);
    for (let j = 1; j < k; j++) {
      const dj = squaredDistance(p, centres[j]);
      if (dj < bestD) {
        bestD = dj;
        best = j;
      }
    }
    return best;
  };
  const tol = 1e-4 * meanVariance(points);
  let assign = new Array<number>(n).fill(-1);
  let strict = false;
  let iterations = 0;
  while (iterations < maxIter) {
    iterations++;
    const next = points.map(nearest);
    const same = iterations > 1 && next.every((a, i) => a === assign[i]);
    assign = next;
    let shift = 0;
    const moved = lloydUpdate(points, assign, k, dim, centres.map((c) => c.slice()));
    for (let j = 0; j < k; j++) {
      shift += squaredDistance(moved[j], centres[j]);
      centres[j] = moved[j];
    }
    if (same) {
      strict = true;
      break;
    }
    if (shift <= tol) break;
  }
  if (!strict) assign = points.map(nearest);
  let inertia = 0;
  for (let i = 0; i < n; i++) inertia += squaredDistance(points[i], centres[assign[i]]);
  return { assign, inertia, iterations };
}

/** {@link kmeans}'s assignment alone (maxIter Lloyd steps; 300 by default, scikit-learn's). */
export function kmeansPlusPlus(points: Matrix, k: number, seed: number, maxIter = 300): number[] {
  return kmeans(points, k, seed, maxIter).assign;
}

/**
 * Steps 1–2 of {@link kmeans}: the k centres of greedy k-means++ (copies of points), L = 2 + ⌊ln k⌋
 * candidates per new centre:
 * 1. first centre = points[rng.int(n)]; D²_i = squared distance of point i to it; pot = Σ_i D²_i.
 * 2. each next centre: the running sums C_i = D²_0 + … + D²_i (index order); L candidates, each the
 *    FIRST index i with C_i > r for r = rng.next() · pot (drawn in turn; if rounding left no C_i
 *    above r, the last index with D² > 0; if pot = 0, rng.int(n)); each candidate's potential
 *    Σ_i min(D²_i, ‖x_i − x_cand‖²); the candidate of lowest potential (the first on a tie) is the
 *    new centre, D² the minimum with its distances, pot its potential.
 */
function seedGreedy(points: Matrix, k: number, rng: Rng): number[][] {
  const n = points.length;
  const trials = 2 + Math.floor(Math.log(k));
  const centres: number[][] = [points[rng.int(n)].slice()];
  let d2 = points.map((p) => squaredDistance(p, centres[0]));
  let pot = d2.reduce((s, v) => s + v, 0);
  while (centres.length < k) {
    const run: number[] = [];
    let sum = 0;
    for (let i = 0; i < n; i++) run.push((sum += d2[i]));
    let best: { idx: number; pot: number; d2: number[] } | null = null;
    for (let l = 0; l < trials; l++) {
      let idx = -1;
      if (pot === 0) idx = rng.int(n);
      else {
        const r = rng.next() * pot;
        idx = run.findIndex((c) => c > r);
        if (idx < 0) for (let i = n - 1; i >= 0 && idx < 0; i--) if (d2[i] > 0) idx = i;
      }
      const next = points.map((p, i) => Math.min(d2[i], squaredDistance(p, points[idx])));
      let candPot = 0;
      for (let i = 0; i < n; i++) candPot += next[i];
      if (best === null || candPot < best.pot) best = { idx, pot: candPot, d2: next };
    }
    centres.push(points[best!.idx].slice());
    d2 = best!.d2;
    pot = best!.pot;
  }
  return centres;
}

/** Step 4 of {@link kmeans}: the means of the clusters, empty ones relocated; `old` = the centres assigned to. */
function lloydUpdate(points: Matrix, assign: number[], k: number, dim: number, old: number[][]): number[][] {
  const sums = Array.from({ length: k }, () => new Array<number>(dim).fill(0));
  const counts = new Array<number>(k).fill(0);
  points.forEach((p, i) => {
    counts[assign[i]]++;
    for (let t = 0; t < dim; t++) sums[assign[i]][t] += p[t];
  });
  const taken = new Set<number>();
  for (let j = 0; j < k; j++) {
    if (counts[j] > 0) continue;
    let far = -1;
    let farD = -1;
    points.forEach((p, i) => {
      if (taken.has(i) || counts[assign[i]] < 2) return;
      const dd = squaredDistance(p, old[assign[i]]);
      if (dd > farD) {
        farD = dd;
        far = i;
      }
    });
    if (far < 0) continue; // no cluster can spare a point: the centre stays
    taken.add(far);
    const from = assign[far];
    counts[from]--;
    for (let t = 0; t < dim; t++) sums[from][t] -= points[far][t];
    counts[j] = 1;
    sums[j] = points[far].slice();
  }
  return sums.map((s, j) => (counts[j] > 0 ? s.map((v) => v / counts[j]) : old[j]));
}

/** Mean over coordinates of the points' population variance (scikit-learn's tolerance scale). */
export function meanVariance(points: Matrix): number {
  const n = points.length;
  if (n === 0) return 0;
  const dim = points[0].length;
  let total = 0;
  for (let t = 0; t < dim; t++) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += points[i][t];
    mean /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (points[i][t] - mean) ** 2;
    total += v / n;
  }
  return total / dim;
}

/** `−Σ_c (n_c/n) · log(n_c/n)` of a count table (natural log, 0·log 0 = 0). */
function entropyOfCounts(counts: Iterable<number>, n: number): number {
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h;
}

/**
 * Normalised mutual information with the ARITHMETIC-mean normalisation (SPEC's NMI line;
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
 * Clustering NMI, SPEC's NMI line: l2-normalise the embeddings (SPEC line 11, ε under the root),
 * run {@link kmeans} with k = the number of DISTINCT labels and the given seed, and return `nmi(labels, assignments)`. An empty set gives 1.0 (as
 * {@link nmi} does for two empty labelings).
 */
export function clusteringNmi(emb: Matrix, labels: number[], seed: number): number {
  if (labels.length !== emb.length) throw new Error(`clusteringNmi: ${emb.length} embeddings but ${labels.length} labels`);
  const k = new Set(labels).size;
  const assign = kmeansPlusPlus(l2NormalizeRows(emb), k, seed);
  return nmi(labels, assign);
}
