// Per-row masked softmax loss, forward (rowSoftmaxLossWgsl in softmaxLoss.ts, PairOps.rowSoftmaxLoss):
//   ℓ_i = log(e^{s_ii} + Σ_{j ≠ i, mask_ij = 1} e^{s_ij}) − s_ii.
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — [3, N]: row 0 ℓ_i, row 1 m_i (the row maximum), row 2 L_i = log Z_i
//   S      : array<f32>   — [N, N] scores, row-major
//   Mk     : array<f32> or array<i32> — [N, N] 0/1 mask, read through f32() (tfjs binds a mask cast
//                         from bool as i32); an entry counts when > 0.5
// and calls main(index) for a flat dispatch; index = row i.
//
// One invocation per row, one pass: an online log-sum-exp keeps (m, Z) with
// Z = Σ_{included j} e^{s_ij − m}, starting from the diagonal (m = s_ii, Z = 1). Masked-out entries
// are excluded BY INDEX: their value is replaced by m before any arithmetic and the update is
// discarded with select(), so no −∞ and no value of theirs ever enters the sums; an all-masked
// row gives Z = 1, ℓ = 0. ℓ_i = (m − s_ii) + log Z, computed as a difference of nearby values so
// it stays accurate at scale 1000. m_i and L_i are saved for the backward pass
// (softmaxLossRowGrad.wgsl): p_ij = e^{(s_ij − m_i) − L_i}.

fn main(index : i32) {
  let N = uniforms.sShape.x;
  let i = index;
  if (i >= N) {
    return;
  }
  let base = i * N;
  let sii = S[base + i];
  var m = sii;
  var z = 1.0;
  for (var j = 0; j < N; j++) {
    let inc = f32(Mk[base + j]) > 0.5 && j != i;
    let x = select(m, S[base + j], inc);
    let e = exp(-abs(x - m));
    // x > m: rescale the old sum to the new maximum; otherwise add e^{x − m}.
    let zNew = select(z + e, z * e + 1.0, x > m);
    z = select(z, zNew, inc);
    m = max(m, x);
  }
  let L = log(z);
  result[i] = (m - sii) + L;
  result[N + i] = m;
  result[2 * N + i] = L;
}
