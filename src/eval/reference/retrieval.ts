/**
 * REFERENCE Recall@K. SPEC = /work/shared/SPEC.md, section "Evaluation", line 59 (HU's metric).
 * Float64, full sorts, no tfjs.
 */
import { cosineMatrix, type Matrix } from '../../ml/reference/linalg';

/**
 * Recall@K for each K in `ks`, SPEC line 59: for every item i, the other items are ranked by
 * cosine with i (l2-normalised embeddings, SPEC lines 11–12), DESCENDING; item i itself is
 * excluded; the item scores 1 when any of the first K shares its label (`===`), else 0;
 * Recall@K is the mean over items. Returned in the order of `ks` (any order, duplicates allowed).
 *
 * Choices SPEC leaves open: equal cosines are ranked by the LOWER index first (float64 `===`, no
 * tolerance), so the value is deterministic. K ≥ n − 1 uses all others (an item whose class has
 * another item always scores 1). An item with no other item (n = 1) scores 0. An empty set gives
 * NaN for every K. K must be a positive integer.
 */
export function recallAtK(emb: Matrix, labels: number[], ks: number[]): number[] {
  const n = emb.length;
  if (labels.length !== n) throw new Error(`recallAtK: ${n} embeddings but ${labels.length} labels`);
  for (const k of ks) if (!Number.isInteger(k) || k < 1) throw new Error(`recallAtK: bad K ${k}`);
  const C = cosineMatrix(emb, emb);
  const hits = new Array<number>(ks.length).fill(0);
  for (let i = 0; i < n; i++) {
    const others: number[] = [];
    for (let j = 0; j < n; j++) if (j !== i) others.push(j);
    others.sort((x, y) => C[i][y] - C[i][x] || x - y);
    for (let q = 0; q < ks.length; q++) {
      const lim = Math.min(ks[q], others.length);
      for (let r = 0; r < lim; r++) {
        if (labels[others[r]] === labels[i]) {
          hits[q]++;
          break;
        }
      }
    }
  }
  return hits.map((h) => h / n);
}
