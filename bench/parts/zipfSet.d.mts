// Types for zipfSet.mjs, so TypeScript tests can make the bench's sets.

/** The seeded Zipf set of `n` × `dim` (row-major float32) with `classes` classes and its labels. */
export function zipfSet(o: { n: number; dim?: number; classes: number; seed?: number; noise?: number }): { values: Float32Array; labels: Int32Array };
