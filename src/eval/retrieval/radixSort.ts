/**
 * A stable sort of small whole-number keys carrying an item each, for the retrieval screen's
 * neighbours (retrievalScreened.ts): a least-significant-digit radix sort, 8 bits a pass over
 * the span of the keys, insertion sort below a few dozen. A typed array's own sort would have to
 * pack key and item into one float64 and is ~5× slower at the screen's ~1,300 neighbours a query
 * (measured in Node). Pure TypeScript.
 */

/** Below this many entries insertion sort is faster than counting. */
const INSERTION_BELOW = 48;
const DIGIT_BITS = 8;
const DIGITS = 1 << DIGIT_BITS;

/**
 * Sorts keys[0 … m − 1] ascending, moving items[k] with keys[k]; equal keys keep their order.
 * The keys are whole numbers ≥ 0 below 2³¹. `keys2` and `items2` are scratch of at least m each;
 * `counts` of at least 256.
 */
export function radixSortWithItems(keys: Int32Array, items: Int32Array, m: number, keys2: Int32Array, items2: Int32Array, counts: Int32Array): void {
  if (m < INSERTION_BELOW) {
    for (let k = 1; k < m; k++) {
      const key = keys[k];
      const item = items[k];
      let p = k - 1;
      while (p >= 0 && keys[p] > key) {
        keys[p + 1] = keys[p];
        items[p + 1] = items[p];
        p--;
      }
      keys[p + 1] = key;
      items[p + 1] = item;
    }
    return;
  }
  let lo = keys[0];
  let hi = keys[0];
  for (let k = 1; k < m; k++) {
    const key = keys[k];
    if (key < lo) lo = key;
    else if (key > hi) hi = key;
  }
  const span = hi - lo;
  if (span === 0) return;
  let src = { keys, items };
  let dst = { keys: keys2, items: items2 };
  // The keys less their least, a digit at a time from the lowest; each pass stable.
  for (let shift = 0; shift < 32 && span >>> shift > 0; shift += DIGIT_BITS) {
    counts.fill(0, 0, DIGITS);
    const sk = src.keys;
    for (let k = 0; k < m; k++) counts[((sk[k] - lo) >>> shift) & (DIGITS - 1)]++;
    let at = 0;
    for (let b = 0; b < DIGITS; b++) {
      const c = counts[b];
      counts[b] = at;
      at += c;
    }
    const si = src.items;
    const dk = dst.keys;
    const di = dst.items;
    for (let k = 0; k < m; k++) {
      const key = sk[k];
      const p = counts[((key - lo) >>> shift) & (DIGITS - 1)]++;
      dk[p] = key;
      di[p] = si[k];
    }
    [src, dst] = [dst, src];
  }
  if (src.keys !== keys) {
    keys.set(src.keys.subarray(0, m));
    items.set(src.items.subarray(0, m));
  }
}
