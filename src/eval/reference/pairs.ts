/**
 * REFERENCE all-pairs statistics: the pair list, the PR curve and average precision.
 * SPEC = /work/shared/SPEC.md, section "Evaluation", lines 50–52 (and the notation, lines 11–12).
 * Paper: Veit & Wilber, cross-example-softmax.md (CE), Fig. 4 and Table 1.
 *
 * These are the ground truth the fast (histogram / WGSL) evaluation engine is tested against:
 * float64 `number`, explicit loops, full sorts, no tfjs and NO binning — the EXACT values that
 * SPEC line 52 says the histogram path approximates ("Exact for small sets"). Nothing here
 * mutates its inputs.
 *
 * Ties (SPEC "PR curve and PR-AUC", "ties form one operating point"): after sorting, scores within
 * {@link TIE} of their neighbour in the order form one tie group (chained), so cosines equal in
 * exact arithmetic but a few ulps apart in float64 are not split.
 */
import { cosineMatrix, sphereDistance, type Matrix } from '../../ml/reference/linalg';

/** SPEC's tie tolerance: neighbours in the sorted order within 2⁻⁴⁰ are one tie group. */
export const TIE = 2 ** -40;

/**
 * Every unordered pair (a, b), a < b, of an evaluation set (SPEC line 51), as parallel arrays in
 * row-major order: (0,1), (0,2), …, (0,n−1), (1,2), … , (n−2,n−1). Length n(n−1)/2.
 */
export interface PairList {
  /** Index of the first item of the pair (the smaller one). */
  a: number[];
  /** Index of the second item of the pair (`b > a`). */
  b: number[];
  /** Cosine `c_ab = ⟨f̂_a, f̂_b⟩` of the l2-normalised embeddings (SPEC lines 11–12), unclamped. */
  cos: number[];
  /** Sphere distance `d_ab = sqrt(max(0, 2 − 2 c_ab))` (SPEC line 12). */
  dist: number[];
  /** `labels[a] === labels[b]` (SPEC line 51: "A pair is positive when the labels match"). */
  positive: boolean[];
}

/**
 * All unordered pairs a < b of the set, SPEC line 51. Embeddings are l2-normalised with ε under
 * the root, `x / sqrt(‖x‖² + 1e-12)` (SPEC line 11, via `cosineMatrix` of the loss references);
 * the cosine is NOT clamped to [−1, 1] (a few ulp outside is possible), the distance clamps at 0
 * under the root as SPEC line 12 says. Labels are compared with `===`.
 */
export function allPairs(emb: Matrix, labels: number[]): PairList {
  const n = emb.length;
  if (labels.length !== n) throw new Error(`allPairs: ${n} embeddings but ${labels.length} labels`);
  const C = cosineMatrix(emb, emb);
  const out: PairList = { a: [], b: [], cos: [], dist: [], positive: [] };
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      out.a.push(a);
      out.b.push(b);
      out.cos.push(C[a][b]);
      out.dist.push(sphereDistance(C[a][b]));
      out.positive.push(labels[a] === labels[b]);
    }
  }
  return out;
}

function checkScores(name: string, scores: number[], positive: boolean[]): void {
  if (scores.length !== positive.length) {
    throw new Error(`${name}: ${scores.length} scores but ${positive.length} labels`);
  }
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i])) throw new Error(`${name}: score ${i} is NaN`);
  }
}

/**
 * Precision–recall curve over the pairs ranked by score DESCENDING (SPEC line 52: "rank all pairs
 * by cosine, descending; precision and recall at each distinct score").
 *
 * One point per tie group (ties form one operating point: the whole group enters together; its
 * threshold is its lowest score, every item at or above it accepted), in descending order of
 * threshold, so recall is non-decreasing along the arrays:
 * - `thresholds[n]` = the lowest score of the n-th tie group from the top,
 * - `precision[n]` = TP_n / (TP_n + FP_n), with TP_n / FP_n the positives / negatives with score
 *   ≥ thresholds[n] (never 0/0: at least the items at the threshold are accepted),
 * - `recall[n]` = TP_n / P, P = all positives.
 *
 * Choices SPEC leaves open: no extra (recall 0, precision 1) end point is appended (scikit-learn's
 * `precision_recall_curve` appends one; it carries no threshold). With no positives, recall is
 * 0/0 = NaN at every point. An empty input gives three empty arrays.
 */
export function precisionRecallCurve(
  scores: number[],
  positive: boolean[],
): { thresholds: number[]; precision: number[]; recall: number[] } {
  checkScores('precisionRecallCurve', scores, positive);
  const m = scores.length;
  const order: number[] = [];
  for (let i = 0; i < m; i++) order.push(i);
  order.sort((x, y) => scores[y] - scores[x] || x - y);
  let totalPos = 0;
  for (let i = 0; i < m; i++) if (positive[i]) totalPos++;

  const thresholds: number[] = [];
  const precision: number[] = [];
  const recall: number[] = [];
  let tp = 0;
  let fp = 0;
  let r = 0;
  while (r < m) {
    // The whole tie group enters together: each next score within TIE of the one before joins it.
    let s = scores[order[r]];
    do {
      s = scores[order[r]];
      if (positive[order[r]]) tp++;
      else fp++;
      r++;
    } while (r < m && s - scores[order[r]] <= TIE);
    thresholds.push(s);
    precision.push(tp / (tp + fp));
    recall.push(tp / totalPos);
  }
  return { thresholds, precision, recall };
}

/**
 * Average precision, SPEC line 52 (CE's PR-AUC): `AP = Σ_n (R_n − R_{n−1}) · P_n` over the
 * operating points of {@link precisionRecallCurve} (one per tie group),
 * with `R_0 = 0` — scikit-learn's `average_precision_score` for binary labels (a step sum, no
 * trapezoidal interpolation). Points where recall does not move (negatives only) add nothing.
 *
 * Choices SPEC leaves open: with NO positive the value is NaN (scikit-learn warns and returns 0
 * there; NaN is reported here so a missing positive class cannot pass for a bad model). An empty
 * input has no positive and is NaN too. A NaN score throws.
 */
export function averagePrecision(scores: number[], positive: boolean[]): number {
  const { precision, recall } = precisionRecallCurve(scores, positive);
  let totalPos = 0;
  for (let i = 0; i < positive.length; i++) if (positive[i]) totalPos++;
  if (totalPos === 0) return NaN;
  let ap = 0;
  let prevR = 0;
  for (let n = 0; n < recall.length; n++) {
    ap += (recall[n] - prevR) * precision[n];
    prevR = recall[n];
  }
  return ap;
}
