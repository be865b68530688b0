/**
 * The exact, sort-based all-pairs path (SPEC "Evaluation": "Exact for small sets"), for sets up to
 * ~2,000 items (2M pairs, ~50 MB): every pair cosine in a Float64Array, sorted — no binning. It
 * computes the cosines exactly as accumulateJs (and the reference) do — rows normalised with
 * {@link normaliseRows}, dot products summed t = 0 … d−1 in float64 — so a histogram from
 * accumulateJs is the exact path's cosines binned, bit for bit, and the binned metrics can be
 * cross-checked against these.
 *
 * Cosines within 2⁻⁴⁰ of their neighbour in the sorted order form one tie group (ties.ts, SPEC:
 * cosines equal in exact arithmetic must not be split by float rounding). The metric cores
 * (prAuc.ts, calibration.ts, opis.ts) are reused: AP over the tie groups (one operating point
 * each), and a {@link CountSource} whose levels are the distinct distances of the cosines as
 * computed (per-class sorted distances, binary-searched) for the calibration range, utility, OPIS, ε-OPIS.
 */
import { assertFiniteEmbeddings } from '../finite';
import { normaliseRows } from './accumulate';
import { TIE_TOLERANCE } from './ties';
import { sphereDistance, type CountSource } from './countSource';

export interface ExactPairs extends CountSource {
  n: number;
  /** Tie groups by cosine, DESCENDING (each its lowest cosine), with their positives / negatives (global, each pair once). */
  cos: Float64Array;
  pos: Float64Array;
  neg: Float64Array;
}

/**
 * Largest n the exact path accepts: it holds ~50 bytes per pair at its peak (≈ 100 MB at 2,000
 * items, ≈ 160 MB at 2,500).
 */
export const EXACT_MAX_ITEMS = 2500;

/** In place: cosines → their distances, ascending (cosines sorted descending give ascending distances). */
function distancesAscending(cosines: Float64Array): Float64Array {
  cosines.sort(); // ascending cosine
  cosines.reverse();
  for (let i = 0; i < cosines.length; i++) cosines[i] = sphereDistance(cosines[i]);
  return cosines;
}

/** Number of entries of an ascending array that are ≤ d (binary search). */
function countAtMost(sorted: Float64Array, d: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every pair's cosine, sorted, with per-class sorted distances. Throws above {@link EXACT_MAX_ITEMS}
 * and on non-finite rows (their ties would never end).
 */
export function exactPairs(emb: Float32Array, labels: ArrayLike<number>, n: number, d: number, numClasses: number, unit?: Float64Array): ExactPairs {
  if (n > EXACT_MAX_ITEMS) throw new RangeError(`exact path: ${n} items is more than ${EXACT_MAX_ITEMS}`);
  assertFiniteEmbeddings(emb, n, d);
  const x = unit ?? normaliseRows(emb, n, d);
  const { allPos, allNeg, posOf, negOf } = everyCosine(x, labels, n, d, numClasses);
  allPos.sort();
  allNeg.sort();
  const groups = tieGroupsDescending(allPos, allNeg);
  const levels = negativeLevels(allNeg);
  const posDist = posOf.map(distancesAscending);
  const negDistOf = negOf.map(distancesAscending);
  return {
    n,
    numClasses,
    ...groups,
    posTotal: Float64Array.from(posOf, (a) => a.length),
    negTotal: Float64Array.from(negOf, (a) => a.length),
    ...levels,
    accepted(dd, accPos, accNeg) {
      for (let t = 0; t < numClasses; t++) {
        accPos[t] = countAtMost(posDist[t], dd);
        accNeg[t] = countAtMost(negDistOf[t], dd);
      }
    },
  };
}

/** Every pair's float64 cosine (coordinate order), as positives and negatives, and per class (a negative in both its classes). */
function everyCosine(x: Float64Array, labels: ArrayLike<number>, n: number, d: number, numClasses: number) {
  const classCount = new Int32Array(numClasses);
  for (let i = 0; i < n; i++) {
    const y = labels[i];
    if (!(Number.isInteger(y) && y >= 0 && y < numClasses)) throw new RangeError(`label ${y} of item ${i} is outside 0 … ${numClasses - 1}`);
    classCount[y]++;
  }
  // Sizes: positives of t = C(n_t, 2), negatives of t = n_t (n − n_t).
  const posOf = Array.from({ length: numClasses }, (_, t) => new Float64Array((classCount[t] * (classCount[t] - 1)) / 2));
  const negOf = Array.from({ length: numClasses }, (_, t) => new Float64Array(classCount[t] * (n - classCount[t])));
  const posFill = new Int32Array(numClasses);
  const negFill = new Int32Array(numClasses);
  let nPos = 0;
  for (let t = 0; t < numClasses; t++) nPos += posOf[t].length;
  const allPos = new Float64Array(nPos);
  const allNeg = new Float64Array((n * (n - 1)) / 2 - nPos);
  let ip = 0;
  let ineg = 0;
  for (let a = 0; a < n; a++) {
    const la = labels[a];
    const oa = a * d;
    for (let b = a + 1; b < n; b++) {
      const ob = b * d;
      let s = 0;
      for (let t = 0; t < d; t++) s += x[oa + t] * x[ob + t];
      const lb = labels[b];
      if (la === lb) {
        allPos[ip++] = s;
        posOf[la][posFill[la]++] = s;
      } else {
        allNeg[ineg++] = s;
        negOf[la][negFill[la]++] = s;
        negOf[lb][negFill[lb]++] = s;
      }
    }
  }
  return { allPos, allNeg, posOf, negOf };
}

/**
 * The global tie groups by cosine, descending (a merge of the two ascending lists), chained
 * (ties.ts): each group's threshold is its lowest cosine (the whole group is accepted there), with
 * its positives and negatives.
 */
function tieGroupsDescending(allPos: Float64Array, allNeg: Float64Array): { cos: Float64Array; pos: Float64Array; neg: Float64Array } {
  const cos: number[] = [];
  const pos: number[] = [];
  const neg: number[] = [];
  let i = allPos.length - 1;
  let j = allNeg.length - 1;
  let previous = Infinity;
  while (i >= 0 || j >= 0) {
    const positive = j < 0 || (i >= 0 && allPos[i] >= allNeg[j]);
    const c = positive ? allPos[i--] : allNeg[j--];
    if (previous - c > TIE_TOLERANCE) {
      cos.push(c);
      pos.push(0);
      neg.push(0);
    }
    cos[cos.length - 1] = c;
    if (positive) pos[pos.length - 1]++;
    else neg[neg.length - 1]++;
    previous = c;
  }
  return { cos: Float64Array.from(cos), pos: Float64Array.from(pos), neg: Float64Array.from(neg) };
}

/** The negatives' levels by DISTANCE, ascending, with their counts (distinct cosines may share a distance); `allNeg` ascending by cosine. */
function negativeLevels(allNeg: Float64Array): { negDist: Float64Array; negCount: Float64Array } {
  const negDistAll = new Float64Array(allNeg.length);
  for (let k = 0; k < allNeg.length; k++) negDistAll[k] = sphereDistance(allNeg[allNeg.length - 1 - k]);
  const negDist: number[] = [];
  const negCount: number[] = [];
  for (let k = 0; k < negDistAll.length; ) {
    let e = k;
    while (e < negDistAll.length && negDistAll[e] === negDistAll[k]) e++;
    negDist.push(negDistAll[k]);
    negCount.push(e - k);
    k = e;
  }
  return { negDist: Float64Array.from(negDist), negCount: Float64Array.from(negCount) };
}
