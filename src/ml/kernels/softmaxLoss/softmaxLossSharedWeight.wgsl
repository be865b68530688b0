// Shared-negative softmax loss, backward pass 1 of 2: the common weight of every negative,
//   W = Σ_i g_i · e^{M − lse_i} = Σ_i g_i · e^{(M − m_i) − L_i}   (lse_i = m_i + L_i ≥ M),
// so that dL/ds_ab = e^{s_ab − M} · W for every (a, b) ∈ N_B (both factors stay bounded).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — [1] W (0 when N_B is empty)
//   St     : array<f32>   — [3, N] forward statistics (ℓ, m, L)
//   Gl     : array<f32>   — [2] global (M, G0)
//   Gy     : array<f32>   — [N] upstream gradient g_i
// and calls main(index) with a single invocation (an O(N) reduction).

fn main(index : i32) {
  if (index != 0) {
    return;
  }
  let N = uniforms.gyShape;
  let M = Gl[0];
  var w = 0.0;
  for (var i = 0; i < N; i++) {
    w += Gy[i] * exp((M - St[N + i]) - St[2 * N + i]);
  }
  result[0] = select(0.0, w, Gl[1] > 0.0);
}
