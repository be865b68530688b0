// SNM per-row top-k, threshold pass (floatOrder.wgsl, a rowTopKLoad*.wgsl and
// rowTopKTieColumn.wgsl in front);
// rowTopKMask.wgsl then writes the mask from its output.
// Inputs: S [N, N] (similarities), M [N, N] (nonzero = negative), K i32 [N] (k_i per row).
// Output: result i32 [N, 2]: for row i, t_i = the key (bits) of the k_i-th largest negative and
// c_i = the column of the last entry equal to t_i to select (ties -> lower column first), so that
// the selection is {j negative : key_j > t_i, or key_j == t_i and j <= c_i}. k_i = 0 gives
// (0xffffffff, -1): nothing.
//
// One invocation per row does a complete radix select on its row: four passes over the row, one
// per 8-bit digit of the float keys (most significant first), each building a private 256-bin
// histogram of the candidates (negatives whose key matches the digits chosen so far) and picking,
// from the top bin down, the bin holding the need-th largest candidate. After the four passes
// `prefix` is the exact key t_i and `need` the number of entries equal to t_i to take; a last
// scan finds the column of the need-th of them. No barriers, no atomics, no shared memory.
fn main(index : i32) {
  let n = uniforms.sShape.y;
  if (index >= uniforms.sShape.x) {
    return;
  }
  let row = index * n;
  let nq = quadCount(n);
  let k = K[index];
  if (k <= 0) {
    result[2 * index] = bitcast<i32>(0xffffffffu);
    result[2 * index + 1] = -1;
    return;
  }
  var need = u32(k);
  var prefix = 0u;
  var hist : array<u32, 256>;
  for (var shift = 24u; ; shift -= 8u) {
    for (var b = 0; b < 256; b++) {
      hist[b] = 0u;
    }
    let pm = vec4<u32>(prefixMask(shift));
    for (var q = 0; q < nq; q++) {
      let kv = quadKeys(row, q, n);
      let ok = quadNeg(row, q, n) & ((kv & pm) == vec4<u32>(prefix));
      let dv = (kv >> vec4<u32>(shift)) & vec4<u32>(0xffu);
      if (ok.x) { hist[dv.x] += 1u; }
      if (ok.y) { hist[dv.y] += 1u; }
      if (ok.z) { hist[dv.z] += 1u; }
      if (ok.w) { hist[dv.w] += 1u; }
    }
    // Bin holding the need-th largest candidate, scanning from the top; `need` becomes its rank
    // inside that bin. (The d > 0 guard only matters if k_i exceeded the row's negatives.)
    var d = 255u;
    loop {
      let c = hist[d];
      if (need <= c || d == 0u) {
        break;
      }
      need -= c;
      d -= 1u;
    }
    prefix |= d << shift;
    if (shift == 0u) {
      break;
    }
  }
  result[2 * index] = bitcast<i32>(prefix);
  result[2 * index + 1] = tieColumn(row, n, prefix, need);
}
