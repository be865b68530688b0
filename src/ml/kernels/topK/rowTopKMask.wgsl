// Mask pass shared by both selections (floatOrder.wgsl and a rowTopKLoad*.wgsl in front):
// writes the 0/1 mask from per-row thresholds.
// Inputs: S [N, N], M [N, N] (nonzero = negative), T i32 [first + N, 2]: for row i the pair
// T[2 (first + i)] = t_i, the key (as bits) of the row's smallest selected value, and
// T[2 (first + i) + 1] = c_i, the last column whose entry EQUAL to t_i is still selected.
// Uniform `first`: row offset of the pairs in T (0 for rowTopK, 1 for globalTopK whose T starts
// with its search state).
// Output: result f32 [N, N]: (i, j) selected iff it is a negative and key > t_i, or key == t_i
// and j <= c_i. (A row selecting nothing has t_i = 0xffffffff, c_i = -1: no key exceeds it.)
// One invocation per row, a quad at a time: measured on SwiftShader about twice as fast as one
// invocation per entry (no per-entry division, the row's pair read once).
fn main(index : i32) {
  let n = uniforms.sShape.y;
  if (index >= uniforms.sShape.x) {
    return;
  }
  let row = index * n;
  let at = 2 * (uniforms.first + index);
  let t = vec4<u32>(bitcast<u32>(T[at]));
  let c = vec4<i32>(T[at + 1]);
  let nq = quadCount(n);
  for (var q = 0; q < nq; q++) {
    let kv = quadKeys(row, q, n);
    let j = 4 * q;
    let jv = vec4<i32>(j, j + 1, j + 2, j + 3);
    let sel = quadNeg(row, q, n) & ((kv > t) | ((kv == t) & (jv <= c)));
    let o = select(vec4<f32>(0.0), vec4<f32>(1.0), sel);
    let f = row + j;
    result[f] = o.x;
    if (j + 1 < n) { result[f + 1] = o.y; }
    if (j + 2 < n) { result[f + 2] = o.z; }
    if (j + 3 < n) { result[f + 3] = o.w; }
  }
}
