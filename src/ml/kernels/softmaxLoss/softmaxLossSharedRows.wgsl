// Shared-negative softmax loss, forward pass 1 of 3 (sharedSoftmaxLossWgsl in softmaxLoss.ts):
// per-row partial log-sum-exp over the row's masked entries (the diagonal is never a negative).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>   — [2, N]: row 0 r_i = max of row i's masked entries, row 1
//                           z_i = Σ_{masked j} e^{s_ij − r_i}; (0, 0) for a row with none
//   S, Mk  : [N, N] scores and 0/1 mask (Mk may be bound as i32: read through f32(); counts when > 0.5)
// and calls main(index) for a flat dispatch; index = row i.
// Online log-sum-exp starting from the empty set (z = 0 marks "nothing yet"); masked-out entries
// are excluded by index (their value is replaced before any arithmetic, the update discarded).

fn main(index : i32) {
  let N = uniforms.sShape.x;
  let i = index;
  if (i >= N) {
    return;
  }
  let base = i * N;
  var r = 0.0;
  var z = 0.0;
  for (var j = 0; j < N; j++) {
    let inc = f32(Mk[base + j]) > 0.5 && j != i;
    let x = select(r, S[base + j], inc);
    let e = exp(-abs(x - r));
    let first = z == 0.0;
    let bigger = x > r || first;
    let zNew = select(z + e, z * e + 1.0, bigger);
    z = select(z, zNew, inc);
    r = select(r, select(r, x, bigger), inc);
  }
  result[i] = r;
  result[N + i] = z;
}
