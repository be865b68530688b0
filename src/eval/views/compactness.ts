/**
 * Two measures of how the evaluation embeddings group by class that apply to every loss family
 * alike (classifier, pair and P×K losses; closed and open split), from the embeddings and labels
 * only — no class weights, so a softmax run compares with an SSM or triplet run, and the open
 * split (whose classes no classifier saw) is measured too: the leave-one-out
 * {@link nearestCentroidAccuracy} and the {@link classCompactness} ratio (HU's lesson: the
 * temperature decides how tightly each class gathers and how well the classes separate).
 * Rows are l2-normalised here in float64 (an all-zero row stays zero); a centroid is the normalised
 * sum of its class's normalised rows, and one of length ≤ 1e-12 (SPEC's ε) has no direction: its
 * cosine with anything is 0. Labels may be any integers (the open split evaluates digits 6–9).
 */

/** Result of {@link nearestCentroidAccuracy}. */
export interface CentroidAccuracy {
  /** Fraction of the counted items whose nearest centroid is their own class's (NaN if none counted). */
  accuracy: number;
  /** Items counted: those whose class has at least one other item (a singleton has no own centroid). */
  counted: number;
  /** Of them, assigned to their own class. */
  correct: number;
}

/** Result of {@link classCompactness}. */
export interface Compactness {
  /** Mean angle (radians) between an item and its own class centroid (item included), over all items. */
  intra: number;
  /** Mean angle (radians) between two different class centroids, over unordered class pairs (NaN with one class). */
  inter: number;
  /** Mean over classes of the angle (radians) from its centroid to the nearest other centroid (NaN with one class). */
  nearest: number;
  /** intra / nearest: lower = tighter classes (NaN with fewer than two classes or nearest = 0). */
  ratio: number;
}

/** Rows of `emb` (n × d, row-major) l2-normalised into float64; zero rows stay zero. */
function normalised(emb: ArrayLike<number>, n: number, d: number): Float64Array {
  if (!(n >= 0) || !(d >= 1) || emb.length < n * d) {
    throw new RangeError(`compactness: ${emb.length} values cannot hold ${n} × ${d} embeddings`);
  }
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < d; k++) s += emb[i * d + k] * emb[i * d + k];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let k = 0; k < d; k++) x[i * d + k] = emb[i * d + k] * inv;
  }
  return x;
}

/** Per-class sums of the normalised rows: the distinct labels (ascending), their sums and counts. */
function classSums(x: Float64Array, labels: ArrayLike<number>, n: number, d: number) {
  const classes = [...new Set(Array.from({ length: n }, (_, i) => labels[i]))].sort((a, b) => a - b);
  const index = new Map(classes.map((c, j) => [c, j]));
  const sums = new Float64Array(classes.length * d);
  const counts = new Int32Array(classes.length);
  const of = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const j = index.get(labels[i]) as number;
    of[i] = j;
    counts[j]++;
    for (let k = 0; k < d; k++) sums[j * d + k] += x[i * d + k];
  }
  return { classes, sums, counts, of };
}

/** Below this length (SPEC's ε) a centroid counts as zero-length: rounding noise has no direction. */
const EPS = 1e-12;

/** Normalises the d-vector at v[off…] in place; returns false (and zeroes it) if its length is ≤ ε. */
function normaliseAt(v: Float64Array, off: number, d: number): boolean {
  let s = 0;
  for (let k = 0; k < d; k++) s += v[off + k] * v[off + k];
  if (!(s > EPS * EPS)) {
    v.fill(0, off, off + d);
    return false;
  }
  const inv = 1 / Math.sqrt(s);
  for (let k = 0; k < d; k++) v[off + k] *= inv;
  return true;
}

/** Angle in radians from a cosine, clamped to [−1, 1] against rounding. */
const angle = (c: number) => Math.acos(Math.min(1, Math.max(-1, c)));

/**
 * Leave-one-out nearest-class-centroid accuracy of n embeddings (n × d, row-major) with labels.
 * For item i of class y the candidates are every other class's centroid (all its items) and the
 * centroid of y without i, all normalised; the prediction is the candidate of largest cosine
 * (ties go to the smaller label; a zero-length candidate scores 0). Items of a one-item class are
 * not counted (nothing is left to form their own centroid) but their class stays a candidate for
 * the others. With a single class every counted item is correct.
 */
export function nearestCentroidAccuracy(emb: ArrayLike<number>, labels: ArrayLike<number>, n: number, d: number): CentroidAccuracy {
  const x = normalised(emb, n, d);
  const { sums, counts, of } = classSums(x, labels, n, d);
  const C = counts.length;
  const centroids = Float64Array.from(sums);
  for (let j = 0; j < C; j++) normaliseAt(centroids, j * d, d);
  const own = new Float64Array(d);
  let counted = 0;
  let correct = 0;
  for (let i = 0; i < n; i++) {
    const y = of[i];
    if (counts[y] < 2) continue;
    counted++;
    for (let k = 0; k < d; k++) own[k] = sums[y * d + k] - x[i * d + k];
    let ownLen = 0;
    for (let k = 0; k < d; k++) ownLen += own[k] * own[k];
    let ownScore = 0;
    if (ownLen > EPS * EPS) {
      for (let k = 0; k < d; k++) ownScore += own[k] * x[i * d + k];
      ownScore /= Math.sqrt(ownLen);
    }
    let best = -1;
    let bestScore = -Infinity;
    for (let j = 0; j < C; j++) {
      let s = 0;
      if (j === y) s = ownScore;
      else for (let k = 0; k < d; k++) s += centroids[j * d + k] * x[i * d + k];
      if (s > bestScore) {
        bestScore = s;
        best = j;
      }
    }
    if (best === y) correct++;
  }
  return { accuracy: counted > 0 ? correct / counted : NaN, counted, correct };
}

/**
 * Class compactness of n embeddings (n × d, row-major) with labels: `ratio = intra / nearest`, with
 * `intra` the mean angle (radians) between an item and its class centroid over all items, and
 * `nearest` the mean over classes of the angle from the class centroid to the nearest other one.
 * Lower = tighter classes relative to the gaps between them; 0 when every class is a point, about 1
 * or more when classes overlap; scale-free, so embedding sizes compare. The nearest gap, not the mean
 * over all centroid pairs, is the denominator because a small α lets neighbouring classes merge
 * while the mean pair angle barely moves (on MNIST, d = 2: mean pair angle 1.67 rad at α = 0.25 as
 * at α = 16, nearest gap 0.18 rad against 0.60 rad). `inter`, the mean over all centroid pairs, is
 * reported beside it. `intra` is 0 for a one-item class's item; with no items everything is NaN.
 */
export function classCompactness(emb: ArrayLike<number>, labels: ArrayLike<number>, n: number, d: number): Compactness {
  const x = normalised(emb, n, d);
  const { sums, counts, of } = classSums(x, labels, n, d);
  const C = counts.length;
  const centroids = Float64Array.from(sums);
  for (let j = 0; j < C; j++) normaliseAt(centroids, j * d, d);
  let intraSum = 0;
  for (let i = 0; i < n; i++) {
    let c = 0;
    for (let k = 0; k < d; k++) c += x[i * d + k] * centroids[of[i] * d + k];
    intraSum += angle(c);
  }
  const intra = n > 0 ? intraSum / n : NaN;
  let interSum = 0;
  let pairs = 0;
  const nearest = new Float64Array(C).fill(Infinity);
  for (let a = 0; a < C; a++) {
    for (let b = a + 1; b < C; b++) {
      let c = 0;
      for (let k = 0; k < d; k++) c += centroids[a * d + k] * centroids[b * d + k];
      const t = angle(c);
      interSum += t;
      pairs++;
      if (t < nearest[a]) nearest[a] = t;
      if (t < nearest[b]) nearest[b] = t;
    }
  }
  const inter = pairs > 0 ? interSum / pairs : NaN;
  const nearestMean = C > 1 ? nearest.reduce((s, t) => s + t, 0) / C : NaN;
  const ratio = C > 1 && nearestMean > 0 ? intra / nearestMean : NaN;
  return { intra, inter, nearest: nearestMean, ratio };
}
