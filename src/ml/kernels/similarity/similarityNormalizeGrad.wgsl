// Row l2 normalisation + zero padding, backward (see similarityNormalize.wgsl). With
// r = 1 / sqrt(‖x‖² + ε) and x̂ = r·x:  dx = r · (dx̂ − x̂ · ⟨x̂, dx̂⟩)  (ε included exactly; the
// gradient of the padding columns is dropped).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>         — dx, [N, d]
//   X      : array<f32>         — [N, d] the forward input
//   Gh     : array<vec4<f32>>   — dx̂, [N, K] (K = 4·ceil(d / 4))
// and calls main(index) for a flat dispatch; index = row i (one invocation per row).

fn main(index : i32) {
  let N = uniforms.xShape.x;
  let d = uniforms.xShape.y;
  let i = index;
  if (i >= N) {
    return;
  }
  let K4 = uniforms.ghShape.y / 4;
  let base = i * d;
  var ss = 0.0;
  var xg = 0.0;
  for (var k = 0; k < d; k++) {
    let v = X[base + k];
    ss += v * v;
    xg += v * Gh[i * K4 + k / 4][k % 4];
  }
  let r = 1.0 / sqrt(ss + 1e-12);
  let t = r * xg; // ⟨x̂, dx̂⟩
  for (var k = 0; k < d; k++) {
    let xh = r * X[base + k];
    let g = Gh[i * K4 + k / 4][k % 4];
    result[base + k] = r * (g - xh * t);
  }
}
