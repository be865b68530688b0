/**
 * Lloyd's steps of SPEC's k-means (scikit-learn's `KMeans` defaults): assign each point to its
 * nearest centre, move each centre to its points' mean, until the assignment repeats, or the
 * centres' total squared move is ≤ tol, or maxIter steps; then, unless the assignment repeated,
 * assign once more. The same steps as the reference (../reference/clustering.ts), with two savings:
 * - distances come from the products (products.ts), a block of points against every centre;
 * - each point keeps, from its last products, its {@link NEAR} nearest centres, an upper bound on
 *   its distance to the nearest (its centre), lower bounds on its distances to the others of the
 *   few, and one lower bound for every centre beyond them. A centre that has since moved by δ
 *   changes a distance by at most δ, so while the bound to its own centre, raised by that centre's
 *   moves, stays below every other bound, lowered by theirs, the point keeps its centre with no
 *   product (Elkan's and Hamerly's bounds, on a short list); otherwise it gets products with
 *   every centre again. The bounds are widened by the products' rounding, so a point is only kept
 *   where every distance computed afresh would have kept it too (the tests check the reference's
 *   clustering, step for step).
 */
import type { CentreProducts } from './products';
import type { KmeansTicks } from './seeding';

/** Nearest centres each point keeps between its products. */
export const NEAR = 8;

/**
 * Up to this many centres every step is products with every centre: checking a point's few
 * centres one by one in JavaScript costs more than the products of a block with them all.
 */
export const ALL_PRODUCTS_UP_TO = 256;

/** Where Lloyd's steps left the clustering. */
export interface LloydResult {
  assign: Int32Array;
  /** The final centres (row-major k × d). */
  centres: Float64Array;
  /** Steps run (assignment + update). */
  iterations: number;
}

/** The per-point state of the steps. */
interface Near {
  assign: Int32Array;
  /** Each point's m nearest centres at its last products, nearest first (n × m). */
  near: Int32Array;
  m: number;
  /** ≤ each point's distance to its q-th nearest then (n × m; q ≥ 1). */
  low: Float64Array;
  /** ≥ each point's distance to its centre, less that centre's moves since its products. */
  up: Float64Array;
  /** ≤ each point's distance to every centre not among its m, at its last products. */
  rest: Float64Array;
  /** The step of each point's last products. */
  since: Int32Array;
  /** The step now (1-based). */
  step: number;
  /** Each centre's total move (the sum of its moves, rounded up) before each step: drift[t][j]. */
  drift: Float64Array[];
}

/**
 * Lloyd's steps from `centres` (k × d, updated in place) over the n × d points `x` (squared norms
 * `norms`), to scikit-learn's stopping rule with tolerance `tol`.
 */
export async function lloyd(
  x: Float64Array,
  norms: Float64Array,
  n: number,
  d: number,
  k: number,
  centres: Float64Array,
  products: CentreProducts,
  o: { tol: number; maxIter: number; ticks?: KmeansTicks },
): Promise<LloydResult> {
  const ticks = o.ticks ?? {};
  const m = k <= ALL_PRODUCTS_UP_TO ? 0 : Math.min(NEAR, k - 1);
  const s: Near = { assign: new Int32Array(n).fill(-1), near: new Int32Array(n * m), m, low: new Float64Array(n * m), up: new Float64Array(n), rest: new Float64Array(n), since: new Int32Array(n), step: 0, drift: [] };
  const moves = new Float64Array(k);
  let strict = false;
  let iterations = 0;
  const total = new Float64Array(k);
  while (iterations < o.maxIter) {
    iterations++;
    s.step = iterations;
    s.drift[iterations] = total.slice();
    const changed = iterations === 1 || k <= ALL_PRODUCTS_UP_TO ? await assignAll(norms, n, d, k, centres, products, s, ticks) : await assignNear(x, norms, n, d, k, centres, products, s, ticks);
    const shift = updateCentres(x, n, d, k, centres, s.assign, moves);
    ticks.onWork?.(n * d * LLOYD_POINT_COST);
    for (let j = 0; j < k; j++) total[j] += moves[j];
    if (iterations > 1 && changed === 0) {
      strict = true;
      break;
    }
    if (shift <= o.tol) break;
  }
  s.step = iterations + 1;
  s.drift[s.step] = total;
  if (!strict && iterations > 0) await (k <= ALL_PRODUCTS_UP_TO ? assignAll(norms, n, d, k, centres, products, s, ticks) : assignNear(x, norms, n, d, k, centres, products, s, ticks));
  return { assign: s.assign, centres, iterations };
}

/** ‖x_i − c_j‖ in float64, rounded up. */
function distance(x: Float64Array, i: number, centres: Float64Array, j: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const v = x[i * d + t] - centres[j * d + t];
    s += v * v;
  }
  return Math.sqrt(s) * (1 + 1e-12);
}

/** ‖x_i − c_j‖ (float64, rounded up) for the centres `js[0 … count)` into out[0 …], four at a time. */
function distances(x: Float64Array, i: number, centres: Float64Array, js: Int32Array, count: number, d: number, out: Float64Array): void {
  const io = i * d;
  let q = 0;
  for (; q + 4 <= count; q += 4) {
    const c0 = js[q] * d;
    const c1 = js[q + 1] * d;
    const c2 = js[q + 2] * d;
    const c3 = js[q + 3] * d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let t = 0; t < d; t++) {
      const v = x[io + t];
      const v0 = v - centres[c0 + t];
      const v1 = v - centres[c1 + t];
      const v2 = v - centres[c2 + t];
      const v3 = v - centres[c3 + t];
      s0 += v0 * v0;
      s1 += v1 * v1;
      s2 += v2 * v2;
      s3 += v3 * v3;
    }
    out[q] = Math.sqrt(s0) * (1 + 1e-12);
    out[q + 1] = Math.sqrt(s1) * (1 + 1e-12);
    out[q + 2] = Math.sqrt(s2) * (1 + 1e-12);
    out[q + 3] = Math.sqrt(s3) * (1 + 1e-12);
  }
  for (; q < count; q++) out[q] = distance(x, i, centres, js[q], d);
}

/** Squared norms of the k centres. */
function centreNorms(centres: Float64Array, k: number, d: number): Float64Array {
  const out = new Float64Array(k);
  for (let j = 0; j < k; j++) for (let t = 0; t < d; t++) out[j] += centres[j * d + t] * centres[j * d + t];
  return out;
}

/**
 * Point i's centre and nearest centres from its products `p[o … o + k)` with every centre: the
 * nearest (ties → the lower index), its m nearest (the lower index first on ties) with their bounds,
 * and the bound on the rest (from the (m+1)-th squared distance); `margin` = the products' rounding. Returns whether its centre
 * changed. `top`/`topD` are scratch of m + 1 entries.
 */
function nearestFromProducts(i: number, normI: number, p: Float32Array | Float64Array, o: number, k: number, cn: Float64Array, margin: number, s: Near, top: Int32Array, topD: Float64Array): boolean {
  const m = s.m;
  let filled = 0;
  for (let j = 0; j < k; j++) {
    const dist = normI + cn[j] - 2 * p[o + j];
    if (filled === m + 1 && dist >= topD[m]) continue;
    // Insert into the sorted list (a later equal distance goes after the earlier, lower index).
    let q = filled === m + 1 ? m : filled++;
    while (q > 0 && topD[q - 1] > dist) {
      topD[q] = topD[q - 1];
      top[q] = top[q - 1];
      q--;
    }
    topD[q] = dist;
    top[q] = j;
  }
  const changed = s.assign[i] !== top[0];
  s.assign[i] = top[0];
  s.since[i] = s.step;
  for (let q = 0; q < m; q++) {
    s.near[i * m + q] = top[q];
    s.low[i * m + q] = Math.sqrt(Math.max(0, topD[q] - margin));
  }
  s.up[i] = Math.sqrt(Math.max(0, topD[0]) + margin);
  s.rest[i] = filled > m ? Math.sqrt(Math.max(0, topD[m] - margin)) : Infinity;
  return changed;
}

/** Every point against every centre, a block at a time; returns how many points changed centre. */
async function assignAll(norms: Float64Array, n: number, d: number, k: number, centres: Float64Array, products: CentreProducts, s: Near, ticks: KmeansTicks): Promise<number> {
  const rows = new Int32Array(n).map((_, i) => i);
  return assignRows(norms, rows, n, d, k, centres, products, s, ticks, true);
}

/** Products of the listed points with every centre, a block at a time (`whole`: rows are 0 … n−1, by blocks). */
async function assignRows(norms: Float64Array, rows: Int32Array, count: number, d: number, k: number, centres: Float64Array, products: CentreProducts, s: Near, ticks: KmeansTicks, whole = false): Promise<number> {
  const cn = centreNorms(centres, k, d);
  const margin = 2 * products.error;
  const top = new Int32Array(s.m + 1);
  const topD = new Float64Array(s.m + 1);
  products.use(centres, k);
  let changed = 0;
  for (let b = 0, q0 = 0; q0 < count; b++, q0 += products.block) {
    const mine = rows.subarray(q0, Math.min(count, q0 + products.block));
    const p = whole ? await products.blockProducts(b) : await products.rowProducts(mine, mine.length);
    for (let q = 0; q < mine.length; q++) if (nearestFromProducts(mine[q], norms[mine[q]], p, q * k, k, cn, margin, s, top, topD)) changed++;
    ticks.onWork?.(mine.length * k * d);
    if (ticks.between) await ticks.between();
  }
  return changed;
}

/**
 * Lloyd's work per point and step besides its products (the update step, the bounds), in
 * multiply-adds of the products' blocks per coordinate: each step reports it (for the progress
 * only; measured on the bench's Zipf sets, BENCHMARKS.md "peer").
 */
export const LLOYD_POINT_COST = 38;

/** Centres beyond a point's few checked one by one before it gets products with every centre instead. */
const SUSPECTS = 24;

/**
 * One assignment step after the centres moved: a point whose centre's bound, raised by its moves
 * since the point's products, stays below every other bound, lowered by theirs (and, failing that,
 * whose exact distance to its centre does), keeps its centre; the others get products with every
 * centre, gathered a block at a time. Returns how many points changed centre.
 */
async function assignNear(
  x: Float64Array,
  norms: Float64Array,
  n: number,
  d: number,
  k: number,
  centres: Float64Array,
  products: CentreProducts,
  s: Near,
  ticks: KmeansTicks,
): Promise<number> {
  const m = s.m;
  const { near, low, up, rest, since, assign } = s;
  const sinceStep = driftsSince(s, k);
  const open = new Int32Array(n);
  let count = 0;
  let changed = 0;
  let lastStep = -1;
  let moved: Float64Array = new Float64Array(0);
  let order: Int32Array = new Int32Array(0);
  const cand = new Int32Array(SUSPECTS + 1);
  const got = new Float64Array(SUSPECTS + 1);
  const few = new Int32Array(m);
  const fewE = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    if (since[i] !== lastStep) ({ moved, order } = sinceStep((lastStep = since[i])));
    const no = i * m;
    const a = assign[i];
    const movedA = moved[a];
    // The nearest any other centre can be now: the rest's bound less the largest move among them,
    // and each of the few's bound less its own move.
    let beyond = 0;
    for (let q = 0; q < k; q++) {
      const j = order[q];
      let listed = false;
      for (let r = 0; r < m && !listed; r++) listed = near[no + r] === j;
      if (!listed) {
        beyond = moved[j];
        break;
      }
    }
    const restNow = rest[i] - beyond;
    let other = restNow;
    for (let q = 0; q < m; q++) {
      const j = near[no + q];
      if (j === a) continue;
      const v = low[no + q] - moved[j];
      if (v < other) other = v;
    }
    if (up[i] + movedA < other) continue;
    const e = distance(x, i, centres, a, d);
    up[i] = e - movedA;
    if (e < other) continue;
    // Its exact distances to the few: the nearest of them is its centre if nearer than every centre
    // beyond them can be.
    for (let q = 0; q < m; q++) few[q] = near[no + q];
    distances(x, i, centres, few, m, d, fewE);
    let best = a;
    let bestE = e;
    for (let q = 0; q < m; q++) {
      if (fewE[q] < bestE || (fewE[q] === bestE && few[q] < best)) {
        best = few[q];
        bestE = fewE[q];
      }
    }
    // Beyond the few, only centres that moved more than rest − bestE since can be nearer: the
    // largest movers, checked together (too many, or one nearer: products with every centre).
    // `unchecked` = the largest move of a centre beyond the few left unchecked.
    let suspects = 0;
    let unchecked = beyond;
    if (bestE >= restNow) {
      unchecked = 0;
      for (let q = 0; q < k && suspects <= SUSPECTS; q++) {
        const j = order[q];
        let listed = false;
        for (let r = 0; r < m && !listed; r++) listed = near[no + r] === j;
        if (listed) continue;
        if (rest[i] - moved[j] > bestE) {
          unchecked = moved[j];
          break;
        }
        cand[suspects++] = j;
      }
    }
    if (suspects > SUSPECTS) {
      open[count++] = i;
      continue;
    }
    let rested = rest[i] - unchecked;
    if (suspects > 0) {
      distances(x, i, centres, cand, suspects, d, got);
      let nearer = false;
      for (let q = 0; q < suspects; q++) {
        if (got[q] < bestE || (got[q] === bestE && cand[q] < best)) nearer = true;
        if (got[q] < rested) rested = got[q];
      }
      if (nearer) {
        open[count++] = i;
        continue;
      }
    }
    // Its centre is known, with every distance it was told: its bounds start again from this step.
    if (best !== a) {
      changed++;
      assign[i] = best;
    }
    since[i] = s.step;
    up[i] = bestE;
    for (let q = 0; q < m; q++) low[no + q] = fewE[q] * (1 - 4e-12);
    rest[i] = rested * (1 - 4e-12);
  }
  if (count === 0) return changed;
  return changed + await assignRows(norms, open, count, d, k, centres, products, s, ticks);
}

/**
 * Each centre's move since step t (rounded up), and the centres in order of it, largest first: for
 * the steps points last had products in, made once a step.
 */
function driftsSince(s: Near, k: number): (t: number) => { moved: Float64Array; order: Int32Array } {
  const now = s.drift[s.step];
  const made = new Map<number, { moved: Float64Array; order: Int32Array }>();
  return (t) => {
    let e = made.get(t);
    if (!e) {
      const then = s.drift[t];
      const moved = new Float64Array(k);
      for (let j = 0; j < k; j++) moved[j] = (now[j] - then[j]) * (1 + 1e-12);
      const order = Int32Array.from({ length: k }, (_, j) => j).sort((a, b) => moved[b] - moved[a]);
      made.set(t, (e = { moved, order }));
    }
    return e;
  };
}

/**
 * The update step: each centre = the mean of its points (sums in index order), a cluster left
 * empty given the point farthest from its centre among clusters of ≥ 2 points (the reference's
 * rule). Sets each centre's move (Euclidean, rounded up) in `moves`; returns the total squared move.
 */
function updateCentres(x: Float64Array, n: number, d: number, k: number, centres: Float64Array, assign: Int32Array, moves: Float64Array): number {
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const j = assign[i];
    counts[j]++;
    for (let t = 0; t < d; t++) sums[j * d + t] += x[i * d + t];
  }
  relocateEmpty(x, n, d, k, centres, assign, sums, counts);
  let shift = 0;
  for (let j = 0; j < k; j++) {
    if (counts[j] === 0) {
      moves[j] = 0;
      continue;
    }
    let s = 0;
    for (let t = 0; t < d; t++) {
      const c = sums[j * d + t] / counts[j];
      const v = c - centres[j * d + t];
      s += v * v;
      centres[j * d + t] = c;
    }
    shift += s;
    moves[j] = Math.sqrt(s) * (1 + 1e-12);
  }
  return shift;
}

/** Gives each empty cluster (in index order) the point farthest from its assigned centre, among clusters of ≥ 2 points. */
function relocateEmpty(x: Float64Array, n: number, d: number, k: number, centres: Float64Array, assign: Int32Array, sums: Float64Array, counts: Int32Array): void {
  let far: Float64Array | null = null;
  for (let j = 0; j < k; j++) {
    if (counts[j] > 0) continue;
    if (far === null) {
      far = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let t = 0; t < d; t++) s += (x[i * d + t] - centres[assign[i] * d + t]) ** 2;
        far[i] = s;
      }
    }
    let pick = -1;
    for (let i = 0; i < n; i++) if (far[i] >= 0 && counts[assign[i]] >= 2 && (pick < 0 || far[i] > far[pick])) pick = i;
    if (pick < 0) continue;
    far[pick] = -1; // taken
    const from = assign[pick];
    counts[from]--;
    counts[j] = 1;
    for (let t = 0; t < d; t++) {
      sums[from * d + t] -= x[pick * d + t];
      sums[j * d + t] = x[pick * d + t];
    }
  }
}
