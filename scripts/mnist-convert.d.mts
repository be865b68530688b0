// Types for mnist-convert.mjs, so TypeScript tests can import the plain-JS conversion.

/** Pixels per digit (28 × 28). */
export declare const PIXELS: 784;

/** Per-class flat float arrays (index = label) → interleaved uint8 images + labels. */
export declare function convertDigits(digitArrays: ArrayLike<number>[]): {
  images: Uint8Array;
  labels: Uint8Array;
};
