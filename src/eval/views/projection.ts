/**
 * 2-D views of embeddings for the embedding plot. For d = 2 the l2-normalised points already lie
 * on the unit circle (HU Fig. 3); for d > 2 we project onto the top two principal components.
 */

/** A linear map R^d → R² fitted on a set of points. */
export interface Projection2D {
  kind: 'circle' | 'pca';
  dim: number;
  /** Subtracted before projecting (zeros for the circle view). */
  mean: Float64Array;
  /** Two d-vectors, the axes. */
  axes: [Float64Array, Float64Array];
  /** Fraction of the variance the two axes explain (1 for d = 2). */
  explained: number;
}

/** Top eigenvector of a symmetric d×d matrix by power iteration from a fixed start. */
function topEigen(cov: Float64Array, d: number): { v: Float64Array; value: number } {
  let v = new Float64Array(d).map((_, i) => 1 / Math.sqrt(d) + i * 1e-3);
  let value = 0;
  for (let it = 0; it < 200; it++) {
    const w = new Float64Array(d);
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) w[i] += cov[i * d + j] * v[j];
    const norm = Math.hypot(...w);
    if (norm === 0) break;
    for (let i = 0; i < d; i++) w[i] /= norm;
    const delta = w.reduce((acc, x, i) => acc + Math.abs(x - v[i]), 0);
    v = w;
    value = norm;
    if (delta < 1e-10) break;
  }
  return { v, value };
}

/** Fits the 2-D view of n points of dimension d (row-major). */
export function fitProjection(points: Float32Array, n: number, d: number): Projection2D {
  if (d === 2) {
    return { kind: 'circle', dim: 2, mean: new Float64Array(2), axes: [Float64Array.of(1, 0), Float64Array.of(0, 1)], explained: 1 };
  }
  const mean = new Float64Array(d);
  for (let r = 0; r < n; r++) for (let j = 0; j < d; j++) mean[j] += points[r * d + j] / n;
  const cov = new Float64Array(d * d);
  const c = new Float64Array(d);
  for (let r = 0; r < n; r++) {
    for (let j = 0; j < d; j++) c[j] = points[r * d + j] - mean[j];
    for (let i = 0; i < d; i++) for (let j = i; j < d; j++) cov[i * d + j] += (c[i] * c[j]) / n;
  }
  let trace = 0;
  for (let i = 0; i < d; i++) {
    trace += cov[i * d + i];
    for (let j = 0; j < i; j++) cov[i * d + j] = cov[j * d + i];
  }
  const first = topEigen(cov, d);
  // Deflate to get the second component.
  for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) cov[i * d + j] -= first.value * first.v[i] * first.v[j];
  const second = topEigen(cov, d);
  return { kind: 'pca', dim: d, mean, axes: [first.v, second.v], explained: trace > 0 ? (first.value + second.value) / trace : 0 };
}

/** Projects n row-major points of the projection's dimension to n × 2 coordinates. */
export function project(p: Projection2D, points: Float32Array, n: number): Float32Array {
  const d = p.dim;
  const out = new Float32Array(n * 2);
  for (let r = 0; r < n; r++) {
    let x = 0;
    let y = 0;
    for (let j = 0; j < d; j++) {
      const v = points[r * d + j] - p.mean[j];
      x += v * p.axes[0][j];
      y += v * p.axes[1][j];
    }
    out[2 * r] = x;
    out[2 * r + 1] = y;
  }
  return out;
}
