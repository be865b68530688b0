// Shared-negative softmax loss, backward pass 2 of 2: the gradient with respect to S,
//   diagonal (i, i):            g_i · (e^{(s_ii − m_i) − L_i} − 1)
//   negative (a, b), a ≠ b:     e^{s_ab − M} · W
//   every other entry:          0 (excluded by index, its value never read into arithmetic)
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — dS, [N, N]
//   S, Mk  : [N, N] scores and 0/1 mask (Mk may be bound as i32: read through f32())
//   St     : array<f32>   — [3, N] forward statistics (ℓ, m, L)
//   Gl     : array<f32>   — [2] global (M, G0)
//   W      : array<f32>   — [1] from softmaxLossSharedWeight.wgsl
//   Gy     : array<f32>   — [N] upstream gradient g_i
// and calls main(index) for a flat dispatch: invocation index covers 4 adjacent entries of one row
// (row = index / C, columns 4c .. 4c+3, C = ceil(N / 4)).

fn main(index : i32) {
  let N = uniforms.sShape.x;
  let C = (N + 3) / 4;
  let a = index / C;
  if (a >= N) {
    return;
  }
  let b0 = (index - a * C) * 4;
  let base = a * N;
  let M = Gl[0];
  let w = W[0];
  let g = Gy[a];
  let m = St[N + a];
  let L = St[2 * N + a];
  for (var u = 0; u < 4; u++) {
    let b = b0 + u;
    if (b < N) {
      let diag = b == a;
      let neg = !diag && f32(Mk[base + b]) > 0.5;
      let x = select(select(M, m, diag), S[base + b], diag || neg);
      let dDiag = g * (exp((x - m) - L) - 1.0);
      let dNeg = exp(x - M) * w;
      result[base + b] = select(select(0.0, dNeg, neg), dDiag, diag);
    }
  }
}
