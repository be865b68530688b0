// Shared by rowTopK.wgsl and globalTopKPick.wgsl (concatenated after floatOrder.wgsl and a
// rowTopKLoad*.wgsl): the column of the need-th negative, in column order, of the row at flat
// offset `row` whose key is t (n - 1 if there are fewer: only when k exceeded the negatives).
fn tieColumn(row : i32, n : i32, t : u32, need : u32) -> i32 {
  var left = need;
  let nq = quadCount(n);
  for (var q = 0; q < nq; q++) {
    let ok = quadNeg(row, q, n) & (quadKeys(row, q, n) == vec4<u32>(t));
    for (var c = 0; c < 4; c++) {
      if (ok[c]) {
        left -= 1u;
        if (left == 0u) {
          return 4 * q + c;
        }
      }
    }
  }
  return n - 1;
}
