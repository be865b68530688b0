// Row l2 normalisation + zero padding to a multiple of 4 columns, forward (l2NormalizePadWgsl in
// similarity.ts): out[i] = (x_i / sqrt(‖x_i‖² + 1e-12), 0, …, 0) — SPEC "Notation", ε under the root.
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<vec4<f32>>   — [N, K] with K = 4·ceil(d / 4) ≥ d (outputComponent 4)
//   X      : array<f32>         — [N, d] row-major, any d ≥ 1
// and calls main(index) for a flat dispatch; index = row i. One invocation per row (O(d) work):
// tfjs's own row reduction (tf.sum over axis 1) costs ~25 ms for 512 × 64 on this adapter, this
// kernel well under 1 ms.

fn main(index : i32) {
  let N = uniforms.xShape.x;
  let d = uniforms.xShape.y;
  let i = index;
  if (i >= N) {
    return;
  }
  let base = i * d;
  var ss = 0.0;
  for (var k = 0; k < d; k++) {
    let v = X[base + k];
    ss += v * v;
  }
  let r = 1.0 / sqrt(ss + 1e-12);
  let K4 = uniforms.outShape.y / 4;
  for (var q = 0; q < K4; q++) {
    let k = q * 4;
    let v = vec4<f32>(
      select(0.0, X[base + min(k + 0, d - 1)], k + 0 < d),
      select(0.0, X[base + min(k + 1, d - 1)], k + 1 < d),
      select(0.0, X[base + min(k + 2, d - 1)], k + 2 < d),
      select(0.0, X[base + min(k + 3, d - 1)], k + 3 < d));
    result[i * K4 + q] = v * r;
  }
}
