// The bench's seeded sets shaped like a face or product gallery: unit-norm class centres plus
// N(0, noise²) noise, classes drawn with Zipf weights 1/(k + 1). The peer part writes them as .npy
// (peer.mjs); the k-means agreement test (src/eval/clustering/agreement.test.ts) makes the same sets.
import { rng } from './ownEmbeddings.mjs';

/** The seeded Zipf set of `n` × `dim` (row-major float32) with `classes` classes and its labels. */
export function zipfSet({ n, dim = 64, classes, seed = 1, noise = 0.11 }) {
  const r = rng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const centres = Array.from({ length: classes }, () => {
    const c = Array.from({ length: dim }, gauss);
    const norm = Math.hypot(...c);
    return c.map((v) => v / norm);
  });
  // Class k with weight 1/(k + 1): the cumulative weights, searched by bisection per item.
  const cumulative = [];
  let total = 0;
  for (let k = 0; k < classes; k++) cumulative.push((total += 1 / (k + 1)));
  const pick = () => {
    const u = r() * total;
    let lo = 0;
    let hi = classes - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const labels = new Int32Array(n);
  const values = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) {
    const y = (labels[i] = pick());
    for (let k = 0; k < dim; k++) values[i * dim + k] = centres[y][k] + noise * gauss();
  }
  return { values, labels };
}
