// Arithmetic-peak probe for the adapter (measurePeakGflops in peak.ts): an ALU-bound loop with
// no memory traffic inside it.
//
// User code for tfjs's webgpu backend (see program.ts): tfjs declares `result : array<f32>`
// (one value per invocation, so the work cannot be optimised away), `uniforms.size`, and our
// `uniforms.iters` (i32), `uniforms.fmaMul` / `uniforms.fmaAdd` (f32, ≈ 0.9999 / 0.0001 so the values
// stay near 1: no overflow, no denormals); it calls main(index) for a flat 1-D dispatch.
//
// Each invocation runs 4 independent vec4 chains x ← x·mul + add, 16 steps per loop iteration:
// 4 · 4 · 16 = 256 FMAs (512 FLOPs) per iteration. The chains are independent so the CPU can
// overlap them; the 16-fold unroll amortises the loop's own cost (on SwiftShader a loop-carried
// value is merged under the lane mask at every iteration, which a 1-step loop pays per FMA).
// `fma()` is what SwiftShader lowers to mul + add here; it is counted as 2 FLOPs.

fn main(index : i32) {
  let m = vec4<f32>(uniforms.fmaMul);
  let c = vec4<f32>(uniforms.fmaAdd);
  let s = f32(index % 251) * 0.001;
  var x0 = vec4<f32>(s, s + 0.01, s + 0.02, s + 0.03);
  var x1 = x0 + vec4<f32>(0.1);
  var x2 = x0 + vec4<f32>(0.2);
  var x3 = x0 + vec4<f32>(0.3);
  for (var i = 0; i < uniforms.iters; i++) {
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
    x0 = fma(x0, m, c); x1 = fma(x1, m, c); x2 = fma(x2, m, c); x3 = fma(x3, m, c);
  }
  if (index < uniforms.size) {
    setOutputAtIndex(index, dot(x0 + x1 + x2 + x3, vec4<f32>(0.25)));
  }
}
