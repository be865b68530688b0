/**
 * The assignment step of Lloyd's steps (lloyd.ts): each point's nearest centre — from products
 * with every centre (products.ts) in the first step and up to {@link ALL_PRODUCTS_UP_TO} centres,
 * after that from bounds that spare most products ({@link assignNear}: Elkan's and Hamerly's
 * bounds on a short list of each point's nearest centres). The bounds are widened by the
 * products' rounding, so a point keeps its centre only where fresh distances would have kept it
 * (the tests check the reference's clustering, step for step).
 */
import { rowNorms, type CentreProducts } from './products';
import type { KmeansTicks } from './seeding';

/** Nearest centres each point keeps between its products. */
export const NEAR = 8;

/**
 * Up to this many centres every step is products with every centre: checking a point's few
 * centres one by one in JavaScript costs more than the products of a block with them all.
 */
export const ALL_PRODUCTS_UP_TO = 256;

/**
 * Work of one multiply-add of an assignment's products, with the scan of each point's row that
 * follows it, in units of one multiply-add (for the progress only; BENCHMARKS.md "peer").
 */
export const LLOYD_PRODUCT_COST = 1.5;

/** The per-point state of the steps. */
export interface Near {
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

/** What an assignment step works on: the points, the centres as they are now, and the points' state. */
export interface Assigning {
  x: Float64Array;
  /** The points' squared norms. */
  norms: Float64Array;
  n: number;
  d: number;
  k: number;
  centres: Float64Array;
  products: CentreProducts;
  ticks: KmeansTicks;
  s: Near;
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

/**
 * Point i's centre and nearest centres from its products `p[o … o + k)` with every centre: the
 * nearest (ties → the lower index), its m nearest (the lower index first on ties) with their bounds,
 * and the bound on the rest (from the (m+1)-th squared distance); `margin` = the products' rounding. Returns whether its centre
 * changed. `top`/`topD` are scratch of m + 1 entries.
 */
function nearestFromProducts(i: number, normI: number, p: Float32Array | Float64Array, o: number, k: number, cn: Float64Array, margin: number, s: Near, top: Int32Array, topD: Float64Array): boolean {
  const m = s.m;
  let filled = 0;
  // The (m+1)-th distance so far once the list is full: most centres fail this one comparison.
  let worst = Infinity;
  for (let j = 0; j < k; j++) {
    const dist = normI + cn[j] - 2 * p[o + j];
    if (dist >= worst) continue;
    // Insert into the sorted list (a later equal distance goes after the earlier, lower index).
    let q = filled === m + 1 ? m : filled++;
    while (q > 0 && topD[q - 1] > dist) {
      topD[q] = topD[q - 1];
      top[q] = top[q - 1];
      q--;
    }
    topD[q] = dist;
    top[q] = j;
    if (filled === m + 1) worst = topD[m];
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
export async function assignAll(a: Assigning): Promise<number> {
  return assignRows(a, null, a.n);
}

/** Products of the listed points (null: every point, by blocks) with every centre, a block at a time; returns how many changed centre. */
async function assignRows(a: Assigning, rows: Int32Array | null, count: number): Promise<number> {
  const { norms, d, k, centres, products, s, ticks } = a;
  const cn = rowNorms(centres, k, d);
  const margin = 2 * products.error;
  const top = new Int32Array(s.m + 1);
  const topD = new Float64Array(s.m + 1);
  products.use(centres, k);
  let changed = 0;
  for (let b = 0, q0 = 0; q0 < count; b++, q0 += products.block) {
    const size = Math.min(count, q0 + products.block) - q0;
    const mine = rows?.subarray(q0, q0 + size);
    const p = mine ? await products.rowProducts(mine, size) : await products.blockProducts(b);
    for (let q = 0; q < size; q++) {
      const i = mine ? mine[q] : q0 + q;
      if (nearestFromProducts(i, norms[i], p, q * products.stride, k, cn, margin, s, top, topD)) changed++;
    }
    ticks.onWork?.(size * k * d * LLOYD_PRODUCT_COST);
    if (ticks.between) await ticks.between();
  }
  return changed;
}

/** Centres beyond a point's few checked one by one before it gets products with every centre instead. */
const SUSPECTS = 24;

/**
 * One assignment step after the centres moved. Each point keeps, from its last products, its
 * {@link NEAR} nearest centres, an upper bound on its distance to its centre, lower bounds on the
 * others of the few and one for every centre beyond them. A centre that moved by δ changes a
 * distance by at most δ, so while the point's bound, raised by its centre's moves, stays below every
 * other bound, lowered by theirs (or, failing that, its exact distance to its centre does), it keeps
 * its centre with no product; else its exact distances to its few and to the centres beyond them
 * that moved enough decide ({@link nearestByDistances}); else it gets products with every centre,
 * gathered a block at a time. Returns how many points changed centre.
 */
export async function assignNear(a: Assigning): Promise<number> {
  const { n, k, s } = a;
  const { near, low, up, rest, since, assign } = s;
  const m = s.m;
  const sinceStep = driftsSince(s, k);
  const scratch = { cand: new Int32Array(SUSPECTS + 1), got: new Float64Array(SUSPECTS + 1), fewE: new Float64Array(m) };
  const open = new Int32Array(n);
  let count = 0;
  let changed = 0;
  let lastStep = -1;
  let moved: Float64Array = new Float64Array(0);
  let order: Int32Array = new Int32Array(0);
  for (let i = 0; i < n; i++) {
    if (since[i] !== lastStep) ({ moved, order } = sinceStep((lastStep = since[i])));
    const no = i * m;
    const own = assign[i];
    // The nearest any other centre can be now: the rest's bound less the largest move among them,
    // and each of the few's bound less its own move.
    const restNow = rest[i] - largestMoveBeyond(order, moved, near, no, m);
    let other = restNow;
    for (let q = 0; q < m; q++) {
      const j = near[no + q];
      if (j !== own && low[no + q] - moved[j] < other) other = low[no + q] - moved[j];
    }
    if (up[i] + moved[own] < other) continue;
    const e = distance(a.x, i, a.centres, own, a.d);
    up[i] = e - moved[own];
    if (e < other) continue;
    const best = nearestByDistances(a, i, e, restNow, moved, order, scratch);
    if (best < 0) open[count++] = i;
    else if (best !== own) {
      changed++;
      assign[i] = best;
    }
  }
  if (count === 0) return changed;
  return changed + (await assignRows(a, open, count));
}

/** The largest move (`order`: the centres by move, largest first) of a centre not among the point's few near[no … no + m). */
function largestMoveBeyond(order: Int32Array, moved: Float64Array, near: Int32Array, no: number, m: number): number {
  for (let q = 0; q < order.length; q++) {
    let listed = false;
    for (let r = 0; r < m && !listed; r++) listed = near[no + r] === order[q];
    if (!listed) return moved[order[q]];
  }
  return 0;
}

/**
 * Point i's centre from exact distances: to its few (its centre's is `e`), and to the centres
 * beyond them that moved more than rest − (the nearest of the few) since its products (only those
 * can be nearer). Its bounds start again from this step. −1 when that cannot decide: too many such
 * centres, or one of them nearer (its few are out of date): it needs products with every centre.
 */
function nearestByDistances(a: Assigning, i: number, e: number, restNow: number, moved: Float64Array, order: Int32Array, scratch: { cand: Int32Array; got: Float64Array; fewE: Float64Array }): number {
  const { x, d, k, centres, s } = a;
  const { near, low, up, rest, since } = s;
  const { cand, got, fewE } = scratch;
  const m = s.m;
  const no = i * m;
  const few = near.subarray(no, no + m);
  distances(x, i, centres, few, m, d, fewE);
  let best = s.assign[i];
  let bestE = e;
  for (let q = 0; q < m; q++) {
    if (fewE[q] < bestE || (fewE[q] === bestE && few[q] < best)) {
      best = few[q];
      bestE = fewE[q];
    }
  }
  // The largest movers beyond the few that could be nearer; `unchecked` = the largest move left unchecked.
  let suspects = 0;
  let unchecked = rest[i] - restNow;
  if (bestE >= restNow) {
    unchecked = 0;
    for (let q = 0; q < k && suspects <= SUSPECTS; q++) {
      const j = order[q];
      if (few.includes(j)) continue;
      if (rest[i] - moved[j] > bestE) {
        unchecked = moved[j];
        break;
      }
      cand[suspects++] = j;
    }
  }
  if (suspects > SUSPECTS) return -1;
  let rested = rest[i] - unchecked;
  if (suspects > 0) {
    distances(x, i, centres, cand, suspects, d, got);
    for (let q = 0; q < suspects; q++) {
      if (got[q] < bestE || (got[q] === bestE && cand[q] < best)) return -1;
      if (got[q] < rested) rested = got[q];
    }
  }
  since[i] = s.step;
  up[i] = bestE;
  for (let q = 0; q < m; q++) low[no + q] = fewE[q] * (1 - 4e-12);
  rest[i] = rested * (1 - 4e-12);
  return best;
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
