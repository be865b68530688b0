/**
 * Decimal numbers read straight from the bytes of a text file, without making a string per cell:
 * a vectors.tsv of 100,000 × 1,024 values has a hundred million cells. Accepts what NumPy, pandas,
 * Python and JavaScript print: `-1.5`, `.5`, `3.`, `2e-3`, `1.000000000000000000e+00`, and `nan`,
 * `inf`, `-Infinity` in any case (read as NaN/±Infinity so the caller can name those rows).
 */

/** 10^0 … 10^22: every one is exact in a double, so m·10^k and m/10^k round once (Clinger's fast path). */
const POW10: number[] = [1];
for (let k = 1; k <= 22; k++) POW10.push(POW10[k - 1] * 10);

/** Significant digits kept: 15 fit a double exactly; further digits change a float32 by < 1e-15 relative. */
const KEEP_DIGITS = 15;

/** Whether bytes [i, e) spell `word` (lower-case ASCII) in any case. */
function spells(b: Uint8Array, i: number, e: number, word: string): boolean {
  if (e - i !== word.length) return false;
  for (let k = 0; k < word.length; k++) if ((b[i + k] | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * Reads the decimal number that starts at byte `s` of `b` (reading no further than `e`) into
 * `out[at]`, and returns where it ends, or -1 when no number starts there. One pass over the
 * bytes, and no boxed double per cell (the value goes into the caller's array, always a
 * Float64Array so that the optimised code sees one array type). Accurate to
 * float32: the value may differ from a correctly rounded parse only through digits beyond the
 * 15th significant one.
 */
export function parseNumberPrefix(b: Uint8Array, s: number, e: number, out: Float64Array, at: number): number {
  let i = s;
  let neg = false;
  if (i < e && (b[i] === 45 || b[i] === 43)) {
    neg = b[i] === 45;
    i++;
  }
  let m = 0;
  let digits = 0;
  let exp10 = 0;
  let any = false;
  for (; i < e; i++) {
    const c = b[i] - 48;
    if (c < 0 || c > 9) break;
    any = true;
    if (m === 0 && c === 0) continue; // leading zero
    if (digits < KEEP_DIGITS) {
      m = m * 10 + c;
      digits++;
    } else exp10++;
  }
  if (i < e && b[i] === 46) {
    for (i++; i < e; i++) {
      const c = b[i] - 48;
      if (c < 0 || c > 9) break;
      any = true;
      if (m === 0 && c === 0) exp10--;
      else if (digits < KEEP_DIGITS) {
        m = m * 10 + c;
        digits++;
        exp10--;
      }
    }
  }
  if (!any) {
    // No digits: perhaps nan / inf / infinity, as NumPy and Python print them.
    let j = i;
    while (j < e && (b[j] | 0x20) >= 97 && (b[j] | 0x20) <= 122) j++;
    if (spells(b, i, j, 'nan')) out[at] = NaN;
    else if (spells(b, i, j, 'inf') || spells(b, i, j, 'infinity')) out[at] = neg ? -Infinity : Infinity;
    else return -1;
    return j;
  }
  if (i < e && (b[i] | 0x20) === 101) {
    i++;
    let eneg = false;
    if (i < e && (b[i] === 45 || b[i] === 43)) {
      eneg = b[i] === 45;
      i++;
    }
    let ex = 0;
    const start = i;
    for (; i < e; i++) {
      const c = b[i] - 48;
      if (c < 0 || c > 9) break;
      if (ex < 100_000) ex = ex * 10 + c; // beyond this the value is 0 or Infinity anyway
    }
    if (i === start) return -1;
    exp10 += eneg ? -ex : ex;
  }
  let v: number;
  if (m === 0) v = 0;
  else if (exp10 >= 0) v = exp10 <= 22 ? m * POW10[exp10] : m * 10 ** exp10;
  else if (exp10 >= -22) v = m / POW10[-exp10];
  else v = exp10 < -400 ? 0 : m / 10 ** -exp10;
  out[at] = neg ? -v : v;
  return i;
}

const scratch = new Float64Array(1);

/** The number spelled by all of bytes [s, e) of `b`, or `undefined` (see {@link parseNumberPrefix}). */
export function parseNumberBytes(b: Uint8Array, s: number, e: number): number | undefined {
  return parseNumberPrefix(b, s, e, scratch, 0) === e ? scratch[0] : undefined;
}

const encoder = new TextEncoder();

/** Whether `text` (trimmed) is a number this reader accepts, NaN and Infinity spellings included. */
export function isNumberText(text: string): boolean {
  const b = encoder.encode(text.trim());
  return b.length > 0 && parseNumberBytes(b, 0, b.length) !== undefined;
}

/** `text` as a number when it is one by {@link isNumberText}'s rules, else `undefined`. */
export function numberOfText(text: string): number | undefined {
  const b = encoder.encode(text.trim());
  return b.length > 0 ? parseNumberBytes(b, 0, b.length) : undefined;
}
