import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { exactPairs } from './exact';
import { operatingPoint } from './operatingPoints';

/** Brute force in float64: every pair's distance, the ⌈far·M⌉-th smallest negative, then counts. */
function bruteForce(x: Float32Array, y: number[], n: number, d: number, C: number, far: number) {
  const unit = (i: number) => {
    let s = 0;
    for (let k = 0; k < d; k++) s += x[i * d + k] ** 2;
    return Array.from({ length: d }, (_, k) => x[i * d + k] / Math.sqrt(s));
  };
  const u = Array.from({ length: n }, (_, i) => unit(i));
  const pairs: { a: number; b: number; dist: number }[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const c = u[a].reduce((s, v, k) => s + v * u[b][k], 0);
      pairs.push({ a, b, dist: Math.sqrt(Math.max(0, 2 - 2 * c)) });
    }
  const neg = pairs.filter((p) => y[p.a] !== y[p.b]).map((p) => p.dist).sort((p, q) => p - q);
  const thr = neg[Math.max(1, Math.ceil(far * neg.length)) - 1];
  const perClass = Array.from({ length: C }, (_, t) => {
    const pos = pairs.filter((p) => y[p.a] === t && y[p.b] === t);
    const ng = pairs.filter((p) => (y[p.a] === t) !== (y[p.b] === t));
    return { far: ng.filter((p) => p.dist <= thr).length / ng.length, frr: pos.length ? pos.filter((p) => p.dist > thr).length / pos.length : NaN };
  });
  const allPos = pairs.filter((p) => y[p.a] === y[p.b]);
  return { thr, tar: allPos.filter((p) => p.dist <= thr).length / allPos.length, globalFar: neg.filter((v) => v <= thr).length / neg.length, perClass };
}

describe('operatingPoint', () => {
  it('matches brute force on random labelled embeddings, per class and globally', () => {
    const rng = new Rng(5);
    const n = 60, d = 3, C = 4;
    const x = Float32Array.from({ length: n * d }, () => rng.normal());
    const y = Array.from({ length: n }, (_, i) => (i < 57 ? i % 3 : 3) as number); // class 3 has 3 items
    y[59] = 3;
    const src = exactPairs(x, y, n, d, C);
    for (const far of [0, 0.01, 0.1, 0.5, 1]) {
      const p = operatingPoint(src, far);
      const b = bruteForce(x, y, n, d, C, far);
      expect(p.distance).toBeCloseTo(b.thr, 6);
      expect(p.cosine).toBeCloseTo(1 - b.thr ** 2 / 2, 6);
      expect(p.tar).toBeCloseTo(b.tar, 12);
      expect(p.globalFar).toBeCloseTo(b.globalFar, 12);
      expect(p.globalFar).toBeGreaterThanOrEqual(far - 1e-12);
      p.perClass.forEach((c, t) => {
        expect(c.far).toBeCloseTo(b.perClass[t].far, 12);
        expect(c.frr).toBeCloseTo(b.perClass[t].frr, 12);
      });
    }
  });

  it('refuses a FAR outside [0, 1]', () => {
    const src = exactPairs(Float32Array.from([1, 0, 0, 1, 1, 1]), [0, 1, 1], 3, 2, 2);
    expect(() => operatingPoint(src, 1.5)).toThrow(/far/);
  });
});
