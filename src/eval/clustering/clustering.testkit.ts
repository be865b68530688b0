/** Sets for the k-means tests: seeded Gaussian blobs, as float32 rows and l2-normalised float64 ones. */
import { Rng } from '../../data/rng';
import { normaliseRows } from '../pairs/accumulate';

/** n items of C blobs around standard-normal centres in d dimensions, blob spread `noise`, labels drawn at random. */
export function blobSet(seed: number, n: number, C: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Array.from({ length: n }, () => rng.int(C));
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  return { emb, x: normaliseRows(emb, n, d), labels, n, d, C };
}

/** Row-major n × d numbers as the reference's rows. */
export const rowsOf = (x: ArrayLike<number>, n: number, d: number): number[][] => Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, t) => x[i * d + t]));
