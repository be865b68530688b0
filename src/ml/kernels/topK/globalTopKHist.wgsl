// CENM global top-k, histogram pass (floatOrder.wgsl and a rowTopKLoad*.wgsl in front). Run once
// per 8-bit digit.
// Inputs: S [N, N], M [N, N] (nonzero = negative), St i32 (state of the previous pick: St[0] =
// the key digits chosen so far, as bits; only the digits above `shift` are used).
// Uniform `shift`: bit position of this pass's digit (24, 16, 8, 0).
// Output: result i32 [N, 256], row i's histogram of digit `shift` over the candidates of row i:
// negatives whose key agrees with St[0] on every bit above the digit.
//
// One invocation per row, private histogram, written out whole (256 plain stores): no atomics,
// no barriers. The pick pass adds the N partial histograms up.
fn main(index : i32) {
  let n = uniforms.sShape.y;
  if (index >= uniforms.sShape.x) {
    return;
  }
  let row = index * n;
  let shift = u32(uniforms.shift);
  let pm = vec4<u32>(prefixMask(shift));
  let prefix = vec4<u32>(bitcast<u32>(St[0])) & pm;
  var hist : array<u32, 256>;
  let nq = quadCount(n);
  for (var q = 0; q < nq; q++) {
    let kv = quadKeys(row, q, n);
    let ok = quadNeg(row, q, n) & ((kv & pm) == prefix);
    let dv = (kv >> vec4<u32>(shift)) & vec4<u32>(0xffu);
    if (ok.x) { hist[dv.x] += 1u; }
    if (ok.y) { hist[dv.y] += 1u; }
    if (ok.z) { hist[dv.z] += 1u; }
    if (ok.w) { hist[dv.w] += 1u; }
  }
  let base = index * 256;
  for (var b = 0; b < 256; b++) {
    result[base + b] = i32(hist[b]);
  }
}
