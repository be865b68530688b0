/**
 * The distance kernels of k-means (kmeans.ts): squared distances from points to centres, summed
 * exactly as the reference sums them (point minus centre, squared, added in coordinate order),
 * several at a time in independent sums, and the relative widening every triangle-inequality bound
 * of kmeans.ts uses. Kept apart so that the algorithm reads in one sitting.
 */

/** Relative widening of every triangle-inequality bound (see the file comment). */
export const REL = 1e-9;

/** The points as a Float64Array (a copy for float32 input: the values are the same numbers). */
export const asF64 = (p: Float32Array | Float64Array, len: number): Float64Array =>
  p instanceof Float64Array ? p : Float64Array.from(p.subarray(0, len));

/** Σ_t (p_t − c_t)², in coordinate order. */
export function sqDist(p: Float64Array, po: number, c: Float64Array, co: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const v = p[po + t] - c[co + t];
    s += v * v;
  }
  return s;
}

/** The index of the smallest of `dist[0 … k−1]`, the lower index on a tie (as the reference assigns). */
export function nearestIndex(dist: ArrayLike<number>, k: number): number {
  let best = 0;
  for (let j = 1; j < k; j++) if (dist[j] < dist[best]) best = j;
  return best;
}

/**
 * Squared distances of point `po` to centres j0 … j1−1 into out[j0 …], each summed as
 * {@link sqDist} sums it, four centres at a time.
 */
export function distancesToCentres(p: Float64Array, po: number, c: Float64Array, j0: number, j1: number, d: number, out: Float64Array): void {
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
export function gatherDistances(x: Float64Array, xo: Int32Array, c: Float64Array, co: Int32Array, from: number, count: number, d: number, out: Float64Array): void {
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
export function gatherAll(x: Float64Array, xo: Int32Array, c: Float64Array, co: Int32Array, count: number, d: number, out: Float64Array): void {
  for (let q = 0; q < count; q += 4) gatherDistances(x, xo, c, co, q, Math.min(4, count - q), d, out);
}

/**
 * Squared distances of the points at row offsets xo[0 … count) to the centre at offset co into
 * out[0 …], each summed as {@link sqDist} sums it, four points at a time (the centre's coordinate
 * read once for the four).
 */
export function pointsToCentre(x: Float64Array, xo: Int32Array, count: number, c: Float64Array, co: number, d: number, out: Float64Array): void {
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
export function maxNorm(p: Float64Array, n: number, d: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < d; t++) s += p[i * d + t] * p[i * d + t];
    if (s > m) m = s;
  }
  return Math.sqrt(m);
}
