/**
 * REFERENCE Recall@K. SPEC = /work/shared/SPEC.md, section "Evaluation", line 59 (HU's metric).
 * Float64, full sorts, no tfjs.
 */
import { cosineMatrix, type Matrix } from '../../ml/reference/linalg';
import { TIE } from './pairs';

/**
 * Every item but `self`, best first, by its cosine in `row`: sorted by cosine, DESCENDING; then
 * cut into tie groups — each cosine within {@link TIE} (2⁻⁴⁰) of the one before it in that order
 * joins its group — and each group put in index order, LOWER index first.
 */
export function rankedNeighbours(row: number[], self: number): number[] {
  const others: number[] = [];
  for (let j = 0; j < row.length; j++) if (j !== self) others.push(j);
  others.sort((x, y) => row[y] - row[x] || x - y);
  const ranked: number[] = [];
  let group: number[] = [];
  others.forEach((j, r) => {
    if (r > 0 && row[others[r - 1]] - row[j] > TIE) {
      ranked.push(...group.sort((x, y) => x - y));
      group = [];
    }
    group.push(j);
  });
  return ranked.concat(group.sort((x, y) => x - y));
}

/**
 * Recall@K for each K in `ks`, SPEC line 59: for every item i, the other items are ranked by
 * cosine with i (l2-normalised embeddings, SPEC lines 11–12), DESCENDING; item i itself is
 * excluded; the item scores 1 when any of the first K shares its label (`===`), else 0;
 * Recall@K is the mean over items. Returned in the order of `ks` (any order, duplicates allowed).
 *
 * Ties (SPEC Recall@K and "PR curve and PR-AUC"): see {@link rankedNeighbours}. K ≥ n − 1 uses all others (an item whose class has
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
    const others = rankedNeighbours(C[i], i);
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
