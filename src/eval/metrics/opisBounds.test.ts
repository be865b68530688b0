import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { accumulateJs } from '../pairs/accumulate';
import { epsOpis, opis } from './histogramMetrics';
import { binningBounds, epsOpisErrorBound, opisErrorBound } from './opisBounds';
import * as refPairs from '../reference/pairs';
import * as refCal from '../reference/calibration';

/** n items of C classes around random centres, per-class spread `noise[c]` (unequal classes make groups). */
function randomSet(seed: number, n: number, C: number, d: number, noise: (c: number) => number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Array.from({ length: n }, (_, i) => i % C);
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise(labels[i]) * rng.normal();
  const matrix = Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));
  return { emb, labels, n, d, C, matrix };
}

describe('ε-OPIS error bound of the binned path (SPEC: stated as for OPIS)', () => {
  it('holds on random binned cases, groups told apart or not, and is informative at 4096 bins where they are', async () => {
    let separatedAt4096 = 0;
    let cases = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const C = 4 + (seed % 7);
      const s = randomSet(seed, 120 + 15 * seed, C, 2 + (seed % 5) * 3, (c) => 0.4 + (0.9 * c) / C);
      const pairs = refPairs.allPairs(s.matrix, s.labels);
      for (const eps of [0.1, 0.25]) {
        const exact = refCal.epsOpis(pairs, s.labels, { eps });
        for (const bins of [4096, 256, 32]) {
          const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, bins);
          const { bound, separated } = epsOpisErrorBound(h, { eps });
          if (bins === 4096) {
            cases++;
            if (separated) separatedAt4096++;
          }
          expect(Math.abs(epsOpis(h, { eps }) - exact), `seed ${seed}, ε ${eps}, ${bins} bins, separated ${separated}`).toBeLessThanOrEqual(bound + 1e-12);
          if (!separated) continue;
          // Informative at 4096 bins: 0.4–2 % of ε-OPIS here for d ≥ 5; in 2-d, where near pairs crowd
          // into few distance bins, about 30 %.
          if (bins === 4096) expect(bound, `seed ${seed}, d = ${s.d}: informative`).toBeLessThan((s.d > 2 ? 0.05 : 0.5) * exact);
        }
      }
    }
    // Classes of unequal spread: at 4096 bins the brackets tell the groups apart nearly always.
    expect(separatedAt4096).toBeGreaterThanOrEqual(cases - 4);
  });

  it('says when it cannot separate the groups (two classes alike to within the binning error), and still bounds the error, wider', async () => {
    // Classes 1 and 2 are the same cloud shifted by nothing: their mean utilities differ by noise only.
    const rng = new Rng(9);
    const d = 4;
    const n = 240;
    const centre = Array.from({ length: 3 }, (_, c) => Array.from({ length: d }, (_, t) => (c === 0 ? 3 * (t === 0 ? 1 : 0) : t === 1 ? 3 : 0)));
    const labels = Array.from({ length: n }, (_, i) => i % 3);
    const emb = Float32Array.from({ length: n * d }, (_, k) => centre[labels[Math.floor(k / d)]][k % d] + (labels[Math.floor(k / d)] === 0 ? 0.3 : 1) * rng.normal());
    const h = await accumulateJs(emb, labels, n, d, 3, 64);
    const r = epsOpisErrorBound(h, { eps: 0.34 });
    expect(r.separated).toBe(false);
    const matrix = Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));
    const exact = refCal.epsOpis(refPairs.allPairs(matrix, labels), labels, { eps: 0.34 });
    expect(Number.isFinite(r.bound)).toBe(true);
    expect(Math.abs(epsOpis(h, { eps: 0.34 }) - exact)).toBeLessThanOrEqual(r.bound + 1e-12);
  });

  it('classes alike (a simplex of one spread: best and worst within the binning error): the bound holds in every case', async () => {
    let apart = 0;
    let cases = 0;
    for (let seed = 21; seed <= 30; seed++) {
      const C = 6 + (seed % 5);
      const rng = new Rng(seed);
      const n = 150 + 10 * seed;
      const labels = Array.from({ length: n }, (_, i) => i % C);
      const emb = Float32Array.from({ length: n * C }, (_, k) => (labels[Math.floor(k / C)] === k % C ? 2 : 0) + rng.normal());
      const s = { emb, labels, n, d: C, C, matrix: Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * C, (i + 1) * C))) };
      const pairs = refPairs.allPairs(s.matrix, s.labels);
      for (const eps of [0.1, 0.25]) {
        const exact = refCal.epsOpis(pairs, s.labels, { eps });
        const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, 4096);
        const { bound, separated } = epsOpisErrorBound(h, { eps });
        cases++;
        if (separated) apart++;
        expect(Number.isFinite(bound), `seed ${seed}, ε ${eps}`).toBe(true);
        expect(Math.abs(epsOpis(h, { eps }) - exact), `seed ${seed}, ε ${eps}, separated ${separated}`).toBeLessThanOrEqual(bound + 1e-12);
      }
    }
    expect(apart).toBeLessThan(cases); // some cases are the ambiguous kind this test is for
  });

  it('the OPIS bound moved here unchanged: holds against the reference', async () => {
    const s = randomSet(3, 200, 6, 8, (c) => 0.5 + c / 6);
    const pairs = refPairs.allPairs(s.matrix, s.labels);
    for (const bins of [4096, 64]) {
      const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, bins);
      expect(Math.abs(opis(h) - refCal.opis(pairs, s.labels))).toBeLessThanOrEqual(opisErrorBound(h) + 1e-12);
      // What an evaluation reports: both bounds from one set of brackets, the same numbers.
      expect(binningBounds(h, { eps: 0.25 })).toEqual({ opis: opisErrorBound(h), epsOpis: epsOpisErrorBound(h, { eps: 0.25 }) });
    }
  });
});
