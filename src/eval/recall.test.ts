import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { recallAtK } from './recall';

/** Reference: sort every other item by (cosine desc, index asc) and look at the first K. */
function reference(emb: Float32Array, labels: number[], n: number, d: number, k: number): number {
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const others = [];
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      let s = 0;
      for (let t = 0; t < d; t++) s += emb[i * d + t] * emb[j * d + t];
      others.push({ j, s });
    }
    others.sort((a, b) => b.s - a.s || a.j - b.j);
    if (others.slice(0, k).some((o) => labels[o.j] === labels[i])) hits++;
  }
  return hits / n;
}

describe('Recall@K (SPEC)', () => {
  it('matches a sort-based reference on random unit vectors', () => {
    const rng = new Rng(8);
    const n = 120;
    const d = 4;
    const emb = new Float32Array(n * d);
    for (let i = 0; i < n; i++) {
      const v = Array.from({ length: d }, () => rng.normal());
      const norm = Math.hypot(...v);
      v.forEach((x, t) => (emb[i * d + t] = x / norm));
    }
    const labels = Array.from({ length: n }, () => rng.int(6));
    const ks = [1, 2, 4, 8];
    const ours = recallAtK(emb, labels, n, d, ks);
    ks.forEach((k, q) => expect(ours[q]).toBeCloseTo(reference(emb, labels, n, d, k), 12));
  });

  it('breaks ties by the lower index and handles a class with one item', () => {
    // Items 1 and 2 are identical to item 0's direction; item 1 (lower index) must win the tie.
    const emb = Float32Array.of(1, 0, 1, 0, 1, 0, 0, 1);
    const labels = [0, 1, 0, 2];
    const [r1] = recallAtK(emb, labels, 4, 2, [1]);
    // 0 → 1 (miss), 1 → 0 (miss), 2 → 0 (hit), 3 (alone in its class) → miss.
    expect(r1).toBe(0.25);
    expect(recallAtK(emb, labels, 4, 2, [2])[0]).toBe(0.5);
  });
});
