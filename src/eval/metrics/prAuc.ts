/**
 * The PR curve and PR-AUC (average precision) of SPEC "Evaluation", from score groups: pairs
 * grouped by score in descending order, each group one operating point (ties never split). The
 * binned path passes its cosine bins (histogramMetrics.ts, evaluate.ts), the exact path its
 * tie groups of cosines (exact.ts, ties.ts).
 */

/**
 * PR curve from score groups in DESCENDING score order (pos[i], neg[i] = positives / negatives
 * of group i; empty groups are skipped): one point per non-empty group, as the reference's
 * `precisionRecallCurve` (no appended end point; recall NaN without positives).
 */
export function prCurveFromGroups(
  pos: ArrayLike<number>,
  neg: ArrayLike<number>,
  score: (i: number) => number,
): { precision: number[]; recall: number[]; threshold: number[] } {
  let totalPos = 0;
  for (let i = 0; i < pos.length; i++) totalPos += pos[i];
  const precision: number[] = [];
  const recall: number[] = [];
  const threshold: number[] = [];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] === 0 && neg[i] === 0) continue;
    tp += pos[i];
    fp += neg[i];
    precision.push(tp / (tp + fp));
    recall.push(tp / totalPos);
    threshold.push(score(i));
  }
  return { precision, recall, threshold };
}

/**
 * AP = Σ_n (R_n − R_{n−1}) P_n over groups in descending score order, each group one operating
 * point (scikit-learn's step sum; the reference's arithmetic). No positives → NaN (reference).
 */
export function averagePrecisionFromGroups(pos: ArrayLike<number>, neg: ArrayLike<number>): number {
  let totalPos = 0;
  for (let i = 0; i < pos.length; i++) totalPos += pos[i];
  if (totalPos === 0) return NaN;
  let tp = 0;
  let fp = 0;
  let ap = 0;
  let prevR = 0;
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] === 0 && neg[i] === 0) continue;
    tp += pos[i];
    fp += neg[i];
    const r = tp / totalPos;
    ap += (r - prevR) * (tp / (tp + fp));
    prevR = r;
  }
  return ap;
}
