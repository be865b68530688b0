// Quad loads for the selection kernels, any N (concatenated after floatOrder.wgsl when N is not a
// multiple of 4; rowTopKLoadVec4.wgsl is the fast twin for N % 4 == 0). Every selection shader
// walks a row of S and M four entries ("a quad") at a time through these three functions, where
// `row` is the flat offset i·N of the row, `q` the quad index and `n` = N:
//   quadCount(n)        quads per row;
//   quadKeys(row, q, n) floatKey of entries 4q … 4q+3 (clamped to the row: don't-care past it);
//   quadNeg(row, q, n)  whether they are negatives (false past the end of the row).
// Here S and M are array<f32> or array<i32> (scalar loads, no alignment needed).
fn quadCount(n : i32) -> i32 {
  return (n + 3) / 4;
}

fn quadKeys(row : i32, q : i32, n : i32) -> vec4<u32> {
  let j = 4 * q;
  let last = n - 1;
  return vec4<u32>(
    floatKey(f32(S[row + j])),
    floatKey(f32(S[row + min(j + 1, last)])),
    floatKey(f32(S[row + min(j + 2, last)])),
    floatKey(f32(S[row + min(j + 3, last)])));
}

fn quadNeg(row : i32, q : i32, n : i32) -> vec4<bool> {
  let j = 4 * q;
  let last = n - 1;
  return vec4<bool>(
    M[row + j] != 0,
    j + 1 < n && M[row + min(j + 1, last)] != 0,
    j + 2 < n && M[row + min(j + 2, last)] != 0,
    j + 3 < n && M[row + min(j + 3, last)] != 0);
}
