/**
 * Finite-difference tools for checking tfjs autodiff / custom gradients against the float64
 * references in this folder. Not a SPEC formula; plain textbook numerics.
 */

/**
 * Central-difference gradient of a scalar function:
 * `g_k = (f(x + h·e_k) − f(x − h·e_k)) / (2h)`, truncation error O(h²). `x` is restored after
 * every probe (the function sees a mutated copy, never the caller's array). Default h = 1e-6,
 * which balances O(h²) truncation against O(ε_machine·|f|/h) rounding for float64 functions of
 * size ~1 (≈1e-10 absolute error). Do not use across a kink (top-k boundary, hinge, tie).
 */
export function numericGradient(f: (x: Float64Array) => number, x: Float64Array, h = 1e-6): Float64Array {
  if (!(h > 0)) throw new Error(`numericGradient: h must be > 0, got ${h}`);
  const xp = Float64Array.from(x);
  const g = new Float64Array(x.length);
  for (let k = 0; k < x.length; k++) {
    const orig = xp[k];
    xp[k] = orig + h;
    const fPlus = f(xp);
    xp[k] = orig - h;
    const fMinus = f(xp);
    xp[k] = orig;
    g[k] = (fPlus - fMinus) / (2 * h);
  }
  return g;
}

/**
 * Maximum element-wise relative error `max_k |a_k − b_k| / max(|a_k|, |b_k|, floor)`.
 * `floor` (> 0) turns the measure into an absolute one for entries near zero, so tiny gradients
 * are not judged by noise; default 1e-8. Returns Infinity if any entry of either input is
 * non-finite (a gradient check must never pass on NaN/∞), 0 for two empty arrays, and throws on a
 * length mismatch.
 */
export function maxRelError(a: ArrayLike<number>, b: ArrayLike<number>, floor = 1e-8): number {
  if (a.length !== b.length) throw new Error(`maxRelError: length mismatch ${a.length} vs ${b.length}`);
  if (!(floor > 0)) throw new Error(`maxRelError: floor must be > 0, got ${floor}`);
  let worst = 0;
  for (let k = 0; k < a.length; k++) {
    if (!Number.isFinite(a[k]) || !Number.isFinite(b[k])) return Infinity;
    const e = Math.abs(a[k] - b[k]) / Math.max(Math.abs(a[k]), Math.abs(b[k]), floor);
    if (e > worst) worst = e;
  }
  return worst;
}
