// Per-row masked softmax loss, backward (see softmaxLossRow.wgsl):
//   dℓ/ds_ij = Σ_i g_i · (p_ij − [i = j]),  p_ij = e^{(s_ij − m_i) − L_i} for j ∈ {i} ∪ {mask_ij = 1},
//   0 for every other entry (excluded by index).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — dS, [N, N]
//   S, Mk  : [N, N] scores and 0/1 mask (Mk may be bound as i32: read through f32())
//   St     : array<f32>   — [3, N] forward statistics (ℓ, m, L)
//   Gy     : array<f32>   — [N] upstream gradient g_i
// and calls main(index) for a flat dispatch: invocation index covers 4 adjacent entries of one row
// (row = index / C, columns 4c .. 4c+3, C = ceil(N / 4)).
// p ≤ 1 for every included entry (m_i is their maximum), so nothing overflows at any scale.

fn main(index : i32) {
  let N = uniforms.sShape.x;
  let C = (N + 3) / 4;
  let i = index / C;
  if (i >= N) {
    return;
  }
  let j0 = (index - i * C) * 4;
  let base = i * N;
  let g = Gy[i];
  let m = St[N + i];
  let L = St[2 * N + i];
  for (var u = 0; u < 4; u++) {
    let j = j0 + u;
    if (j < N) {
      let diag = j == i;
      let inc = diag || f32(Mk[base + j]) > 0.5;
      let x = select(m, S[base + j], inc);
      let p = select(0.0, exp((x - m) - L), inc);
      result[base + j] = g * p - select(0.0, g, diag);
    }
  }
}
