// Order-preserving image of an f32 as a u32 ("float key"), shared by the selection kernels and
// concatenated in front of them by the TypeScript (it is not a shader on its own).
//
// Buffer types: tfjs's webgpu backend may back a float32 tensor with an i32 buffer (a cast from
// bool/int32 keeps the int data), so the kernels read S as `f32(S[i])` and test the negatives
// mask as `M[i] != 0`, which compile for array<f32> and array<i32> alike; tfjs keys its pipeline
// cache on the buffer types, so each combination gets its own pipeline.
//
//   for floats a, b (no NaN):  a > b  <=>  floatKey(a) > floatKey(b),  a == b  <=>  keys equal.
//
// Non-negative floats (sign bit 0) get the sign bit set, so they sort above every negative and
// keep their bit order; negative floats get every bit flipped, which reverses their order.
// NaN (not expected in S) maps above +inf, or below -inf when its sign bit is set: the
// selections still terminate and stay within the negatives, the reference's order is undefined.
// -0 is first mapped to +0: the selections compare values as FLOATS, so -0 and +0 are a tie
// (as in the float64 reference, where -0 === 0) and the tie goes to the lower index.
fn floatKey(v : f32) -> u32 {
  var b = bitcast<u32>(v);
  if (b == 0x80000000u) {
    b = 0u;
  }
  let flip = select(0x80000000u, 0xffffffffu, (b & 0x80000000u) != 0u);
  return b ^ flip;
}

// The bits of a key above the digit that starts at bit `shift` (digits are 8 bits wide), as a
// mask: 0 for the most significant digit (shift 24), where no prefix is known yet.
fn prefixMask(shift : u32) -> u32 {
  return select(0xffffffffu << (shift + 8u), 0u, shift >= 24u);
}
