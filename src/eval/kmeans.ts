/**
 * Seeded k-means++ / Lloyd for the clustering metric (SPEC "Evaluation", NMI), on typed arrays;
 * the SPEC's 10 seeded restarts keeping the clustering of lowest inertia (scikit-learn's
 * `KMeans(n_init=10)`) are kmeansRestarts.ts, the NMI itself nmi.ts, the distance kernels
 * kmeansDistances.ts.
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
 * (was 3.8 s), so kmeansBest's 10 restarts ~6 s.
 */
import { Rng } from '../data/rng';
import { REL, asF64, sqDist, nearestIndex, distancesToCentres, gatherAll, pointsToCentre, maxNorm } from './kmeansDistances';

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
