/**
 * Greedy k-means++ seeding (SPEC's NMI line; scikit-learn's `_kmeans_plusplus`): each new centre
 * is the best of L = 2 + ⌊ln k⌋ points drawn with probability ∝ D² (the squared distance to the
 * nearest centre so far), best = the one that leaves the smallest Σ D². The draws and sums follow
 * the reference (../reference/clustering.ts) step for step; the distances come from the products
 * (products.ts), all L candidates with every point at once, and the chosen one's are read again
 * from its products.
 */
import type { Rng } from '../../data/rng';
import { candidateProducts, rowNorms, type CentreProducts } from './products';

/** How a k-means run reports its work and lets its thread breathe. */
export interface KmeansTicks {
  /** Awaited after each block of products (a thread takes its messages). */
  between?: () => Promise<void>;
  /** Work just done, in units of one multiply-add of the products (restarts.ts `restartWork`; the progress counts them). */
  onWork?: (multiplyAdds: number) => void;
}

/** Candidates per new centre: 2 + ⌊ln k⌋ (scikit-learn's n_local_trials). */
export const seedingTrials = (k: number) => 2 + Math.floor(Math.log(k));

/**
 * Work of one of the seeding's multiply-adds, in multiply-adds of Lloyd's products (for the progress
 * only): the products (1), then the candidates' potentials, summed in JavaScript, which took ~2/3
 * as long as tfjs-wasm's products (measured on the bench's Zipf sets, BENCHMARKS.md "peer").
 */
export const SEEDING_PRODUCT_COST = 1.65;

/** Work of the seeding of k centres over n × d points, in those units. */
export const seedingWork = (n: number, d: number, k: number) => n * d * (1 + (k - 1) * seedingTrials(k)) * SEEDING_PRODUCT_COST;

/**
 * The k centres (row-major k × d, copies of points) of greedy k-means++ over the n × d points `x`
 * with squared norms `norms`, drawing from `rng`.
 */
export async function greedySeeding(x: Float64Array, norms: Float64Array, n: number, d: number, k: number, rng: Rng, products: CentreProducts, ticks: KmeansTicks = {}): Promise<Float64Array> {
  const trials = seedingTrials(k);
  const centres = new Float64Array(k * d);
  const first = rng.int(n);
  centres.set(x.subarray(first * d, first * d + d), 0);
  // d2[i] = the running minimum of point i's squared distance to the centres; pot = Σ d2.
  const d2 = new Float64Array(n).fill(Infinity); // ∞: the first centre's distances themselves
  const firstPot = new Float64Array(1);
  const held = { buffer: new Float64Array(0) as Float32Array | Float64Array };
  lowerToCandidate(norms, n, d2, await candidatePotentials(norms, n, d, d2, centres.subarray(0, d), 1, products, ticks, firstPot, held), 0);
  let pot = firstPot[0];
  const running = new Float64Array(n);
  const cands = new Int32Array(trials);
  const candRows = new Float64Array(trials * d);
  const pots = new Float64Array(trials);
  for (let c = 1; c < k; c++) {
    let sum = 0;
    for (let i = 0; i < n; i++) running[i] = sum += d2[i];
    for (let l = 0; l < trials; l++) {
      cands[l] = pot === 0 ? rng.int(n) : drawByWeight(running, d2, rng.next() * pot);
      candRows.set(x.subarray(cands[l] * d, cands[l] * d + d), l * d);
    }
    const kept = await candidatePotentials(norms, n, d, d2, candRows, trials, products, ticks, pots, held);
    let best = 0;
    for (let l = 1; l < trials; l++) if (pots[l] < pots[best]) best = l;
    lowerToCandidate(norms, n, d2, kept, best);
    pot = pots[best];
    centres.set(candRows.subarray(best * d, best * d + d), c * d);
  }
  return centres;
}

/**
 * The first index whose running sum of weights exceeds r (bisection over the non-decreasing sums);
 * if rounding left none above r, the last index of positive weight.
 */
function drawByWeight(running: Float64Array, weights: Float64Array, r: number): number {
  let lo = 0;
  let hi = running.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (running[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  if (lo < running.length) return lo;
  for (let i = running.length - 1; i >= 0; i--) if (weights[i] > 0) return i;
  return running.length - 1;
}

/** What {@link candidatePotentials} keeps for the candidate chosen: the products (candidate by candidate, count × n) and the candidates' squared norms. */
interface CandidateProducts {
  products: Float32Array | Float64Array;
  norms: Float64Array;
}

/**
 * For each of the `count` candidates `rows` (row-major): Σ over the points, in index order, of
 * min(d2[i], ‖x_i − c‖²) into pots[l]. The squared distance is ‖x‖² + ‖c‖² − 2 x·c from the
 * products, never below 0. Returns the products, so that the chosen candidate's distances need no
 * second product ({@link lowerToCandidate}). `held` carries a buffer from call to call.
 */
async function candidatePotentials(
  norms: Float64Array,
  n: number,
  d: number,
  d2: Float64Array,
  rows: Float64Array,
  count: number,
  products: CentreProducts,
  ticks: KmeansTicks,
  pots: Float64Array,
  held: { buffer: Float32Array | Float64Array },
): Promise<CandidateProducts> {
  const candidateNorms = rowNorms(rows, count, d);
  const p = await candidateProducts(products, rows, count, n, held.buffer, async (points) => {
    ticks.onWork?.(points * count * d);
    if (ticks.between) await ticks.between();
  });
  if (!products.rowsTimesPoints) held.buffer = p;
  // Candidate by candidate, each sum in a register, over the points in index order.
  for (let l = 0; l < count; l++) {
    const cl = candidateNorms[l];
    const o = l * n;
    let pot = 0;
    for (let i = 0; i < n; i++) {
      let dist = norms[i] + cl - 2 * p[o + i];
      if (dist < 0) dist = 0;
      const di = d2[i];
      pot += di < dist ? di : dist;
    }
    pots[l] = pot;
  }
  ticks.onWork?.(n * count * d * (SEEDING_PRODUCT_COST - 1));
  return { products: p, norms: candidateNorms };
}

/** d2[i] = min(d2[i], ‖x_i − c‖²) for candidate l of `kept`, the same distances its potential summed. */
function lowerToCandidate(norms: Float64Array, n: number, d2: Float64Array, kept: CandidateProducts, l: number): void {
  const p = kept.products;
  const cl = kept.norms[l];
  for (let i = 0, o = l * n; i < n; i++) {
    let dist = norms[i] + cl - 2 * p[o + i];
    if (dist < 0) dist = 0;
    if (dist < d2[i]) d2[i] = dist;
  }
}
