// Shared-negative softmax loss, forward pass 2 of 3: combines the per-row partials into the
// global statistics of the shared negative set N_B.
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — [2]: M = max over all masked entries, G0 = Σ_{masked} e^{s − M};
//                           (0, 0) when there is no masked entry at all
//   P      : array<f32>   — [2, N] partials (r_i, z_i) from softmaxLossSharedRows.wgsl
// and calls main(index) with a single invocation (N steps of an online log-sum-exp merge; the
// combine is O(N), tiny next to the O(N²) passes, so one invocation is enough).

fn main(index : i32) {
  if (index != 0) {
    return;
  }
  let N = uniforms.pShape.y;
  var M = 0.0;
  var G = 0.0;
  for (var i = 0; i < N; i++) {
    let z = P[N + i];
    let has = z > 0.0;
    let r = select(M, P[i], has);
    let e = exp(-abs(r - M));
    let bigger = r > M || G == 0.0;
    let gNew = select(G + z * e, G * e + z, bigger);
    G = select(G, gNew, has);
    M = select(M, select(M, r, bigger), has);
  }
  result[0] = M;
  result[1] = G;
}
