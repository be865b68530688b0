/**
 * Recall@K by brute force over l2-normalised embeddings (SPEC "Recall@K"): for each item, the K
 * nearest others by cosine, itself excluded; 1 when any of them shares its label. Ties in cosine
 * are broken by the lower index, so the result is deterministic.
 */

/** Recall@K for each K in `ks` (ascending), over n row-major unit vectors of dimension d. */
export function recallAtK(emb: Float32Array, labels: ArrayLike<number>, n: number, d: number, ks: number[]): number[] {
  const kMax = Math.max(...ks);
  const hits = new Array<number>(ks.length).fill(0);
  const topSim = new Float64Array(kMax);
  const topIdx = new Int32Array(kMax);
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      let s = 0;
      for (let t = 0; t < d; t++) s += emb[i * d + t] * emb[j * d + t];
      // Insertion into a small sorted list (descending similarity, ascending index on ties).
      if (count < kMax || s > topSim[count - 1]) {
        let p = Math.min(count, kMax - 1);
        while (p > 0 && topSim[p - 1] < s) {
          topSim[p] = topSim[p - 1];
          topIdx[p] = topIdx[p - 1];
          p--;
        }
        topSim[p] = s;
        topIdx[p] = j;
        if (count < kMax) count++;
      }
    }
    ks.forEach((k, q) => {
      for (let r = 0; r < Math.min(k, count); r++) {
        if (labels[topIdx[r]] === labels[i]) {
          hits[q]++;
          break;
        }
      }
    });
  }
  return hits.map((h) => (n > 0 ? h / n : 0));
}
