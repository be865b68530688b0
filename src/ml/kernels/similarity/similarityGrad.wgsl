// Backward of S = scale · Q̂ D̂ᵀ, both products with one kernel:
//   dQ̂ = scale · dS  · D̂   (out[r][c] = scale · Σ_t dS[r][t] · D̂[t][c], sI = M, sT = 1)
//   dD̂ = scale · dSᵀ · Q̂   (out[r][c] = scale · Σ_t dS[t][r] · Q̂[t][c], sI = 1, sT = M)
// i.e. out = scale · G B with G[r][t] read at G[r·sI + t·sT].
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<vec4<f32>>    — out, [R, K] row-major, K % 4 == 0 (outputComponent 4)
//   G      : array<f32>          — dS, [N, M] row-major (any N, M)
//   B      : array<vec4<f32>>    — [T, K] (D̂ or Q̂, zero-padded to K % 4 == 0)
//   uniforms.rows (R), red (T), sI, sT (i32), scale (f32); uniforms.bShape
// and calls main() for a 2-D dispatch (globalId.x → group of 4 vec4 columns, globalId.y → rows).
//
// Design (SwiftShader CPU adapter, see similarity.wgsl): an 8-row × 16-column register tile per
// invocation; per reduction step 8 scalar + 4 vec4 loads feed 32 vec4 FMAs, and the loop is
// unrolled by two so the loop-carried accumulators are merged once per two steps. No barriers,
// no atomics; out-of-range rows/columns are clamped for loading and skipped when storing.

fn main() {
  let R = uniforms.rows;
  let T = uniforms.red;
  let K4 = uniforms.bShape.y / 4;
  let r0 = i32(globalId.y) * 8;
  let q0 = i32(globalId.x) * 4;
  if (r0 >= R || q0 >= K4) {
    return;
  }
  let sI = uniforms.sI;
  let sT = uniforms.sT;
  let g0 = min(r0 + 0, R - 1) * sI;
  let g1 = min(r0 + 1, R - 1) * sI;
  let g2 = min(r0 + 2, R - 1) * sI;
  let g3 = min(r0 + 3, R - 1) * sI;
  let g4 = min(r0 + 4, R - 1) * sI;
  let g5 = min(r0 + 5, R - 1) * sI;
  let g6 = min(r0 + 6, R - 1) * sI;
  let g7 = min(r0 + 7, R - 1) * sI;
  let q1 = min(q0 + 1, K4 - 1);
  let q2 = min(q0 + 2, K4 - 1);
  let q3 = min(q0 + 3, K4 - 1);

  var acc0_0 = vec4<f32>(0.0); var acc0_1 = vec4<f32>(0.0); var acc0_2 = vec4<f32>(0.0); var acc0_3 = vec4<f32>(0.0);
  var acc1_0 = vec4<f32>(0.0); var acc1_1 = vec4<f32>(0.0); var acc1_2 = vec4<f32>(0.0); var acc1_3 = vec4<f32>(0.0);
  var acc2_0 = vec4<f32>(0.0); var acc2_1 = vec4<f32>(0.0); var acc2_2 = vec4<f32>(0.0); var acc2_3 = vec4<f32>(0.0);
  var acc3_0 = vec4<f32>(0.0); var acc3_1 = vec4<f32>(0.0); var acc3_2 = vec4<f32>(0.0); var acc3_3 = vec4<f32>(0.0);
  var acc4_0 = vec4<f32>(0.0); var acc4_1 = vec4<f32>(0.0); var acc4_2 = vec4<f32>(0.0); var acc4_3 = vec4<f32>(0.0);
  var acc5_0 = vec4<f32>(0.0); var acc5_1 = vec4<f32>(0.0); var acc5_2 = vec4<f32>(0.0); var acc5_3 = vec4<f32>(0.0);
  var acc6_0 = vec4<f32>(0.0); var acc6_1 = vec4<f32>(0.0); var acc6_2 = vec4<f32>(0.0); var acc6_3 = vec4<f32>(0.0);
  var acc7_0 = vec4<f32>(0.0); var acc7_1 = vec4<f32>(0.0); var acc7_2 = vec4<f32>(0.0); var acc7_3 = vec4<f32>(0.0);

  var t = 0;
  for (; t + 1 < T; t += 2) {
    let ta = t * sT;
    let tb = ta + sT;
    let x0 = G[g0 + ta]; let x1 = G[g1 + ta]; let x2 = G[g2 + ta]; let x3 = G[g3 + ta];
    let x4 = G[g4 + ta]; let x5 = G[g5 + ta]; let x6 = G[g6 + ta]; let x7 = G[g7 + ta];
    let y0 = G[g0 + tb]; let y1 = G[g1 + tb]; let y2 = G[g2 + tb]; let y3 = G[g3 + tb];
    let y4 = G[g4 + tb]; let y5 = G[g5 + tb]; let y6 = G[g6 + tb]; let y7 = G[g7 + tb];
    let ba = t * K4;
    let bb = ba + K4;
    let b0 = B[ba + q0]; let b1 = B[ba + q1]; let b2 = B[ba + q2]; let b3 = B[ba + q3];
    let c0 = B[bb + q0]; let c1 = B[bb + q1]; let c2 = B[bb + q2]; let c3 = B[bb + q3];
    acc0_0 += x0 * b0 + y0 * c0; acc0_1 += x0 * b1 + y0 * c1; acc0_2 += x0 * b2 + y0 * c2; acc0_3 += x0 * b3 + y0 * c3;
    acc1_0 += x1 * b0 + y1 * c0; acc1_1 += x1 * b1 + y1 * c1; acc1_2 += x1 * b2 + y1 * c2; acc1_3 += x1 * b3 + y1 * c3;
    acc2_0 += x2 * b0 + y2 * c0; acc2_1 += x2 * b1 + y2 * c1; acc2_2 += x2 * b2 + y2 * c2; acc2_3 += x2 * b3 + y2 * c3;
    acc3_0 += x3 * b0 + y3 * c0; acc3_1 += x3 * b1 + y3 * c1; acc3_2 += x3 * b2 + y3 * c2; acc3_3 += x3 * b3 + y3 * c3;
    acc4_0 += x4 * b0 + y4 * c0; acc4_1 += x4 * b1 + y4 * c1; acc4_2 += x4 * b2 + y4 * c2; acc4_3 += x4 * b3 + y4 * c3;
    acc5_0 += x5 * b0 + y5 * c0; acc5_1 += x5 * b1 + y5 * c1; acc5_2 += x5 * b2 + y5 * c2; acc5_3 += x5 * b3 + y5 * c3;
    acc6_0 += x6 * b0 + y6 * c0; acc6_1 += x6 * b1 + y6 * c1; acc6_2 += x6 * b2 + y6 * c2; acc6_3 += x6 * b3 + y6 * c3;
    acc7_0 += x7 * b0 + y7 * c0; acc7_1 += x7 * b1 + y7 * c1; acc7_2 += x7 * b2 + y7 * c2; acc7_3 += x7 * b3 + y7 * c3;
  }
  if (t < T) {
    let ta = t * sT;
    let x0 = G[g0 + ta]; let x1 = G[g1 + ta]; let x2 = G[g2 + ta]; let x3 = G[g3 + ta];
    let x4 = G[g4 + ta]; let x5 = G[g5 + ta]; let x6 = G[g6 + ta]; let x7 = G[g7 + ta];
    let ba = t * K4;
    let b0 = B[ba + q0]; let b1 = B[ba + q1]; let b2 = B[ba + q2]; let b3 = B[ba + q3];
    acc0_0 += x0 * b0; acc0_1 += x0 * b1; acc0_2 += x0 * b2; acc0_3 += x0 * b3;
    acc1_0 += x1 * b0; acc1_1 += x1 * b1; acc1_2 += x1 * b2; acc1_3 += x1 * b3;
    acc2_0 += x2 * b0; acc2_1 += x2 * b1; acc2_2 += x2 * b2; acc2_3 += x2 * b3;
    acc3_0 += x3 * b0; acc3_1 += x3 * b1; acc3_2 += x3 * b2; acc3_3 += x3 * b3;
    acc4_0 += x4 * b0; acc4_1 += x4 * b1; acc4_2 += x4 * b2; acc4_3 += x4 * b3;
    acc5_0 += x5 * b0; acc5_1 += x5 * b1; acc5_2 += x5 * b2; acc5_3 += x5 * b3;
    acc6_0 += x6 * b0; acc6_1 += x6 * b1; acc6_2 += x6 * b2; acc6_3 += x6 * b3;
    acc7_0 += x7 * b0; acc7_1 += x7 * b1; acc7_2 += x7 * b2; acc7_3 += x7 * b3;
  }

  let s = uniforms.scale;
  storeRow(r0 + 0, q0, R, K4, s * acc0_0, s * acc0_1, s * acc0_2, s * acc0_3);
  storeRow(r0 + 1, q0, R, K4, s * acc1_0, s * acc1_1, s * acc1_2, s * acc1_3);
  storeRow(r0 + 2, q0, R, K4, s * acc2_0, s * acc2_1, s * acc2_2, s * acc2_3);
  storeRow(r0 + 3, q0, R, K4, s * acc3_0, s * acc3_1, s * acc3_2, s * acc3_3);
  storeRow(r0 + 4, q0, R, K4, s * acc4_0, s * acc4_1, s * acc4_2, s * acc4_3);
  storeRow(r0 + 5, q0, R, K4, s * acc5_0, s * acc5_1, s * acc5_2, s * acc5_3);
  storeRow(r0 + 6, q0, R, K4, s * acc6_0, s * acc6_1, s * acc6_2, s * acc6_3);
  storeRow(r0 + 7, q0, R, K4, s * acc7_0, s * acc7_1, s * acc7_2, s * acc7_3);
}

// Writes up to 4 vec4 columns (q0 .. q0+3) of one output row, skipping anything out of range.
fn storeRow(r : i32, q0 : i32, R : i32, K4 : i32, v0 : vec4<f32>, v1 : vec4<f32>, v2 : vec4<f32>, v3 : vec4<f32>) {
  if (r >= R) {
    return;
  }
  let o = r * K4 + q0;
  result[o] = v0;
  if (q0 + 1 < K4) { result[o + 1] = v1; }
  if (q0 + 2 < K4) { result[o + 2] = v2; }
  if (q0 + 3 < K4) { result[o + 3] = v3; }
}
