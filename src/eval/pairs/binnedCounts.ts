/**
 * The binned path's adapter from {@link PairHistograms} to a {@link CountSource}, under the binning
 * model (stated in full in histogramMetrics.ts): every pair counts as if its cosine were the lower
 * edge of its bin, i.e. its distance the bin's largest, `edgeDist[k]`, so a distance threshold d
 * accepts bin k iff edgeDist[k] ≤ d. With this, the generic cores (calibration.ts, opis.ts, and
 * operatingPoints.ts, roc.ts) run on a histogram as they do on the exact path's pairs.
 */
import { sphereDistance, type CountSource } from './countSource';
import { binLow, type PairHistograms } from './pairHistograms';

/** edgeDist[k] = distance of binLow(k), k = 0 … bins (edgeDist[bins] = 0); non-increasing in k. */
export function edgeDistances(bins: number): Float64Array {
  const e = new Float64Array(bins + 1);
  for (let k = 0; k <= bins; k++) e[k] = sphereDistance(binLow(k, bins));
  return e;
}

/** First edge index e ∈ [0, bins] with edgeDist[e] ≤ d (bins are accepted from e upwards); bins + 1 if none. */
export function firstAcceptedBin(edgeDist: Float64Array, d: number): number {
  let lo = 0;
  let hi = edgeDist.length; // answer in [lo, hi]
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edgeDist[mid] <= d) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Global positives and negatives per cosine bin (negatives: Σ_t neg[t] / 2, each pair once). */
export function globalCounts(h: PairHistograms): { pos: Float64Array; neg: Float64Array } {
  const { bins, numClasses } = h;
  const pos = new Float64Array(bins);
  const neg = new Float64Array(bins);
  for (let t = 0; t < numClasses; t++) {
    for (let k = 0; k < bins; k++) {
      pos[k] += h.pos[t * bins + k];
      neg[k] += h.neg[t * bins + k];
    }
  }
  for (let k = 0; k < bins; k++) neg[k] /= 2;
  return { pos, neg };
}

/**
 * The {@link CountSource} of a histogram under the binning model: bin k accepted at d iff
 * edgeDist[k] ≤ d; per-class suffix sums make each threshold O(log bins + classes).
 */
export function histogramCounts(h: PairHistograms): CountSource & { edgeDist: Float64Array } {
  const { bins, numClasses: C } = h;
  const edgeDist = edgeDistances(bins);
  const cumPos = new Float64Array(C * (bins + 1));
  const cumNeg = new Float64Array(C * (bins + 1));
  const posTotal = new Float64Array(C);
  const negTotal = new Float64Array(C);
  for (let t = 0; t < C; t++) {
    const o = t * (bins + 1);
    for (let k = bins - 1; k >= 0; k--) {
      cumPos[o + k] = cumPos[o + k + 1] + h.pos[t * bins + k];
      cumNeg[o + k] = cumNeg[o + k + 1] + h.neg[t * bins + k];
    }
    posTotal[t] = cumPos[o];
    negTotal[t] = cumNeg[o];
  }
  const g = globalCounts(h);
  // Negative levels ascending by distance = bins descending by cosine.
  const negDist = new Float64Array(bins);
  const negCount = new Float64Array(bins);
  for (let i = 0; i < bins; i++) {
    const k = bins - 1 - i;
    negDist[i] = edgeDist[k];
    negCount[i] = g.neg[k];
  }
  return {
    numClasses: C,
    posTotal,
    negTotal,
    edgeDist,
    negDist,
    negCount,
    accepted(d, accPos, accNeg) {
      const e = firstAcceptedBin(edgeDist, d);
      for (let t = 0; t < C; t++) {
        accPos[t] = e > bins ? 0 : cumPos[t * (bins + 1) + e];
        accNeg[t] = e > bins ? 0 : cumNeg[t * (bins + 1) + e];
      }
    },
  };
}
