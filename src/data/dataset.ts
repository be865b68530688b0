/**
 * The data model shared by the worker, the trainer and the evaluation code: flat typed arrays,
 * so a dataset can be transferred to a Web Worker and fed to tfjs without copying per item.
 */

/** Items with features and integer labels; `x` holds `n × itemSize` values, row-major. */
export interface Dataset {
  /** n × itemSize features, row-major (MNIST: pixels/255). */
  x: Float32Array;
  /** Integer class labels, one per item. */
  y: Int32Array;
  /** Number of items. */
  n: number;
  /** Shape of one item: [28, 28, 1] for MNIST, [2] for toy sets. */
  itemShape: number[];
  /** Max label + 1 over the whole source set, kept by subsets so classifier heads stay sized. */
  numClasses: number;
}

/** A train/evaluation pair with a one-line human description for the UI. */
export interface DataSplit {
  train: Dataset;
  evaluation: Dataset;
  description: string;
}

/** Number of features per item (product of `itemShape`). */
export function itemSize(ds: Dataset): number {
  return ds.itemShape.reduce((a, b) => a * b, 1);
}

/** Copies the given items (in the given order) into a new Dataset; numClasses is kept. */
export function subset(ds: Dataset, indices: ArrayLike<number>): Dataset {
  const size = itemSize(ds);
  const m = indices.length;
  const x = new Float32Array(m * size);
  const y = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const i = indices[k];
    if (!Number.isInteger(i) || i < 0 || i >= ds.n) {
      throw new RangeError(`subset: index ${i} out of range [0, ${ds.n})`);
    }
    x.set(ds.x.subarray(i * size, (i + 1) * size), k * size);
    y[k] = ds.y[i];
  }
  return { x, y, n: m, itemShape: ds.itemShape.slice(), numClasses: ds.numClasses };
}

/** Sorted distinct labels present in the dataset (a split may hold only some classes). */
export function classesIn(ds: Dataset): number[] {
  const seen = new Set<number>();
  for (let i = 0; i < ds.n; i++) seen.add(ds.y[i]);
  return [...seen].sort((a, b) => a - b);
}
