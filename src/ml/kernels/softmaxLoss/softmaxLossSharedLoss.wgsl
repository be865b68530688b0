// Shared-negative softmax loss, forward pass 3 of 3: the per-row loss
//   ℓ_i = log(e^{s_ii} + Σ_{(a,b) ∈ N_B} e^{s_ab}) − s_ii
//       = (m_i − s_ii) + L_i,  m_i = max(s_ii, M),  L_i = log(e^{s_ii − m_i} + e^{M − m_i} · G0),
// and ℓ_i = 0 when N_B is empty (G0 = 0).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — [3, N]: row 0 ℓ_i, row 1 m_i, row 2 L_i (saved for the backward pass)
//   S      : array<f32>   — [N, N] scores
//   Gl     : array<f32>   — [2] global (M, G0) from softmaxLossSharedGlobal.wgsl
// and calls main(index) for a flat dispatch; index = row i.

fn main(index : i32) {
  let N = uniforms.sShape.x;
  let i = index;
  if (i >= N) {
    return;
  }
  let sii = S[i * N + i];
  let M = Gl[0];
  let G0 = Gl[1];
  let has = G0 > 0.0;
  let m = select(sii, max(sii, M), has);
  // Both exponents are ≤ 0; without negatives the M term is dropped by index (select), not by −∞.
  let L = select(0.0, log(exp(sii - m) + exp(select(m, M, has) - m) * G0), has);
  result[i] = (m - sii) + L;
  result[N + i] = m;
  result[2 * N + i] = L;
}
