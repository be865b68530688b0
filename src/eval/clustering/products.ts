/**
 * The one costly operation of k-means: products x_i · c_j of the points with a set of centres (the
 * seeding's candidates, Lloyd's centres), for a block of consecutive points or a list of points.
 * Squared distances follow as ‖x_i‖² + ‖c_j‖² − 2 x_i · c_j. The float32 products of the
 * WebAssembly SIMD kernel or a tfjs backend (src/eval/kernels/centreProducts.ts) are the fast path;
 * {@link jsCentreProducts} is the float64 one, for a thread without either and for the tests.
 */

/** Products of the points with the centres set by `use`. */
export interface CentreProducts {
  /** Points per block (the last block may be shorter). */
  readonly block: number;
  /** Largest rounding error of one product (0 when exact in float64), for the bounds' margins. */
  readonly error: number;
  /** Sets the k centres (row-major k × d) the next products are with. */
  use(centres: Float64Array, k: number): void;
  /** The row stride of the products below: k, or more where a kernel pads its rows. */
  readonly stride: number;
  /** Products of block b's points (b·block …) with the centres, row-major (points × stride). */
  blockProducts(b: number): Promise<Float32Array | Float64Array>;
  /** Products of the points `rows[0 … count)` (count ≤ block) with the centres, row-major (count × stride). */
  rowProducts(rows: Int32Array, count: number): Promise<Float32Array | Float64Array>;
  /**
   * Optional, the seeding's products at once: each of `count` rows (row-major count × d, such as
   * candidates) with every point, row by row (count × n), the same values as {@link blockProducts}
   * gives; valid until its next call. Without it, {@link candidateProducts} gathers them from blocks.
   */
  rowsTimesPoints?(rows: Float64Array, count: number): Promise<Float32Array>;
  dispose(): void;
}

/**
 * The products of each of `count` rows with every point, row by row (count × n): from
 * `rowsTimesPoints` where `products` has it, else block by block into `into` (or a new array
 * where it is too short or of the other type). `done` is awaited with the points done, after each
 * block or once.
 */
export async function candidateProducts(
  products: CentreProducts,
  rows: Float64Array,
  count: number,
  n: number,
  into: Float32Array | Float64Array,
  done: (points: number) => Promise<void>,
): Promise<Float32Array | Float64Array> {
  if (products.rowsTimesPoints) {
    const all = await products.rowsTimesPoints(rows, count);
    await done(n);
    return all;
  }
  products.use(rows, count);
  let out = into;
  for (let b = 0, first = 0; first < n; b++, first += products.block) {
    const p = await products.blockProducts(b);
    if (out.length < count * n || out.constructor !== p.constructor) out = p instanceof Float64Array ? new Float64Array(count * n) : new Float32Array(count * n);
    const m = Math.min(n, first + products.block) - first;
    for (let q = 0; q < m; q++) for (let l = 0; l < count; l++) out[l * n + first + q] = p[q * products.stride + l];
    await done(m);
  }
  return out;
}

/** Makes the products over n × d row-major unit points (the thread's fast path, or the JS one). */
export type CentreProductsMaker = (x: Float64Array, n: number, d: number) => Promise<CentreProducts> | CentreProducts;

/** Points per block: a block's products with 1,000 centres are then 16 MB. */
export const CENTRE_BLOCK = 4096;

/** Float64 products in JavaScript, four centres at a time. */
export function jsCentreProducts(x: Float64Array, n: number, d: number, block = CENTRE_BLOCK): CentreProducts {
  let c: Float64Array = new Float64Array(0);
  let k = 0;
  const rowsTimesCentres = (rowOf: (q: number) => number, count: number) => {
    const out = new Float64Array(count * k);
    for (let q = 0; q < count; q++) {
      const o = rowOf(q) * d;
      for (let j = 0; j < k; j++) {
        const co = j * d;
        let s = 0;
        for (let t = 0; t < d; t++) s += x[o + t] * c[co + t];
        out[q * k + j] = s;
      }
    }
    return out;
  };
  return {
    block,
    error: 0,
    get stride() {
      return k;
    },
    use(centres, count) {
      c = centres;
      k = count;
    },
    async blockProducts(b) {
      const first = b * block;
      return rowsTimesCentres((q) => first + q, Math.min(n, first + block) - first);
    },
    async rowProducts(rows, count) {
      return rowsTimesCentres((q) => rows[q], count);
    },
    dispose() {},
  };
}

/** Squared norms of the n × d rows, each summed in coordinate order (a distance is ‖x‖² + ‖c‖² − 2 x·c). */
export function rowNorms(x: Float64Array, n: number, d: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) out[i] += x[i * d + t] * x[i * d + t];
  return out;
}
