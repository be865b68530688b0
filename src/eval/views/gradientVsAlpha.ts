/**
 * HU Fig. 2 from the current model: the norm of the cross-entropy gradient with respect to the
 * normalised embedding, ‖∂ℓ/∂f̂‖ = α‖Σ_m (p_m − q_m) ŵ_m‖ (SPEC "Softmax classifier with
 * temperature"), as a function of the scale α, for the "hard", "boundary" and "centroid" samples
 * of the evaluation set ({@link classifySamples}). Pure typed-array math so it runs in the worker;
 * the result is plain data for postMessage and a d3 log-x plot. Samples whose label has no class
 * weight (label < 0 or ≥ M, e.g. open-world classes) are skipped.
 */

/** The three sample types of HU Fig. 1/2. */
export type SampleType = 'hard' | 'boundary' | 'centroid';

/** Sample types in drawing order. */
export const SAMPLE_TYPES: readonly SampleType[] = ['hard', 'boundary', 'centroid'];

/** Codes of `classifySamples().type`. */
export const TYPE_CODE = { skipped: -1, hard: 0, boundary: 1, centroid: 2, middle: 3 } as const;

/** Inputs: the evaluation embeddings and the classifier's class weights, both l2-normalised rows. */
export interface GradientVsAlphaInput {
  /** n × dim, row-major, rows l2-normalised. */
  embeddings: Float32Array | Float64Array;
  /** n labels; those outside 0 … M−1 are skipped. */
  labels: Int32Array;
  /** M × dim, row-major, rows l2-normalised class weights ŵ_m. */
  weights: Float32Array | Float64Array;
  /** Embedding size. */
  dim: number;
  /** The current scale α (> 0); always on the returned grid. */
  alpha: number;
  /** α values to evaluate (> 0); default `defaultAlphaGrid(alpha)`. Sorted, deduplicated, α added. */
  alphas?: ArrayLike<number>;
  /** At most this many samples per type enter the curves (default 300). */
  maxPerType?: number;
}

/** The curves of one sample type; all arrays have the grid's length, or length 0 when count = 0. */
export interface GradientBand {
  /** Samples of this type (before the cap). */
  count: number;
  /** Samples the curves are computed from: min(count, maxPerType), evenly spaced in margin order. */
  used: number;
  /** Median of ‖∂ℓ/∂f̂‖ at each grid α. */
  median: Float64Array;
  /** 25th percentile at each grid α (linear interpolation between order statistics). */
  p25: Float64Array;
  /** 75th percentile at each grid α. */
  p75: Float64Array;
}

/** The whole figure: serialisable (numbers, strings, Float64Arrays). */
export interface GradientVsAlphaResult {
  /** Ascending α grid; contains `alpha` exactly. */
  alphas: Float64Array;
  /** The current α. */
  alpha: number;
  /** alphas[alphaIndex] === alpha. */
  alphaIndex: number;
  /** Per-type curves. */
  types: Record<SampleType, GradientBand>;
  /** Samples with a class weight (hard + boundary + centroid + middle). */
  evaluated: number;
  /** Samples skipped because their label has no class weight. */
  skipped: number;
  /** Easy samples between the boundary and centroid thirds (not drawn). */
  middle: number;
  /** Largest cosine margin among boundary samples (NaN when none). */
  boundaryMaxMargin: number;
  /** Smallest cosine margin among centroid samples (NaN when none). */
  centroidMinMargin: number;
  /** Why there is nothing to draw (no sample has a class weight), else null. */
  reason: string | null;
}

/**
 * ~`count` α values log-spaced over [lo, hi] (defaults 40 over 0.1 … 128) with `alpha` inserted
 * exactly when it is not already a grid point, so the current α's value can be read off the curves.
 */
export function defaultAlphaGrid(alpha: number, count = 40, lo = 0.1, hi = 128): Float64Array {
  const g: number[] = [];
  for (let k = 0; k < count; k++) g.push(k === count - 1 ? hi : lo * Math.pow(hi / lo, count > 1 ? k / (count - 1) : 0));
  return normaliseGrid(g, alpha);
}

/** Sorted, deduplicated copy of a grid with α inserted; throws on a non-positive or non-finite value. */
function normaliseGrid(alphas: ArrayLike<number>, alpha: number): Float64Array {
  const all = [...Array.from(alphas), alpha];
  for (const a of all) if (!(Number.isFinite(a) && a > 0)) throw new Error(`gradientVsAlpha: α must be finite and > 0, got ${a}`);
  return Float64Array.from(new Set(all)).sort();
}

/** Checks the shapes; returns n, M and d. */
function shapes(x: GradientVsAlphaInput): { n: number; M: number; d: number } {
  const d = x.dim;
  const n = x.labels.length;
  if (!Number.isInteger(d) || d < 1) throw new Error(`gradientVsAlpha: bad dim ${d}`);
  if (x.embeddings.length !== n * d) throw new Error(`gradientVsAlpha: embeddings length ${x.embeddings.length} ≠ n·dim = ${n * d}`);
  if (x.weights.length % d !== 0) throw new Error(`gradientVsAlpha: weights length ${x.weights.length} is not a multiple of dim ${d}`);
  return { n, M: x.weights.length / d, d };
}

/** ⟨a[ao …], b[bo …]⟩ over d coordinates, four accumulators (the cosines dominate the cost at d = 128). */
function dot(a: Float32Array | Float64Array, ao: number, b: Float32Array | Float64Array, bo: number, d: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, t = 0;
  for (; t + 3 < d; t += 4) {
    s0 += a[ao + t] * b[bo + t];
    s1 += a[ao + t + 1] * b[bo + t + 1];
    s2 += a[ao + t + 2] * b[bo + t + 2];
    s3 += a[ao + t + 3] * b[bo + t + 3];
  }
  for (; t < d; t++) s0 += a[ao + t] * b[bo + t];
  return s0 + s1 + (s2 + s3);
}

/** Cosines n × M (float64; rows of skipped samples left 0) and the weight Gram matrix M × M. */
function cosinesAndGram(x: GradientVsAlphaInput, n: number, M: number, d: number) {
  const { embeddings: f, weights: w, labels } = x;
  const cos = new Float64Array(n * M);
  for (let i = 0; i < n; i++) {
    if (labels[i] < 0 || labels[i] >= M) continue;
    for (let m = 0; m < M; m++) cos[i * M + m] = dot(f, i * d, w, m * d, d);
  }
  // ‖Σ r_m ŵ_m‖² = rᵀGr: O(M²) per α instead of O(M·d).
  const gram = new Float64Array(M * M);
  for (let a = 0; a < M; a++) for (let b = a; b < M; b++) gram[a * M + b] = gram[b * M + a] = dot(w, a * d, w, b * d, d);
  return { cos, gram };
}

/**
 * ‖∂ℓ/∂f̂‖ for one sample (cosines cos[co … co+M−1], label y) at each α, written to out[oo …].
 * Max-subtracted softmax; r_y = p_y − 1 is formed as −Σ_{m≠y} p_m so it keeps its relative
 * precision when p_y → 1 (centroid samples at large α). `r`, `dc`: scratch of length M.
 */
function normsForSample(cos: Float64Array, co: number, M: number, y: number, gram: Float64Array, alphas: Float64Array, out: Float64Array, oo: number, r: Float64Array, dc: Float64Array): void {
  let top = 0;
  for (let m = 1; m < M; m++) if (cos[co + m] > cos[co + top]) top = m;
  for (let m = 0; m < M; m++) dc[m] = cos[co + m] - cos[co + top];
  for (let k = 0; k < alphas.length; k++) {
    const a = alphas[k];
    let S = 0;
    for (let m = 0; m < M; m++) {
      const t = a * dc[m];
      S += r[m] = t < -746 ? 0 : Math.exp(t); // below −746 exp underflows to 0 anyway; skip the call
    }
    const inv = 1 / S;
    let others = 0;
    for (let m = 0; m < M; m++) if (m !== y) others += r[m] *= inv;
    r[y] = -others;
    // rᵀGr from the upper triangle (G symmetric).
    let q = 0;
    for (let u = 0; u < M; u++) {
      const ru = r[u];
      let s = 0.5 * gram[u * M + u] * ru;
      for (let v = u + 1; v < M; v++) s += gram[u * M + v] * r[v];
      q += ru * s;
    }
    out[oo + k] = a * Math.sqrt(Math.max(0, 2 * q)); // rounding can leave q a hair below 0
  }
}

/**
 * ‖∂ℓ/∂f̂‖ for every sample at every α of `alphas` (used as given): n × alphas.length, row-major;
 * NaN rows for samples without a class weight. The per-sample curves behind the bands.
 */
export function perSampleGradientNorms(x: GradientVsAlphaInput, alphas: ArrayLike<number>): Float64Array {
  const { n, M, d } = shapes(x);
  const grid = Float64Array.from(alphas);
  const { cos, gram } = cosinesAndGram(x, n, M, d);
  const out = new Float64Array(n * grid.length).fill(NaN);
  const r = new Float64Array(M);
  const dc = new Float64Array(M);
  for (let i = 0; i < n; i++) {
    const y = x.labels[i];
    if (y >= 0 && y < M) normsForSample(cos, i * M, M, y, gram, grid, out, i * grid.length, r, dc);
  }
  return out;
}

/** Per-sample cosine margins and types (`TYPE_CODE`), decided as in the module comment. */
export interface SampleClassification {
  /** TYPE_CODE per sample. */
  type: Int8Array;
  /** c_y − max_{m≠y} c_m (+∞ when M = 1, NaN when skipped). */
  margin: Float64Array;
  /** Sample indices of each type, in ascending margin order (ties → lower index). */
  members: Record<SampleType, Int32Array>;
  /** Count of easy samples in the middle third. */
  middle: number;
  /** Count of skipped samples. */
  skipped: number;
}

/**
 * Classifies every sample as hard / boundary / centroid / middle / skipped from its cosines
 * c_m = ⟨f̂, ŵ_m⟩, once: since α > 0, z_m ≥ z_y ⟺ c_m ≥ c_y, so the type does not depend on α, and
 * the margin c_y − max_{m≠y} c_m (in cosine) compares across α.
 * - hard: margin ≤ 0 (HU: "{x : ∃m ≠ y, z_m ≥ z_y}").
 * - easy samples split into HU §3.1's "boundary" (close to the decision boundary) and "centroid"
 *   (close to the centre of the class's region). HU gives no number for "close", and a fixed cosine
 *   margin means different things for different d and M (a 2-d, 10-class centroid has margin
 *   ≈ 1 − cos 36° ≈ 0.19, a 128-d one can have ≈ 1), so the split is relative: of E easy samples
 *   ranked by margin (ties → lower index) the lowest round(E/3) are boundary, the highest round(E/3)
 *   centroid, and the middle third is counted but not drawn, which keeps the two curves apart.
 */
export function classifySamples(x: Pick<GradientVsAlphaInput, 'embeddings' | 'labels' | 'weights' | 'dim'>): SampleClassification {
  const xi = { ...x, alpha: 1 };
  const { n, M, d } = shapes(xi);
  return classifyFromCosines(cosinesAndGram(xi, n, M, d).cos, x.labels, n, M);
}

/** classifySamples on precomputed cosines (shared with gradientVsAlpha). */
function classifyFromCosines(cos: Float64Array, labels: Int32Array, n: number, M: number): SampleClassification {
  const type = new Int8Array(n).fill(TYPE_CODE.skipped);
  const margin = new Float64Array(n).fill(NaN);
  const hard: number[] = [];
  const easy: number[] = [];
  for (let i = 0; i < n; i++) {
    const y = labels[i];
    if (y < 0 || y >= M) continue;
    let other = -Infinity;
    for (let m = 0; m < M; m++) if (m !== y && cos[i * M + m] > other) other = cos[i * M + m];
    margin[i] = cos[i * M + y] - other;
    if (margin[i] <= 0) {
      type[i] = TYPE_CODE.hard;
      hard.push(i);
    } else easy.push(i);
  }
  const byMargin = (a: number, b: number) => margin[a] - margin[b] || a - b;
  hard.sort(byMargin);
  easy.sort(byMargin);
  const third = Math.round(easy.length / 3);
  const boundary = easy.slice(0, third);
  const centroid = easy.slice(easy.length - third);
  for (const i of easy) type[i] = TYPE_CODE.middle;
  for (const i of boundary) type[i] = TYPE_CODE.boundary;
  for (const i of centroid) type[i] = TYPE_CODE.centroid;
  let skipped = 0;
  for (let i = 0; i < n; i++) if (type[i] === TYPE_CODE.skipped) skipped++;
  return {
    type,
    margin,
    members: { hard: Int32Array.from(hard), boundary: Int32Array.from(boundary), centroid: Int32Array.from(centroid) },
    middle: easy.length - 2 * third,
    skipped,
  };
}

/** Quantile of sorted values, linear interpolation between order statistics (numpy's default). */
function quantileSorted(v: Float64Array, q: number): number {
  const h = (v.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, v.length - 1);
  return v[lo] + (h - lo) * (v[hi] - v[lo]);
}

/** `cap` members evenly spaced over the margin-sorted list (all when there are ≤ cap). */
function evenlySpaced(members: Int32Array, cap: number): Int32Array {
  if (members.length <= cap) return members;
  const out = new Int32Array(cap);
  for (let j = 0; j < cap; j++) out[j] = members[Math.floor(((j + 0.5) * members.length) / cap)];
  return out;
}

/**
 * HU Fig. 2 for the current model: per sample type, the count and, at each grid α, the median and
 * 25th–75th percentile band of ‖∂ℓ/∂f̂‖. Types are fixed at the current α (see the module comment).
 * When no sample has a class weight the bands are empty and `reason` says why.
 */
export function gradientVsAlpha(x: GradientVsAlphaInput): GradientVsAlphaResult {
  const { n, M, d } = shapes(x);
  const grid = x.alphas ? normaliseGrid(x.alphas, x.alpha) : defaultAlphaGrid(x.alpha);
  const cap = Math.max(1, Math.floor(x.maxPerType ?? 300));
  const { cos, gram } = cosinesAndGram(x, n, M, d);
  const cls = classifyFromCosines(cos, x.labels, n, M);
  const A = grid.length;
  const r = new Float64Array(M);
  const dc = new Float64Array(M);
  const band = (members: Int32Array): GradientBand => {
    const used = evenlySpaced(members, cap);
    const k = used.length;
    const res: GradientBand = { count: members.length, used: k, median: new Float64Array(k ? A : 0), p25: new Float64Array(k ? A : 0), p75: new Float64Array(k ? A : 0) };
    if (!k) return res;
    const norms = new Float64Array(k * A);
    for (let j = 0; j < k; j++) normsForSample(cos, used[j] * M, M, x.labels[used[j]], gram, grid, norms, j * A, r, dc);
    const col = new Float64Array(k);
    for (let a = 0; a < A; a++) {
      for (let j = 0; j < k; j++) col[j] = norms[j * A + a];
      col.sort();
      res.median[a] = quantileSorted(col, 0.5);
      res.p25[a] = quantileSorted(col, 0.25);
      res.p75[a] = quantileSorted(col, 0.75);
    }
    return res;
  };
  const evaluated = n - cls.skipped;
  const { boundary, centroid } = cls.members;
  return {
    alphas: grid,
    alpha: x.alpha,
    alphaIndex: grid.indexOf(x.alpha),
    types: { hard: band(cls.members.hard), boundary: band(boundary), centroid: band(centroid) },
    evaluated,
    skipped: cls.skipped,
    middle: cls.middle,
    boundaryMaxMargin: boundary.length ? cls.margin[boundary[boundary.length - 1]] : NaN,
    centroidMinMargin: centroid.length ? cls.margin[centroid[0]] : NaN,
    reason: evaluated > 0 ? null : n === 0 ? 'no evaluation samples' : `no evaluation sample has a class weight (all ${n} labels are outside 0…${M - 1}: classes the classifier never saw)`,
  };
}
