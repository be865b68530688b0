import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { exactPairs } from '../pairs/exact';
import { rocCurve, rocFars } from './roc';

/** Brute force from SPEC: every pair's distance; for a target FAR the ⌈far·|neg|⌉-th smallest negative distance; TAR and FAR at it. */
function bruteForce(x: Float32Array, y: number[], n: number, d: number, far: number) {
  const u = Array.from({ length: n }, (_, i) => {
    const row = Array.from(x.subarray(i * d, (i + 1) * d));
    const norm = Math.sqrt(row.reduce((s, v) => s + v * v, 0) + 1e-12); // SPEC "Notation"
    return row.map((v) => v / norm);
  });
  const pos: number[] = [];
  const neg: number[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const c = u[a].reduce((s, v, k) => s + v * u[b][k], 0);
      (y[a] === y[b] ? pos : neg).push(Math.sqrt(Math.max(0, 2 - 2 * c)));
    }
  neg.sort((p, q) => p - q);
  const thr = neg[Math.max(1, Math.ceil(far * neg.length)) - 1];
  return { thr, tar: pos.filter((v) => v <= thr).length / pos.length, far: neg.filter((v) => v <= thr).length / neg.length, negatives: neg.length };
}

describe('ROC / DET and TAR@FAR (SPEC)', () => {
  it('targets run log-spaced from max(1e-6, 1/|neg|) to 1', () => {
    const f = rocFars(1000);
    expect(f[0]).toBeCloseTo(1e-3, 15);
    expect(f[f.length - 1]).toBe(1);
    for (let i = 1; i < f.length; i++) expect(f[i]).toBeGreaterThan(f[i - 1]);
    expect(rocFars(1e9)[0]).toBeCloseTo(1e-6, 18);
  });

  it('every point is the brute-force TAR and FAR at the calibration rule’s threshold', () => {
    const rng = new Rng(4);
    const n = 70, d = 3, C = 4;
    const x = Float32Array.from({ length: n * d }, () => rng.normal());
    const y = Array.from({ length: n }, (_, i) => i % C);
    const roc = rocCurve(exactPairs(x, y, n, d, C));
    const { negatives } = bruteForce(x, y, n, d, 0.5);
    expect(roc.negatives).toBe(negatives);
    expect(roc.far.length).toBeGreaterThan(5);
    for (const target of rocFars(negatives)) {
      const b = bruteForce(x, y, n, d, target);
      const i = roc.far.indexOf(b.far);
      expect(i, `target ${target}`).toBeGreaterThanOrEqual(0);
      expect(roc.tar[i]).toBeCloseTo(b.tar, 12);
      expect(roc.distance[i]).toBeCloseTo(b.thr, 12);
    }
    // A curve: FAR and TAR never fall as the threshold loosens; it ends accepting everything.
    for (let i = 1; i < roc.far.length; i++) {
      expect(roc.far[i]).toBeGreaterThan(roc.far[i - 1]);
      expect(roc.tar[i]).toBeGreaterThanOrEqual(roc.tar[i - 1]);
    }
    expect(roc.far[roc.far.length - 1]).toBe(1);
    // TAR at SPEC's FARs: the brute force's at the target itself.
    expect(roc.marks.map((m) => m.far)).toEqual([1e-4, 1e-3, 1e-2]);
    for (const m of roc.marks) expect(m.tar).toBeCloseTo(bruteForce(x, y, n, d, m.far).tar, 12);
    expect(roc.tar[roc.tar.length - 1]).toBe(1);
  });

  it('is empty without negatives or positives', () => {
    expect(rocCurve(exactPairs(Float32Array.from([1, 0, 0, 1]), [0, 1], 2, 2, 2)).far).toEqual([]);
    expect(rocCurve(exactPairs(Float32Array.from([1, 0, 0, 1]), [0, 0], 2, 2, 1)).far).toEqual([]);
  });
});
