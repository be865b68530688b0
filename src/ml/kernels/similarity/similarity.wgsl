// Scaled similarity S = scale · A Bᵀ (forward of scaledCosineWgsl; A = Q̂, B = D̂, rows already
// l2-normalised and zero-padded to a multiple of 4 columns by similarityNormalize.wgsl).
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares
//   result : array<f32>          — S, [N, M] row-major
//   A      : array<vec4<f32>>    — [N, K] with K % 4 == 0, read as N × K/4 vec4
//   B      : array<vec4<f32>>    — [M, K]
//   uniforms.aShape / bShape (vec2<i32>), uniforms.scale (f32)
// and calls main() for a 2-D dispatch (globalId.x → column tile, globalId.y → row tile).
//
// Design, for the SwiftShader CPU adapter (see /work/shared/ENVIRONMENT.md): every invocation
// owns an 8 × 16 register tile of S (8 rows of A × 16 rows of B). Per step of the k loop it loads
// 8 + 16 vec4 (each load is a per-lane gather on this adapter, the dominant cost) and does 128
// dot4 products, so each loaded vec4 feeds 5.3 dot products. No workgroup memory, no barriers,
// no atomics. Rows/columns past N/M are clamped to the last valid row for loading (always in
// bounds, no branch in the loop) and never stored. Accumulators are vec4 over 4 adjacent columns.

fn main() {
  let N = uniforms.aShape.x;
  let M = uniforms.bShape.x;
  let K4 = uniforms.aShape.y / 4;
  let r0 = i32(globalId.y) * 8;
  let c0 = i32(globalId.x) * 16;
  if (r0 >= N || c0 >= M) {
    return;
  }
  // Row offsets (in vec4 units), clamped so that tail tiles load valid memory.
  let ra0 = min(r0 + 0, N - 1) * K4;
  let ra1 = min(r0 + 1, N - 1) * K4;
  let ra2 = min(r0 + 2, N - 1) * K4;
  let ra3 = min(r0 + 3, N - 1) * K4;
  let ra4 = min(r0 + 4, N - 1) * K4;
  let ra5 = min(r0 + 5, N - 1) * K4;
  let ra6 = min(r0 + 6, N - 1) * K4;
  let ra7 = min(r0 + 7, N - 1) * K4;
  let rb0 = min(c0 + 0, M - 1) * K4;
  let rb1 = min(c0 + 1, M - 1) * K4;
  let rb2 = min(c0 + 2, M - 1) * K4;
  let rb3 = min(c0 + 3, M - 1) * K4;
  let rb4 = min(c0 + 4, M - 1) * K4;
  let rb5 = min(c0 + 5, M - 1) * K4;
  let rb6 = min(c0 + 6, M - 1) * K4;
  let rb7 = min(c0 + 7, M - 1) * K4;
  let rb8 = min(c0 + 8, M - 1) * K4;
  let rb9 = min(c0 + 9, M - 1) * K4;
  let rb10 = min(c0 + 10, M - 1) * K4;
  let rb11 = min(c0 + 11, M - 1) * K4;
  let rb12 = min(c0 + 12, M - 1) * K4;
  let rb13 = min(c0 + 13, M - 1) * K4;
  let rb14 = min(c0 + 14, M - 1) * K4;
  let rb15 = min(c0 + 15, M - 1) * K4;

  // acc<row>_<column group>: columns 4g .. 4g+3 of the tile for one row.
  var acc0_0 = vec4<f32>(0.0); var acc0_1 = vec4<f32>(0.0); var acc0_2 = vec4<f32>(0.0); var acc0_3 = vec4<f32>(0.0);
  var acc1_0 = vec4<f32>(0.0); var acc1_1 = vec4<f32>(0.0); var acc1_2 = vec4<f32>(0.0); var acc1_3 = vec4<f32>(0.0);
  var acc2_0 = vec4<f32>(0.0); var acc2_1 = vec4<f32>(0.0); var acc2_2 = vec4<f32>(0.0); var acc2_3 = vec4<f32>(0.0);
  var acc3_0 = vec4<f32>(0.0); var acc3_1 = vec4<f32>(0.0); var acc3_2 = vec4<f32>(0.0); var acc3_3 = vec4<f32>(0.0);
  var acc4_0 = vec4<f32>(0.0); var acc4_1 = vec4<f32>(0.0); var acc4_2 = vec4<f32>(0.0); var acc4_3 = vec4<f32>(0.0);
  var acc5_0 = vec4<f32>(0.0); var acc5_1 = vec4<f32>(0.0); var acc5_2 = vec4<f32>(0.0); var acc5_3 = vec4<f32>(0.0);
  var acc6_0 = vec4<f32>(0.0); var acc6_1 = vec4<f32>(0.0); var acc6_2 = vec4<f32>(0.0); var acc6_3 = vec4<f32>(0.0);
  var acc7_0 = vec4<f32>(0.0); var acc7_1 = vec4<f32>(0.0); var acc7_2 = vec4<f32>(0.0); var acc7_3 = vec4<f32>(0.0);

  for (var k = 0; k < K4; k++) {
    let a0 = A[ra0 + k]; let a1 = A[ra1 + k]; let a2 = A[ra2 + k]; let a3 = A[ra3 + k];
    let a4 = A[ra4 + k]; let a5 = A[ra5 + k]; let a6 = A[ra6 + k]; let a7 = A[ra7 + k];
    let b0 = B[rb0 + k]; let b1 = B[rb1 + k]; let b2 = B[rb2 + k]; let b3 = B[rb3 + k];
    let b4 = B[rb4 + k]; let b5 = B[rb5 + k]; let b6 = B[rb6 + k]; let b7 = B[rb7 + k];
    let b8 = B[rb8 + k]; let b9 = B[rb9 + k]; let b10 = B[rb10 + k]; let b11 = B[rb11 + k];
    let b12 = B[rb12 + k]; let b13 = B[rb13 + k]; let b14 = B[rb14 + k]; let b15 = B[rb15 + k];
    acc0_0 += vec4<f32>(dot(a0, b0), dot(a0, b1), dot(a0, b2), dot(a0, b3));
    acc0_1 += vec4<f32>(dot(a0, b4), dot(a0, b5), dot(a0, b6), dot(a0, b7));
    acc0_2 += vec4<f32>(dot(a0, b8), dot(a0, b9), dot(a0, b10), dot(a0, b11));
    acc0_3 += vec4<f32>(dot(a0, b12), dot(a0, b13), dot(a0, b14), dot(a0, b15));
    acc1_0 += vec4<f32>(dot(a1, b0), dot(a1, b1), dot(a1, b2), dot(a1, b3));
    acc1_1 += vec4<f32>(dot(a1, b4), dot(a1, b5), dot(a1, b6), dot(a1, b7));
    acc1_2 += vec4<f32>(dot(a1, b8), dot(a1, b9), dot(a1, b10), dot(a1, b11));
    acc1_3 += vec4<f32>(dot(a1, b12), dot(a1, b13), dot(a1, b14), dot(a1, b15));
    acc2_0 += vec4<f32>(dot(a2, b0), dot(a2, b1), dot(a2, b2), dot(a2, b3));
    acc2_1 += vec4<f32>(dot(a2, b4), dot(a2, b5), dot(a2, b6), dot(a2, b7));
    acc2_2 += vec4<f32>(dot(a2, b8), dot(a2, b9), dot(a2, b10), dot(a2, b11));
    acc2_3 += vec4<f32>(dot(a2, b12), dot(a2, b13), dot(a2, b14), dot(a2, b15));
    acc3_0 += vec4<f32>(dot(a3, b0), dot(a3, b1), dot(a3, b2), dot(a3, b3));
    acc3_1 += vec4<f32>(dot(a3, b4), dot(a3, b5), dot(a3, b6), dot(a3, b7));
    acc3_2 += vec4<f32>(dot(a3, b8), dot(a3, b9), dot(a3, b10), dot(a3, b11));
    acc3_3 += vec4<f32>(dot(a3, b12), dot(a3, b13), dot(a3, b14), dot(a3, b15));
    acc4_0 += vec4<f32>(dot(a4, b0), dot(a4, b1), dot(a4, b2), dot(a4, b3));
    acc4_1 += vec4<f32>(dot(a4, b4), dot(a4, b5), dot(a4, b6), dot(a4, b7));
    acc4_2 += vec4<f32>(dot(a4, b8), dot(a4, b9), dot(a4, b10), dot(a4, b11));
    acc4_3 += vec4<f32>(dot(a4, b12), dot(a4, b13), dot(a4, b14), dot(a4, b15));
    acc5_0 += vec4<f32>(dot(a5, b0), dot(a5, b1), dot(a5, b2), dot(a5, b3));
    acc5_1 += vec4<f32>(dot(a5, b4), dot(a5, b5), dot(a5, b6), dot(a5, b7));
    acc5_2 += vec4<f32>(dot(a5, b8), dot(a5, b9), dot(a5, b10), dot(a5, b11));
    acc5_3 += vec4<f32>(dot(a5, b12), dot(a5, b13), dot(a5, b14), dot(a5, b15));
    acc6_0 += vec4<f32>(dot(a6, b0), dot(a6, b1), dot(a6, b2), dot(a6, b3));
    acc6_1 += vec4<f32>(dot(a6, b4), dot(a6, b5), dot(a6, b6), dot(a6, b7));
    acc6_2 += vec4<f32>(dot(a6, b8), dot(a6, b9), dot(a6, b10), dot(a6, b11));
    acc6_3 += vec4<f32>(dot(a6, b12), dot(a6, b13), dot(a6, b14), dot(a6, b15));
    acc7_0 += vec4<f32>(dot(a7, b0), dot(a7, b1), dot(a7, b2), dot(a7, b3));
    acc7_1 += vec4<f32>(dot(a7, b4), dot(a7, b5), dot(a7, b6), dot(a7, b7));
    acc7_2 += vec4<f32>(dot(a7, b8), dot(a7, b9), dot(a7, b10), dot(a7, b11));
    acc7_3 += vec4<f32>(dot(a7, b12), dot(a7, b13), dot(a7, b14), dot(a7, b15));
  }

  let s = uniforms.scale;
  storeRow(r0 + 0, c0, N, M, s * acc0_0, s * acc0_1, s * acc0_2, s * acc0_3);
  storeRow(r0 + 1, c0, N, M, s * acc1_0, s * acc1_1, s * acc1_2, s * acc1_3);
  storeRow(r0 + 2, c0, N, M, s * acc2_0, s * acc2_1, s * acc2_2, s * acc2_3);
  storeRow(r0 + 3, c0, N, M, s * acc3_0, s * acc3_1, s * acc3_2, s * acc3_3);
  storeRow(r0 + 4, c0, N, M, s * acc4_0, s * acc4_1, s * acc4_2, s * acc4_3);
  storeRow(r0 + 5, c0, N, M, s * acc5_0, s * acc5_1, s * acc5_2, s * acc5_3);
  storeRow(r0 + 6, c0, N, M, s * acc6_0, s * acc6_1, s * acc6_2, s * acc6_3);
  storeRow(r0 + 7, c0, N, M, s * acc7_0, s * acc7_1, s * acc7_2, s * acc7_3);
}

// Writes the 16 tile columns of one row, skipping rows/columns outside [N, M].
fn storeRow(r : i32, c0 : i32, N : i32, M : i32, v0 : vec4<f32>, v1 : vec4<f32>, v2 : vec4<f32>, v3 : vec4<f32>) {
  if (r >= N) {
    return;
  }
  let o = r * M + c0;
  if (c0 + 15 < M) {
    result[o + 0] = v0.x; result[o + 1] = v0.y; result[o + 2] = v0.z; result[o + 3] = v0.w;
    result[o + 4] = v1.x; result[o + 5] = v1.y; result[o + 6] = v1.z; result[o + 7] = v1.w;
    result[o + 8] = v2.x; result[o + 9] = v2.y; result[o + 10] = v2.z; result[o + 11] = v2.w;
    result[o + 12] = v3.x; result[o + 13] = v3.y; result[o + 14] = v3.z; result[o + 15] = v3.w;
    return;
  }
  let n = M - c0;
  for (var j = 0; j < n; j++) {
    let g = j / 4;
    var v = v0;
    if (g == 1) { v = v1; } else if (g == 2) { v = v2; } else if (g == 3) { v = v3; }
    result[o + j] = v[j % 4];
  }
}
