// All-pairs cosine histograms, one (a-block, b-block) tile of the upper triangle per dispatch
// (pairHistogram.ts drives the tiles). User code for tfjs's webgpu backend (src/ml/kernels/program.ts):
//   result : array<atomic<i32>>  — the counters, zero-filled by the caller, accumulated over tiles
//   X      : array<vec4<f32>>    — the l2-normalised rows, [n, K] with K % 4 == 0 (zero-padded)
//   L      : array<i32>          — the labels, [n], in 0 … classes − 1
//   uniforms: a0, aEnd, b0, bEnd (row ranges [a0, aEnd) and [b0, bEnd) of the tile's a- and
//             b-block; the dispatch may overhang them), bins, classes, half (= bins / 2),
//             mode (0: pair-key counters, 1: per-class counters; `layout` is a WGSL reserved word)
// main() is called for a 2-D dispatch: globalId.y → 8 rows a, globalId.x → 8 rows b.
// Counters, [copies · rows, bins]: mode 0 adds ONE atomic per pair (a, b) with labels p ≤ q (sorted)
// to row p·classes + q; mode 1, for when classes² · bins is too large, has rows 2t (pos of class t)
// and 2t + 1 (neg), two atomics per negative pair. A workgroup adds to copy (workgroupId.x +
// 7 · workgroupId.y) mod copies, so neighbouring workgroups (on different CPU threads) rarely
// contend for a cache line; the host sums the copies.
// Each invocation owns an 8 × 8 register tile of pairs (16 vec4 loads, 64 dot4 per k step), with no
// workgroup memory and no barriers, which the SwiftShader CPU adapter runs slowly (/work/shared/ENVIRONMENT.md).
// Rows past n are clamped to n − 1 for loading (no branch in the loop). Hand-unrolled: keep the
// 8 × 8 in sync with REG_A/REG_B in the .ts.

fn main() {
  let n = uniforms.xShape.x;
  let K4 = uniforms.xShape.y / 4;
  let a = uniforms.a0 + i32(globalId.y) * 8;
  let b = uniforms.b0 + i32(globalId.x) * 8;
  // Nothing to do when every b of the tile is ≤ every a (strictly lower triangle) or out of range.
  let aEnd = uniforms.aEnd;
  let bEnd = uniforms.bEnd;
  if (a >= aEnd || b >= bEnd || b + 7 <= a) {
    return;
  }
  let ra0 = min(a + 0, n - 1) * K4;
  let ra1 = min(a + 1, n - 1) * K4;
  let ra2 = min(a + 2, n - 1) * K4;
  let ra3 = min(a + 3, n - 1) * K4;
  let ra4 = min(a + 4, n - 1) * K4;
  let ra5 = min(a + 5, n - 1) * K4;
  let ra6 = min(a + 6, n - 1) * K4;
  let ra7 = min(a + 7, n - 1) * K4;
  let rb0 = min(b + 0, n - 1) * K4;
  let rb1 = min(b + 1, n - 1) * K4;
  let rb2 = min(b + 2, n - 1) * K4;
  let rb3 = min(b + 3, n - 1) * K4;
  let rb4 = min(b + 4, n - 1) * K4;
  let rb5 = min(b + 5, n - 1) * K4;
  let rb6 = min(b + 6, n - 1) * K4;
  let rb7 = min(b + 7, n - 1) * K4;
  var acc0_0 = vec4<f32>(0.0); var acc0_1 = vec4<f32>(0.0);
  var acc1_0 = vec4<f32>(0.0); var acc1_1 = vec4<f32>(0.0);
  var acc2_0 = vec4<f32>(0.0); var acc2_1 = vec4<f32>(0.0);
  var acc3_0 = vec4<f32>(0.0); var acc3_1 = vec4<f32>(0.0);
  var acc4_0 = vec4<f32>(0.0); var acc4_1 = vec4<f32>(0.0);
  var acc5_0 = vec4<f32>(0.0); var acc5_1 = vec4<f32>(0.0);
  var acc6_0 = vec4<f32>(0.0); var acc6_1 = vec4<f32>(0.0);
  var acc7_0 = vec4<f32>(0.0); var acc7_1 = vec4<f32>(0.0);
  for (var k = 0; k < K4; k++) {
    let x0 = X[ra0 + k]; let x1 = X[ra1 + k]; let x2 = X[ra2 + k]; let x3 = X[ra3 + k];
    let x4 = X[ra4 + k]; let x5 = X[ra5 + k]; let x6 = X[ra6 + k]; let x7 = X[ra7 + k];
    let y0 = X[rb0 + k]; let y1 = X[rb1 + k]; let y2 = X[rb2 + k]; let y3 = X[rb3 + k];
    let y4 = X[rb4 + k]; let y5 = X[rb5 + k]; let y6 = X[rb6 + k]; let y7 = X[rb7 + k];
    acc0_0 += vec4<f32>(dot(x0, y0), dot(x0, y1), dot(x0, y2), dot(x0, y3));
    acc0_1 += vec4<f32>(dot(x0, y4), dot(x0, y5), dot(x0, y6), dot(x0, y7));
    acc1_0 += vec4<f32>(dot(x1, y0), dot(x1, y1), dot(x1, y2), dot(x1, y3));
    acc1_1 += vec4<f32>(dot(x1, y4), dot(x1, y5), dot(x1, y6), dot(x1, y7));
    acc2_0 += vec4<f32>(dot(x2, y0), dot(x2, y1), dot(x2, y2), dot(x2, y3));
    acc2_1 += vec4<f32>(dot(x2, y4), dot(x2, y5), dot(x2, y6), dot(x2, y7));
    acc3_0 += vec4<f32>(dot(x3, y0), dot(x3, y1), dot(x3, y2), dot(x3, y3));
    acc3_1 += vec4<f32>(dot(x3, y4), dot(x3, y5), dot(x3, y6), dot(x3, y7));
    acc4_0 += vec4<f32>(dot(x4, y0), dot(x4, y1), dot(x4, y2), dot(x4, y3));
    acc4_1 += vec4<f32>(dot(x4, y4), dot(x4, y5), dot(x4, y6), dot(x4, y7));
    acc5_0 += vec4<f32>(dot(x5, y0), dot(x5, y1), dot(x5, y2), dot(x5, y3));
    acc5_1 += vec4<f32>(dot(x5, y4), dot(x5, y5), dot(x5, y6), dot(x5, y7));
    acc6_0 += vec4<f32>(dot(x6, y0), dot(x6, y1), dot(x6, y2), dot(x6, y3));
    acc6_1 += vec4<f32>(dot(x6, y4), dot(x6, y5), dot(x6, y6), dot(x6, y7));
    acc7_0 += vec4<f32>(dot(x7, y0), dot(x7, y1), dot(x7, y2), dot(x7, y3));
    acc7_1 += vec4<f32>(dot(x7, y4), dot(x7, y5), dot(x7, y6), dot(x7, y7));
  }

  let lb0 = vec4<i32>(L[min(b + 0, n - 1)], L[min(b + 1, n - 1)], L[min(b + 2, n - 1)], L[min(b + 3, n - 1)]);
  let bv0 = vec4<i32>(b + 0, b + 1, b + 2, b + 3);
  let inB0 = bv0 < vec4<i32>(bEnd);
  let lb1 = vec4<i32>(L[min(b + 4, n - 1)], L[min(b + 5, n - 1)], L[min(b + 6, n - 1)], L[min(b + 7, n - 1)]);
  let bv1 = vec4<i32>(b + 4, b + 5, b + 6, b + 7);
  let inB1 = bv1 < vec4<i32>(bEnd);
  // A pair (a + i, b + j) counts when a + i < aEnd, b + j < bEnd and a + i < b + j.
  let la0 = L[min(a + 0, n - 1)];
  recordRow(acc0_0, la0, lb0, inB0 & (vec4<i32>(a + 0) < bv0) & vec4<bool>(a + 0 < aEnd));
  recordRow(acc0_1, la0, lb1, inB1 & (vec4<i32>(a + 0) < bv1) & vec4<bool>(a + 0 < aEnd));
  let la1 = L[min(a + 1, n - 1)];
  recordRow(acc1_0, la1, lb0, inB0 & (vec4<i32>(a + 1) < bv0) & vec4<bool>(a + 1 < aEnd));
  recordRow(acc1_1, la1, lb1, inB1 & (vec4<i32>(a + 1) < bv1) & vec4<bool>(a + 1 < aEnd));
  let la2 = L[min(a + 2, n - 1)];
  recordRow(acc2_0, la2, lb0, inB0 & (vec4<i32>(a + 2) < bv0) & vec4<bool>(a + 2 < aEnd));
  recordRow(acc2_1, la2, lb1, inB1 & (vec4<i32>(a + 2) < bv1) & vec4<bool>(a + 2 < aEnd));
  let la3 = L[min(a + 3, n - 1)];
  recordRow(acc3_0, la3, lb0, inB0 & (vec4<i32>(a + 3) < bv0) & vec4<bool>(a + 3 < aEnd));
  recordRow(acc3_1, la3, lb1, inB1 & (vec4<i32>(a + 3) < bv1) & vec4<bool>(a + 3 < aEnd));
  let la4 = L[min(a + 4, n - 1)];
  recordRow(acc4_0, la4, lb0, inB0 & (vec4<i32>(a + 4) < bv0) & vec4<bool>(a + 4 < aEnd));
  recordRow(acc4_1, la4, lb1, inB1 & (vec4<i32>(a + 4) < bv1) & vec4<bool>(a + 4 < aEnd));
  let la5 = L[min(a + 5, n - 1)];
  recordRow(acc5_0, la5, lb0, inB0 & (vec4<i32>(a + 5) < bv0) & vec4<bool>(a + 5 < aEnd));
  recordRow(acc5_1, la5, lb1, inB1 & (vec4<i32>(a + 5) < bv1) & vec4<bool>(a + 5 < aEnd));
  let la6 = L[min(a + 6, n - 1)];
  recordRow(acc6_0, la6, lb0, inB0 & (vec4<i32>(a + 6) < bv0) & vec4<bool>(a + 6 < aEnd));
  recordRow(acc6_1, la6, lb1, inB1 & (vec4<i32>(a + 6) < bv1) & vec4<bool>(a + 6 < aEnd));
  let la7 = L[min(a + 7, n - 1)];
  recordRow(acc7_0, la7, lb0, inB0 & (vec4<i32>(a + 7) < bv0) & vec4<bool>(a + 7 < aEnd));
  recordRow(acc7_1, la7, lb1, inB1 & (vec4<i32>(a + 7) < bv1) & vec4<bool>(a + 7 < aEnd));
}

// Bins the 4 cosines of one row a against the 4 rows b: ⌊(c + 1) · bins/2⌋ clamped to
// [0, bins − 1], exactly as cosineBin (in f32).
fn recordRow(c : vec4<f32>, la : i32, lb : vec4<i32>, ok : vec4<bool>) {
  let last = uniforms.bins - 1;
  let k = clamp(vec4<i32>(floor((c + vec4<f32>(1.0)) * uniforms.half)), vec4<i32>(0), vec4<i32>(last));
  if (ok.x) { record(k.x, la, lb.x); }
  if (ok.y) { record(k.y, la, lb.y); }
  if (ok.z) { record(k.z, la, lb.z); }
  if (ok.w) { record(k.w, la, lb.w); }
}

fn record(k : i32, la : i32, lb : i32) {
  let bins = uniforms.bins;
  // Copy of the counters this workgroup adds to (neighbouring workgroups run on different
  // threads: separate copies keep the two cores from fighting over the same cache lines).
  let base = i32((workgroupId.x + workgroupId.y * 7u) % u32(uniforms.copies)) * uniforms.rows * bins;
  if (uniforms.mode == 0) {
    let row = min(la, lb) * uniforms.classes + max(la, lb);
    atomicAdd(&result[base + row * bins + k], 1);
  } else if (la == lb) {
    atomicAdd(&result[base + (2 * la) * bins + k], 1);
  } else {
    atomicAdd(&result[base + (2 * la + 1) * bins + k], 1);
    atomicAdd(&result[base + (2 * lb + 1) * bins + k], 1);
  }
}
