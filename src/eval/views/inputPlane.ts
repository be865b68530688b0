/**
 * The input plane of a 2-D toy set (what TensorFlow Playground users expect to see): a grid over
 * the data's extent whose cells are coloured by the class the model assigns to that location.
 * Pure TypeScript; the worker embeds the grid with the encoder.
 */

/** Bounds of the plane: [xMin, xMax, yMin, yMax]. */
export type Extent = [number, number, number, number];

/** A size × size grid over the padded bounding box of `points` (n × 2): its extent and the cell centres, row by row from the top. */
export function planeGrid(points: Float32Array, size: number, pad = 0.08): { extent: Extent; centres: Float32Array } {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 2) {
    x0 = Math.min(x0, points[i]);
    x1 = Math.max(x1, points[i]);
    y0 = Math.min(y0, points[i + 1]);
    y1 = Math.max(y1, points[i + 1]);
  }
  if (!(x1 > x0)) [x0, x1] = [(x0 || 0) - 1, (x1 || 0) + 1];
  if (!(y1 > y0)) [y0, y1] = [(y0 || 0) - 1, (y1 || 0) + 1];
  // A square plane, so distances look the same along both axes.
  const half = (Math.max(x1 - x0, y1 - y0) / 2) * (1 + pad);
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const extent: Extent = [cx - half, cx + half, cy - half, cy + half];
  const centres = new Float32Array(size * size * 2);
  const cell = (2 * half) / size;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const k = 2 * (r * size + c);
      centres[k] = extent[0] + (c + 0.5) * cell;
      centres[k + 1] = extent[3] - (r + 0.5) * cell;
    }
  }
  return { extent, centres };
}

/** Normalised class centroids of l2-normalised embeddings (M × d, M = max label + 1; absent classes stay zero). */
export function classCentroids(embeddings: ArrayLike<number>, labels: ArrayLike<number>, d: number): Float64Array {
  let m = 0;
  for (let i = 0; i < labels.length; i++) m = Math.max(m, labels[i] + 1);
  const c = new Float64Array(m * d);
  for (let i = 0; i < labels.length; i++) for (let j = 0; j < d; j++) c[labels[i] * d + j] += embeddings[i * d + j];
  for (let k = 0; k < m; k++) {
    let norm = 0;
    for (let j = 0; j < d; j++) norm += c[k * d + j] ** 2;
    norm = Math.sqrt(norm);
    if (norm > 1e-12) for (let j = 0; j < d; j++) c[k * d + j] /= norm;
  }
  return c;
}

/** For each of the n embeddings (n × d), the index of the centroid (M × d) of largest cosine; zero centroids never win. */
export function nearestCentroid(embeddings: ArrayLike<number>, n: number, centroids: Float64Array, d: number): Int32Array {
  const m = centroids.length / d;
  const out = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    for (let k = 0; k < m; k++) {
      let dot = 0;
      let norm = 0;
      for (let j = 0; j < d; j++) {
        dot += embeddings[i * d + j] * centroids[k * d + j];
        norm += centroids[k * d + j] ** 2;
      }
      if (norm > 0 && dot > best) {
        best = dot;
        out[i] = k;
      }
    }
  }
  return out;
}
