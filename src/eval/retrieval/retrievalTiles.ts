/**
 * The float64 tiles of the retrieval pass (retrieval.ts) when no float32 screen ranks: cosines of
 * tiles of rows, each summed in coordinate order, offered to the items' bounded selections
 * (neighbourSelections.ts) — every tile pair once, each cosine to both items (the symmetric pass),
 * or blocks of queries against every item. Pure TypeScript.
 */
import type { Selections } from './neighbourSelections';
import type { TieRanker } from '../pairs/ties';

/** Rows per tile of the pass. */
export const TILE = 64;

/**
 * Cosines of rows a0 … a0+na−1 of `A` with rows b0 … b0+nb−1 of `B` (n × d row-major) into
 * out[(a − a0) · stride + (b − b0)], each Σ_t A[a,t]·B[b,t] summed in coordinate order (16 sums at
 * once in 4 × 4 blocks; the edges one at a time, same order).
 */
export function dotTile(A: Float64Array, a0: number, na: number, B: Float64Array, b0: number, nb: number, d: number, out: Float64Array, stride: number): void {
  const na4 = na - (na % 4);
  const nb4 = nb - (nb % 4);
  for (let a = 0; a < na4; a += 4) {
    const p0 = (a0 + a) * d;
    const p1 = p0 + d;
    const p2 = p1 + d;
    const p3 = p2 + d;
    for (let b = 0; b < nb4; b += 4) {
      const q0 = (b0 + b) * d;
      const q1 = q0 + d;
      const q2 = q1 + d;
      const q3 = q2 + d;
      let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
      let s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
      for (let t = 0; t < d; t++) {
        const u0 = B[q0 + t];
        const u1 = B[q1 + t];
        const u2 = B[q2 + t];
        const u3 = B[q3 + t];
        let v = A[p0 + t];
        s00 += v * u0;
        s01 += v * u1;
        s02 += v * u2;
        s03 += v * u3;
        v = A[p1 + t];
        s10 += v * u0;
        s11 += v * u1;
        s12 += v * u2;
        s13 += v * u3;
        v = A[p2 + t];
        s20 += v * u0;
        s21 += v * u1;
        s22 += v * u2;
        s23 += v * u3;
        v = A[p3 + t];
        s30 += v * u0;
        s31 += v * u1;
        s32 += v * u2;
        s33 += v * u3;
      }
      let o = a * stride + b;
      out[o] = s00;
      out[o + 1] = s01;
      out[o + 2] = s02;
      out[o + 3] = s03;
      o += stride;
      out[o] = s10;
      out[o + 1] = s11;
      out[o + 2] = s12;
      out[o + 3] = s13;
      o += stride;
      out[o] = s20;
      out[o + 1] = s21;
      out[o + 2] = s22;
      out[o + 3] = s23;
      o += stride;
      out[o] = s30;
      out[o + 1] = s31;
      out[o + 2] = s32;
      out[o + 3] = s33;
    }
  }
  // Edges: the rows below na4 against the last nb − nb4 columns, and the last rows against all.
  for (let a = 0; a < na; a++) {
    const p = (a0 + a) * d;
    for (let b = a < na4 ? nb4 : 0; b < nb; b++) {
      const q = (b0 + b) * d;
      let s = 0;
      for (let t = 0; t < d; t++) s += A[p + t] * B[q + t];
      out[a * stride + b] = s;
    }
  }
}

/** Offers the cosines of a tile of items a0 … and b0 … (b0 ≥ a0; on the diagonal tile only a < b) to both items. */
export function offerBoth(tile: Float64Array, a0: number, na: number, b0: number, nb: number, sel: Selections): void {
  const bar = sel.bar;
  for (let a = 0; a < na; a++) {
    const i = a0 + a;
    const row = a * TILE;
    for (let b = b0 === a0 ? a + 1 : 0; b < nb; b++) {
      const j = b0 + b;
      const c = tile[row + b];
      if (c > bar[i]) sel.push(i, c, j);
      if (c > bar[j]) sel.push(j, c, i);
    }
  }
}

/** Offers the cosines of a tile of queries (queries[a0 …], slots s0 …) with items b0 … to the queries (not to themselves). */
function offerRows(tile: Float64Array, queries: Int32Array, a0: number, na: number, s0: number, b0: number, nb: number, sel: Selections): void {
  const bar = sel.bar;
  for (let a = 0; a < na; a++) {
    const s = s0 + a;
    const i = queries[a0 + a];
    const row = a * TILE;
    for (let b = 0; b < nb; b++) {
      const c = tile[row + b];
      if (c > bar[s] && b0 + b !== i) sel.push(s, c, b0 + b);
    }
  }
}

/**
 * Fills `sel` (slots s = 0 … q1 − q0 − 1 for queries[q0 …]) with each query's neighbours among
 * every item, from float64 tiles; `pace` is told the (query, item) pairs done.
 */
export async function tiledSweep(x: Float64Array, n: number, d: number, queries: Int32Array, q0: number, q1: number, sel: Selections, tile: Float64Array, pace: (pairs: number) => Promise<void>): Promise<void> {
  const qx = new Float64Array(TILE * d);
  for (let a0 = q0; a0 < q1; a0 += TILE) {
    const na = Math.min(TILE, q1 - a0);
    for (let a = 0; a < na; a++) qx.set(x.subarray(queries[a0 + a] * d, (queries[a0 + a] + 1) * d), a * d);
    for (let b0 = 0; b0 < n; b0 += TILE) {
      const nb = Math.min(TILE, n - b0);
      dotTile(qx, 0, na, x, b0, nb, d, tile, TILE);
      offerRows(tile, queries, a0, na, a0 - q0, b0, nb, sel);
      await pace(na * nb);
    }
  }
}

/**
 * Query i's first `want` neighbours among every other item by SPEC's ranking into out[0 …]
 * (length ≥ n): every float64 cosine of its row, summed in coordinate order as the tiles sum it.
 * Returns how many. For the rare query whose tie group at the last place did not fit its selection.
 */
export function rankWholeRow(x: Float64Array, n: number, d: number, i: number, want: number, out: Int32Array, ranker: TieRanker): number {
  for (let j = 0, k = 0; j < n; j++) if (j !== i) out[k++] = j;
  const cosines = new Float64Array(n - 1);
  dotsOf(x, d, i, out, n - 1, cosines);
  ranker.rank(cosines, out, n - 1);
  return Math.min(want, n - 1);
}

/** dots[k] = Σ_t x[i, t]·x[kept[k], t] for k < m, each summed t = 0 … d − 1 (four at a time). */
export function dotsOf(x: Float64Array, d: number, i: number, kept: Int32Array, m: number, dots: Float64Array): void {
  const p = i * d;
  const m4 = m - (m % 4);
  for (let k = 0; k < m4; k += 4) {
    const q0 = kept[k] * d;
    const q1 = kept[k + 1] * d;
    const q2 = kept[k + 2] * d;
    const q3 = kept[k + 3] * d;
    let c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    for (let t = 0; t < d; t++) {
      const v = x[p + t];
      c0 += v * x[q0 + t];
      c1 += v * x[q1 + t];
      c2 += v * x[q2 + t];
      c3 += v * x[q3 + t];
    }
    dots[k] = c0;
    dots[k + 1] = c1;
    dots[k + 2] = c2;
    dots[k + 3] = c3;
  }
  for (let k = m4; k < m; k++) {
    const q = kept[k] * d;
    let c = 0;
    for (let t = 0; t < d; t++) c += x[p + t] * x[q + t];
    dots[k] = c;
  }
}
