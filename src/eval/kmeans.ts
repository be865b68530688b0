/**
 * Seeded k-means++ / Lloyd and NMI for the clustering metric (SPEC "Evaluation", NMI), on typed
 * arrays, and the SPEC's 10 seeded restarts keeping the clustering of lowest inertia
 * ({@link kmeansBest}, scikit-learn's `KMeans(n_init=10)`).
 *
 * {@link kmeansPlusPlus} reproduces the reference (./reference/clustering.ts) to the last
 * floating-point operation: the same Rng draws, squared distances summed in coordinate order, D²
 * sums and running sums in index order, ties → lower centre index, centres = per-coordinate sums in
 * index order divided by the count, an empty cluster keeps its centre, stop when no assignment
 * changes or after maxIter assignment steps. Only the work is less:
 * - every squared distance it does compute is summed exactly as the reference sums it (point
 *   minus centre, squared, added in coordinate order), four distances at a time in independent
 *   sums (instruction-level parallelism; each sum's order unchanged);
 * - distances that provably cannot change the outcome are not computed (triangle inequality):
 *   in the seeding, a new centre c is not compared with point i when ‖c − c_near(i)‖ ≥ 2·D_i (then
 *   ‖x_i − c‖ ≥ D_i and the running minimum stays); in Lloyd's steps, Elkan's bounds (up to
 *   n·k = 8M: a lower bound per point and centre, lowered by the centre's moves) or else
 *   Hamerly's (one lower bound per point), with an upper bound on the distance to the assigned
 *   centre and half the distances between centres, keep a point's assignment, or rule a centre
 *   out, without computing the distances when they prove it. Every bound is widened by a relative
 *   1e-9 and an absolute 1e-9 × the data's diameter — many orders of magnitude above the rounding
 *   of float64 sums over d ≤ 10⁴ coordinates — so a skipped distance is one whose computed value
 *   could not have been smaller than (nor tied with) the one kept; near-ties always go to the full
 *   computation;
 * - a cluster whose members did not change keeps its centre (the update would give it the same
 *   numbers), so only changed clusters are summed again and only their distances recomputed.
 * The assignments are therefore bit-for-bit the reference's (kmeans.test.ts checks it on float32
 * and float64 points, grids with exact ties, many seeds, both bound schemes).
 *
 * Measured in Node on this shared 2-core machine: one run on 8,000 × 128 with k = 200 ~0.65 s
 * (was 3.8 s), so {@link kmeansBest}'s 10 restarts ~6 s.
 */
import { Rng } from '../data/rng';

/** Relative widening of every triangle-inequality bound (see the file comment). */
const REL = 1e-9;

/** The points as a Float64Array (a copy for float32 input: the values are the same numbers). */
const asF64 = (p: Float32Array | Float64Array, len: number): Float64Array =>
  p instanceof Float64Array ? p : Float64Array.from(p.subarray(0, len));

/** Σ_t (p_t − c_t)², in coordinate order. */
function sqDist(p: Float64Array, po: number, c: Float64Array, co: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const v = p[po + t] - c[co + t];
    s += v * v;
  }
  return s;
}

/** The index of the smallest of `dist[0 … k−1]`, the lower index on a tie (as the reference assigns). */
function nearestIndex(dist: ArrayLike<number>, k: number): number {
  let best = 0;
  for (let j = 1; j < k; j++) if (dist[j] < dist[best]) best = j;
  return best;
}

/**
 * Squared distances of point `po` to centres j0 … j1−1 into out[j0 …], each summed as
 * {@link sqDist} sums it, four centres at a time.
 */
function distancesToCentres(p: Float64Array, po: number, c: Float64Array, j0: number, j1: number, d: number, out: Float64Array): void {
  let j = j0;
  for (; j + 4 <= j1; j += 4) {
    const c0 = j * d;
    const c1 = c0 + d;
    const c2 = c1 + d;
    const c3 = c2 + d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let t = 0; t < d; t++) {
      const x = p[po + t];
      const v0 = x - c[c0 + t];
      const v1 = x - c[c1 + t];
      const v2 = x - c[c2 + t];
      const v3 = x - c[c3 + t];
      s0 += v0 * v0;
      s1 += v1 * v1;
      s2 += v2 * v2;
      s3 += v3 * v3;
    }
    out[j] = s0;
    out[j + 1] = s1;
    out[j + 2] = s2;
    out[j + 3] = s3;
  }
  for (; j < j1; j++) out[j] = sqDist(p, po, c, j * d, d);
}

/**
 * Squared distances ‖x_{a_q} − c_{b_q}‖² of up to four (row offset in x, row offset in c) pairs
 * listed in xo[from …] / co[from …] (count ≤ 4) into out[from …], each summed as {@link sqDist}
 * sums it, the four sums side by side.
 */
function gatherDistances(x: Float64Array, xo: Int32Array, c: Float64Array, co: Int32Array, from: number, count: number, d: number, out: Float64Array): void {
  if (count < 4) {
    for (let q = from; q < from + count; q++) out[q] = sqDist(x, xo[q], c, co[q], d);
    return;
  }
  const a0 = xo[from];
  const a1 = xo[from + 1];
  const a2 = xo[from + 2];
  const a3 = xo[from + 3];
  const b0 = co[from];
  const b1 = co[from + 1];
  const b2 = co[from + 2];
  const b3 = co[from + 3];
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let t = 0; t < d; t++) {
    const v0 = x[a0 + t] - c[b0 + t];
    const v1 = x[a1 + t] - c[b1 + t];
    const v2 = x[a2 + t] - c[b2 + t];
    const v3 = x[a3 + t] - c[b3 + t];
    s0 += v0 * v0;
    s1 += v1 * v1;
    s2 += v2 * v2;
    s3 += v3 * v3;
  }
  out[from] = s0;
  out[from + 1] = s1;
  out[from + 2] = s2;
  out[from + 3] = s3;
}

/** {@link gatherDistances} over the whole list xo/co[0 … count), four at a time. */
function gatherAll(x: Float64Array, xo: Int32Array, c: Float64Array, co: Int32Array, count: number, d: number, out: Float64Array): void {
  for (let q = 0; q < count; q += 4) gatherDistances(x, xo, c, co, q, Math.min(4, count - q), d, out);
}

/**
 * Squared distances of the points at row offsets xo[0 … count) to the centre at offset co into
 * out[0 …], each summed as {@link sqDist} sums it, four points at a time (the centre's coordinate
 * read once for the four).
 */
function pointsToCentre(x: Float64Array, xo: Int32Array, count: number, c: Float64Array, co: number, d: number, out: Float64Array): void {
  let q = 0;
  for (; q + 4 <= count; q += 4) {
    const a0 = xo[q];
    const a1 = xo[q + 1];
    const a2 = xo[q + 2];
    const a3 = xo[q + 3];
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let t = 0; t < d; t++) {
      const ct = c[co + t];
      const v0 = x[a0 + t] - ct;
      const v1 = x[a1 + t] - ct;
      const v2 = x[a2 + t] - ct;
      const v3 = x[a3 + t] - ct;
      s0 += v0 * v0;
      s1 += v1 * v1;
      s2 += v2 * v2;
      s3 += v3 * v3;
    }
    out[q] = s0;
    out[q + 1] = s1;
    out[q + 2] = s2;
    out[q + 3] = s3;
  }
  for (; q < count; q++) out[q] = sqDist(x, xo[q], c, co, d);
}

/** Largest row norm of the points (the scale of the bounds' absolute widening). */
function maxNorm(p: Float64Array, n: number, d: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < d; t++) s += p[i * d + t] * p[i * d + t];
    if (s > m) m = s;
  }
  return Math.sqrt(m);
}

/** How {@link kmeansPlusPlus} skips distances (the result is the same either way). */
export type KmeansBounds = 'auto' | 'elkan' | 'hamerly';

/** Elkan's bounds (n × k lower bounds) up to this many entries (64 MB), Hamerly's (two per point) above. */
const ELKAN_MAX_ENTRIES = 1 << 23;

/**
 * Cluster index (0 … k−1) of each of n points (row-major n×d, used as given — normalise first).
 * Requires 1 ≤ k ≤ n (throws otherwise); n = k = 0 gives an empty array. `bounds` picks the
 * distance-skipping scheme (default: Elkan's while n·k ≤ 8M, else Hamerly's); the assignments do
 * not depend on it.
 */
export function kmeansPlusPlus(
  points: Float32Array | Float64Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  maxIter = 100,
  bounds: KmeansBounds = 'auto',
): Int32Array {
  if (n === 0 && k === 0) return new Int32Array(0);
  if (!Number.isInteger(k) || k < 1 || k > n) throw new Error(`kmeansPlusPlus: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const p = asF64(points, n * d);
  const elkan = bounds === 'elkan' || (bounds === 'auto' && n * k <= ELKAN_MAX_ENTRIES);
  // Absolute widening: 1e-9 × the diameter of the data (no two points, nor centres, farther apart).
  const tau = 1e-9 * (2 * maxNorm(p, n, d) + Number.MIN_VALUE);
  /** A lower bound of the distance whose computed square is `s`. */
  const lower = (s: number) => Math.sqrt(s) * (1 - REL) - tau;
  /** An upper bound of the distance whose computed square is `s`. */
  const upper = (s: number) => Math.sqrt(s) * (1 + REL) + tau;
  const rng = new Rng(seed);
  const centres = new Float64Array(k * d);
  const setCentre = (j: number, i: number) => {
    for (let t = 0; t < d; t++) centres[j * d + t] = p[i * d + t];
  };
  // Elkan: lb[i·k + j] − drift[j] ≤ ‖x_i − c_j‖ for every j other than i's centre (from the first
  // full assignment step on), drift[j] = how far centre j has moved since, summed (widened): a
  // bound is lowered by a centre's move without touching the n × k table.
  const lb = elkan ? new Float64Array(n * k) : new Float64Array(0);
  const drift = new Float64Array(elkan ? k : 0);

  // Seeding. d2[i] = running minimum of the squared distance to the chosen centres; near[i] = the
  // (lowest) centre that gives it.
  setCentre(0, rng.int(n));
  const d2 = new Float64Array(n);
  const near = new Int32Array(n);
  for (let i = 0; i < n; i++) d2[i] = sqDist(p, i * d, centres, 0, d);
  const cc = new Float64Array(k); // squared distances of the new centre to the earlier ones
  // Lists of distances to compute: (row offset in the points, row offset in the centres), the
  // point or centre each is for, and the computed values.
  const len = Math.max(n, k);
  const xo = new Int32Array(len);
  const co = new Int32Array(len);
  const cand = new Int32Array(len);
  const got = new Float64Array(len);
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
    distancesToCentres(centres, j * d, centres, 0, j, d, cc);
    // The points whose running minimum the new centre may lower, their distances four at a time.
    let m = 0;
    for (let i = 0; i < n; i++) {
      // ‖c_j − c_near‖ ≥ 2·D_i (widened) ⇒ ‖x_i − c_j‖ > D_i: the minimum stays, skip the distance.
      const c = cc[near[i]];
      if (c * (1 - REL) >= 4 * d2[i] * (1 + REL) + tau * tau) continue;
      cand[m] = i;
      xo[m++] = i * d;
    }
    pointsToCentre(p, xo, m, centres, j * d, d, got);
    for (let q = 0; q < m; q++) {
      const i = cand[q];
      const dc = got[q];
      if (dc < d2[i]) {
        d2[i] = dc;
        near[i] = j;
      }
    }
  }

  const assign = new Int32Array(n).fill(-1);
  if (maxIter < 1) return assign;
  // Lloyd. The first assignment step is the seeding's: each point's nearest centre (lowest index on
  // ties) is near[i], by the same computed distances. up[i] ≥ ‖x_i − c_assign‖ (Euclidean).
  const up = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    assign[i] = near[i];
    up[i] = upper(d2[i]);
  }
  // Hamerly (and Elkan's first test): low[i] ≤ ‖x_i − c_j‖ for every j other than i's centre (0:
  // none known yet).
  const low = new Float64Array(n);
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  const old = new Float64Array(d);
  const move = new Float64Array(k);
  const half = new Float64Array(k); // half the distance from each centre to its nearest other centre (widened down)
  const halfTo = new Float64Array(elkan ? k * k : 0); // Elkan: half the distance between every two centres (widened down)
  const dist = new Float64Array(k);
  // Assignment steps 1 … maxIter − 1, each after the update step of the one before (which changed
  // something: the first always counts as a change).
  // Clusters whose members changed in the last assignment step: only their centres can move (a
  // cluster with the same members gets the same centre, to the bit), and only distances from them
  // change. All of them after the seeding.
  const dirty = new Uint8Array(k).fill(1);
  const cdist = new Float64Array(k * k); // squared distances between the centres
  for (let iter = 1; iter < maxIter; iter++) {
    // Update step: each changed cluster's centre = the sum of its points in index order / count
    // (the others are what this would give them again).
    for (let j = 0; j < k; j++) {
      if (!dirty[j]) continue;
      counts[j] = 0;
      sums.fill(0, j * d, (j + 1) * d);
    }
    for (let i = 0; i < n; i++) {
      const j = assign[i];
      if (!dirty[j]) continue;
      counts[j]++;
      for (let t = 0; t < d; t++) sums[j * d + t] += p[i * d + t];
    }
    // How far each centre moved, and how far apart the centres are now.
    let m1 = 0; // largest move
    let m1j = -1;
    let m2 = 0; // second largest
    for (let j = 0; j < k; j++) {
      move[j] = 0;
      if (!dirty[j] || counts[j] === 0) continue;
      for (let t = 0; t < d; t++) old[t] = centres[j * d + t];
      for (let t = 0; t < d; t++) centres[j * d + t] = sums[j * d + t] / counts[j];
      move[j] = upper(sqDist(centres, j * d, old, 0, d));
      if (move[j] > m1) {
        m2 = m1;
        m1 = move[j];
        m1j = j;
      } else if (move[j] > m2) m2 = move[j];
    }
    for (let j = 0; j < k; j++) {
      if (!dirty[j]) continue;
      distancesToCentres(centres, j * d, centres, 0, k, d, dist);
      for (let q = 0; q < k; q++) {
        cdist[j * k + q] = dist[q];
        cdist[q * k + j] = dist[q];
      }
    }
    for (let j = 0; j < k; j++) {
      let m = Infinity;
      for (let q = 0; q < k; q++) {
        if (q === j) continue;
        const c = cdist[j * k + q];
        if (c < m) m = c;
        if (elkan) halfTo[j * k + q] = 0.5 * lower(c);
      }
      half[j] = k > 1 ? 0.5 * lower(m) : Infinity;
    }
    dirty.fill(0);
    let changed = false;
    if (elkan && iter === 1) {
      // The first step after the seeding: every distance (the centres have just moved by about
      // the clusters' radius, no bound would hold), which sets every lower bound.
      for (let i = 0; i < n; i++) {
        const row = i * k;
        distancesToCentres(p, i * d, centres, 0, k, d, dist);
        const best = nearestIndex(dist, k);
        const bestD = dist[best];
        let second = Infinity;
        for (let j = 0; j < k; j++) {
          lb[row + j] = lower(dist[j]) + drift[j];
          if (j !== best && dist[j] < second) second = dist[j];
        }
        if (best !== assign[i]) {
          changed = true;
          dirty[assign[i]] = dirty[best] = 1;
        }
        assign[i] = best;
        up[i] = upper(bestD);
        low[i] = lower(second);
      }
    } else if (elkan) {
      for (let j = 0; j < k; j++) drift[j] += move[j];
      for (let i = 0; i < n; i++) {
        let best = assign[i];
        up[i] += move[best];
        low[i] -= best === m1j ? m2 : m1;
        // No other centre within twice the distance, or every other centre provably farther.
        if (up[i] < half[best] || up[i] < low[i]) continue;
        const row = i * k;
        // The centres the bounds cannot rule out: their distances, four at a time, after the
        // distance to `best` (which tightens up[i] and may rule more out).
        let m = 0;
        for (let j = 0; j < k; j++) if (j !== best && up[i] >= lb[row + j] - drift[j] && up[i] >= halfTo[best * k + j]) cand[m++] = j;
        if (m > 0) {
          const bestD0 = sqDist(p, i * d, centres, best * d, d);
          up[i] = upper(bestD0);
          let c = 0;
          for (let q = 0; q < m; q++) {
            const j = cand[q];
            if (up[i] < lb[row + j] - drift[j] || up[i] < halfTo[best * k + j]) continue;
            cand[c] = j;
            xo[c] = i * d;
            co[c++] = j * d;
          }
          if (c > 0) {
            gatherAll(p, xo, centres, co, c, d, got);
            // The reference's rule: the smallest computed distance, the lower index on a tie (the
            // centres left out are provably farther than `best`).
            let bestD = bestD0;
            const a = best;
            for (let q = 0; q < c; q++) {
              const j = cand[q];
              const dj = got[q];
              lb[row + j] = lower(dj) + drift[j];
              if (dj < bestD || (dj === bestD && j < best)) {
                best = j;
                bestD = dj;
              }
            }
            if (best !== a) {
              lb[row + a] = lower(bestD0) + drift[a];
              up[i] = upper(bestD);
              changed = true;
              dirty[a] = dirty[best] = 1;
              assign[i] = best;
            }
          }
        }
        let lo = Infinity;
        for (let j = 0; j < k; j++) {
          if (j === best) continue;
          const e = lb[row + j] - drift[j];
          if (e < lo) lo = e;
        }
        low[i] = lo - tau;
      }
    } else {
      for (let i = 0; i < n; i++) {
        const a = assign[i];
        up[i] += move[a];
        low[i] -= a === m1j ? m2 : m1;
        const z = low[i] > half[a] ? low[i] : half[a];
        if (up[i] < z) continue; // provably still the strict nearest
        up[i] = upper(sqDist(p, i * d, centres, a * d, d));
        if (up[i] < z) continue;
        // Every distance, as the reference computes them; nearest with ties → lower index.
        distancesToCentres(p, i * d, centres, 0, k, d, dist);
        const best = nearestIndex(dist, k);
        const bestD = dist[best];
        let second = Infinity;
        for (let j = 0; j < k; j++) if (j !== best && dist[j] < second) second = dist[j];
        if (best !== a) {
          changed = true;
          dirty[a] = dirty[best] = 1;
        }
        assign[i] = best;
        up[i] = upper(bestD);
        low[i] = lower(second);
      }
    }
    if (!changed) break;
  }
  return assign;
}

/**
 * Inertia of a clustering: Σ_i ‖x_i − μ_{assign_i}‖², μ_j the mean of cluster j's points (sums in
 * index order divided by the count, as the update step computes a centre), summed in index order.
 * For a converged run μ_j are its final centres; after maxIter steps, the means of its last
 * assignment (scikit-learn's inertia is the same sum, with its last centres).
 */
export function clusteringInertia(points: Float32Array | Float64Array, n: number, d: number, assign: ArrayLike<number>, k: number): number {
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const j = assign[i];
    counts[j]++;
    for (let t = 0; t < d; t++) sums[j * d + t] += points[i * d + t];
  }
  for (let j = 0; j < k; j++) if (counts[j] > 0) for (let t = 0; t < d; t++) sums[j * d + t] /= counts[j];
  let s = 0;
  for (let i = 0; i < n; i++) {
    const o = assign[i] * d;
    for (let t = 0; t < d; t++) {
      const v = points[i * d + t] - sums[o + t];
      s += v * v;
    }
  }
  return s;
}

/** Restarts of {@link kmeansBest} by default (SPEC: scikit-learn's n_init=10). */
export const KMEANS_RESTARTS = 10;

/**
 * The seeds of the restarts of {@link kmeansBest}: the first `restarts` draws `nextU32()` of
 * `new Rng(seed)` (so one seed fixes all of them, and different seeds give unrelated restarts).
 */
export function restartSeeds(seed: number, restarts = KMEANS_RESTARTS): number[] {
  const rng = new Rng(seed);
  return Array.from({ length: restarts }, () => rng.nextU32());
}

/** The clustering {@link kmeansBest} keeps, with what it compared. */
export interface BestClustering {
  assign: Int32Array;
  /** Its inertia ({@link clusteringInertia}). */
  inertia: number;
  /** Which restart it came from (0-based; the first of equal inertias). */
  restart: number;
  /** The inertia of every restart, in order. */
  inertias: number[];
}

/**
 * SPEC NMI's k-means: `restarts` (default 10) runs of {@link kmeansPlusPlus}, seeded with
 * {@link restartSeeds}(seed), keeping the clustering of lowest inertia (the first on a tie) —
 * scikit-learn's `KMeans(n_init=10)`.
 */
export function kmeansBest(points: Float32Array | Float64Array, n: number, d: number, k: number, seed: number, restarts = KMEANS_RESTARTS, maxIter = 100): BestClustering {
  const p = asF64(points, n * d);
  const keep = keeper(restarts);
  restartSeeds(seed, restarts).forEach((s, r) => keep(p, n, d, k, s, r, maxIter));
  return keep.best();
}

/** {@link kmeansBest}, awaiting `between` after each restart (a worker takes its messages) and reporting restarts done. */
export async function kmeansBestAsync(
  points: Float32Array | Float64Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  opts: { restarts?: number; maxIter?: number; between?: () => Promise<void>; onProgress?: (fraction: number) => void } = {},
): Promise<BestClustering> {
  const restarts = opts.restarts ?? KMEANS_RESTARTS;
  const p = asF64(points, n * d);
  const keep = keeper(restarts);
  const seeds = restartSeeds(seed, restarts);
  for (let r = 0; r < restarts; r++) {
    keep(p, n, d, k, seeds[r], r, opts.maxIter ?? 100);
    opts.onProgress?.((r + 1) / restarts);
    if (opts.between) await opts.between();
  }
  return keep.best();
}

/** Runs one restart at a time and keeps the first of lowest inertia. */
function keeper(restarts: number) {
  if (!Number.isInteger(restarts) || restarts < 1) throw new Error(`kmeansBest: need restarts ≥ 1, got ${restarts}`);
  let best: BestClustering | null = null;
  const inertias: number[] = [];
  const run = (p: Float64Array, n: number, d: number, k: number, s: number, r: number, maxIter: number) => {
    const assign = kmeansPlusPlus(p, n, d, k, s, maxIter);
    const inertia = clusteringInertia(p, n, d, assign, k);
    inertias.push(inertia);
    if (best === null || inertia < best.inertia) best = { assign, inertia, restart: r, inertias };
  };
  return Object.assign(run, { best: (): BestClustering => best! });
}

const LN2_HI = 6.93147180369123816490e-1; // ln 2 split as fdlibm splits it: e·LN2_HI is exact
const LN2_LO = 1.90821492927058770002e-10;
const logView = new DataView(new ArrayBuffer(8));

/**
 * ln x for a positive finite x, computed with + − × ÷ only (each correctly rounded by IEEE 754),
 * so every JavaScript engine gives the same bits — Math.log does not: Node 20's V8 and Chromium
 * 156 differ in the last bit for some arguments (ln 4.655172413793103, ln 2.9661016949152543),
 * which made the page's NMI and the CLI's differ by 2 ulps. Within a few ulps of ln x:
 * x = m·2^e with m in [√½, √2], ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172, by its series
 * to s²⁵ (the next term < 1e-19 of the sum).
 */
export function portableLog(x: number): number {
  if (!(x > 0 && x < Infinity)) return Math.log(x); // NaN, 0, negatives, ∞: the edge cases as Math.log gives them
  let e = 0;
  if (x < 2.2250738585072014e-308) {
    x *= 2 ** 54; // subnormal: make it normal
    e = -54;
  }
  logView.setFloat64(0, x);
  const hi = logView.getUint32(0);
  e += ((hi >>> 20) & 0x7ff) - 1023;
  logView.setUint32(0, (hi & 0x800fffff) | 0x3ff00000);
  let m = logView.getFloat64(0); // x / 2^e, in [1, 2)
  if (m > Math.SQRT2) {
    m /= 2;
    e += 1;
  }
  const f = m - 1; // exact (Sterbenz)
  const s = f / (m + 1);
  const z = s * s;
  let p = 1 / 25;
  for (let k = 11; k >= 0; k--) p = p * z + 1 / (2 * k + 1);
  return e * LN2_HI + (e * LN2_LO + 2 * s * p);
}

/**
 * NMI with the arithmetic-mean normalisation (scikit-learn's default), the reference's `nmi`
 * with its edge cases: both sides one cluster (or both empty) → 1; MI clipped at 0, MI = 0 → 0.
 * The sums run over the contingency cells in the reference's order (first appearance of a's
 * value, then of b's value within it), with {@link portableLog} for the logarithms: within a few
 * ulps of the reference, and the same bits in Node and in every browser.
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
    for (const [kb, nij] of row) mi += (nij / n) * portableLog((n * nij) / (ca.get(ka)! * cb.get(kb)!));
  }
  if (mi < 0) mi = 0;
  if (mi === 0) return 0.0;
  const entropy = (counts: Iterable<number>): number => {
    let h = 0;
    for (const c of counts) if (c > 0) h -= (c / n) * portableLog(c / n);
    return h;
  };
  return mi / ((entropy(ca.values()) + entropy(cb.values())) / 2);
}
