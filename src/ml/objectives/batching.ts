/** Packing dataset rows into batch inputs. */
import type { Dataset } from '../../data/dataset';

/** The size of one item of `ds`, flattened. */
export const itemSizeOf = (ds: Dataset): number => ds.itemShape.reduce((a, b) => a * b, 1);

/** Rows `indices` of a dataset's features, packed row-major into `out` from row `offset`. */
export function gatherRows(ds: Dataset, indices: ArrayLike<number>, out?: Float32Array, offset = 0): Float32Array {
  const size = itemSizeOf(ds);
  const dst = out ?? new Float32Array(indices.length * size);
  for (let r = 0; r < indices.length; r++) dst.set(ds.x.subarray(indices[r] * size, (indices[r] + 1) * size), (offset + r) * size);
  return dst;
}

/** Labels of rows `indices`. */
export const gatherLabels = (ds: Dataset, indices: ArrayLike<number>): Int32Array => Int32Array.from(indices, (i) => ds.y[i]);
