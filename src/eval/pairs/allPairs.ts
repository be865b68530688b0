/**
 * The all-pairs part of an evaluation (evaluate.ts): every unordered pair's cosine, exactly (the
 * sort-based exact path, exact.ts) or binned per class (accumulate.ts on JS or tfjs, the WGSL kernel,
 * or counts a retrieval pass binned: rowBins.ts), turned into what the metrics read — the counts,
 * the PR groups, the distance histogram and, binned, the histograms for the bounds. Pure TypeScript.
 */
import { accumulateWgsl } from '../kernels/pairHistogram';
import { accumulateJs, accumulateTf, type AccumulateOptions } from './accumulate';
import { globalCounts, histogramCounts } from './binnedCounts';
import { sphereDistance, type CountSource } from './countSource';
import { exactPairs, type ExactPairs } from './exact';
import { distanceHistogram } from '../metrics/histogramMetrics';
import { binLow, DEFAULT_BINS, type PairHistograms } from './pairHistograms';

/** Distance bins of the report's distance histogram over [0, 2]. */
const DISTANCE_BINS = 100;

/** Pair counts per distance bin over [0, 2]. */
export interface DistanceHistogram {
  edges: number[];
  pos: number[];
  neg: number[];
}

/** Distance histogram of the exact path (reference `distanceHistograms`, exact distances). */
function exactDistanceHistogram(ex: ExactPairs, bins: number): DistanceHistogram {
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins);
  const pos = new Array<number>(bins).fill(0);
  const neg = new Array<number>(bins).fill(0);
  for (let i = 0; i < ex.cos.length; i++) {
    let k = Math.floor((sphereDistance(ex.cos[i]) / 2) * bins);
    if (k < 0) k = 0;
    if (k > bins - 1) k = bins - 1;
    pos[k] += ex.pos[i];
    neg[k] += ex.neg[i];
  }
  return { edges, pos, neg };
}

/** What the all-pairs part gives the metrics: the counts, PR groups and distance histogram, and the binned path's histograms. */
export interface AllPairs {
  src: CountSource;
  groups: { pos: ArrayLike<number>; neg: ArrayLike<number>; score: (i: number) => number };
  distance: DistanceHistogram;
  bins: number | null;
  hist: { h: PairHistograms; counts: ReturnType<typeof histogramCounts> } | null;
}

/** Every unordered pair's cosine, exactly (path 'exact') or binned (`acc.unit` holds the unit rows). */
export async function allPairs(
  emb: Float32Array,
  labels: Int32Array,
  n: number,
  d: number,
  numClasses: number,
  path: 'js' | 'tf' | 'wgsl' | 'exact',
  bins: number | undefined,
  acc: AccumulateOptions & { unit: Float64Array },
): Promise<AllPairs> {
  if (path === 'exact') {
    const ex = exactPairs(emb, labels, n, d, numClasses, acc.unit);
    return { src: ex, groups: { pos: ex.pos, neg: ex.neg, score: (i) => ex.cos[i] }, distance: exactDistanceHistogram(ex, DISTANCE_BINS), bins: null, hist: null };
  }
  const accumulate = path === 'tf' ? accumulateTf : path === 'wgsl' ? accumulateWgsl : accumulateJs;
  return binnedPairs(await accumulate(emb, labels, n, d, numClasses, bins ?? DEFAULT_BINS, acc));
}

/** What the metrics take from the binned path's histograms. */
export function binnedPairs(h: PairHistograms): AllPairs {
  const counts = histogramCounts(h);
  const g = globalCounts(h);
  return { src: counts, groups: { pos: g.pos.reverse(), neg: g.neg.reverse(), score: (i) => binLow(h.bins - 1 - i, h.bins) }, distance: distanceHistogram(h, DISTANCE_BINS), bins: h.bins, hist: { h, counts } };
}
