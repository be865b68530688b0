// CENM global top-k, pick pass (floatOrder.wgsl, a rowTopKLoad*.wgsl and rowTopKTieColumn.wgsl
// in front). Run after each histogram pass, as ONE workgroup of 256 invocations (workgroup size 256).
// Inputs: H i32 [N, 256] (the histogram pass's per-row partials), St i32 (previous state:
// St[0] = key digits chosen so far, St[1] = need, the rank of the wanted element among the
// candidates still matching those digits; the first state is [0, k]), S [N, N] and M [N, N]
// (read on the last pass only).
// Uniforms: `shift` (this digit's bit position), `last` (1 on the final digit, shift 0).
// Output: result i32 [N + 1, 2]. result[0], result[1]: the new state (digits chosen including
// this one; need inside the chosen bin). On the last pass result[0] is the exact key t of the
// k-th largest negative and result[1] the number c of entries equal to t to select: the first c
// in row-major order. Then also, for each row i, the pair (t, c_i) of rowTopKMask.wgsl at
// result[2 + 2i]: c_i = N (all its ties) for the rows before the row r* holding the c-th tie,
// the column of that tie for r*, -1 (none) after it.
var<workgroup> bins : array<u32, 256>;

fn main(index : i32) {
  let rows = uniforms.hShape.x;
  let bin = u32(localIndex);
  // Invocation b adds up bin b over the N partial histograms.
  var sum = 0u;
  for (var r = 0; r < rows; r++) {
    sum += u32(H[r * 256 + i32(bin)]);
  }
  bins[bin] = sum;
  workgroupBarrier();
  if (bin != 0u) {
    return;
  }
  let shift = u32(uniforms.shift);
  var prefix = bitcast<u32>(St[0]) & prefixMask(shift);
  var need = u32(St[1]);
  // Bin holding the need-th largest candidate, scanning from the top; `need` becomes its rank
  // inside that bin. (The d > 0 guard only matters if k exceeded the number of negatives.)
  var d = 255u;
  loop {
    let c = bins[d];
    if (need <= c || d == 0u) {
      break;
    }
    need -= c;
    d -= 1u;
  }
  prefix |= d << shift;
  result[0] = bitcast<i32>(prefix);
  result[1] = i32(need);
  if (uniforms.last == 0) {
    return;
  }
  // Row i's ties (entries == t) are its last-digit count in bin d: find the row r* of the
  // need-th tie in row order, then its column in r*.
  let n = uniforms.sShape.y;
  var left = need;
  var rs = 0;
  loop {
    let ties = u32(H[rs * 256 + i32(d)]);
    if (left <= ties || rs == rows - 1) {
      break;
    }
    left -= ties;
    rs += 1;
  }
  let col = tieColumn(rs * n, n, prefix, left);
  let t = bitcast<i32>(prefix);
  for (var r = 0; r < rows; r++) {
    result[2 + 2 * r] = t;
    result[3 + 2 * r] = select(select(-1, col, r == rs), n, r < rs);
  }
}
