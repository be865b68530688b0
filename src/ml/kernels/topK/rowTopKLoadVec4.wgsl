// Quad loads for the selection kernels when N % 4 == 0 (concatenated after floatOrder.wgsl; see
// rowTopKLoadScalar.wgsl for the contract). S and M are bound as array<vec4<f32>> or
// array<vec4<i32>> (variableComponents 4): one 16-byte load per quad. Measured ~1.8x faster than
// scalar loads on SwiftShader, where the loads dominate these passes.
fn quadCount(n : i32) -> i32 {
  return n / 4;
}

fn quadKeys(row : i32, q : i32, n : i32) -> vec4<u32> {
  let v = vec4<f32>(S[row / 4 + q]);
  return vec4<u32>(floatKey(v.x), floatKey(v.y), floatKey(v.z), floatKey(v.w));
}

fn quadNeg(row : i32, q : i32, n : i32) -> vec4<bool> {
  return M[row / 4 + q] != vec4(0);
}
