import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { accumulateJs } from '../pairs/accumulate';
import { evaluateEmbeddings } from '../evaluate';
import { exactPairs } from '../pairs/exact';
import { histogramCounts } from '../pairs/binnedCounts';
import { sphereDistance } from '../pairs/countSource';
import { DEFAULT_FARS, farGrid, operatingPoint, operatingPoints, pointAt, pointAtFar } from './operatingPoints';

/** Brute force in float64: every pair's distance, the ⌈far·M⌉-th smallest negative, then counts. */
function bruteForce(x: Float32Array, y: number[], n: number, d: number, C: number, far: number) {
  const unit = (i: number) => {
    let s = 0;
    for (let k = 0; k < d; k++) s += x[i * d + k] ** 2;
    return Array.from({ length: d }, (_, k) => x[i * d + k] / Math.sqrt(s + 1e-12)); // SPEC "Notation"
  };
  const u = Array.from({ length: n }, (_, i) => unit(i));
  const pairs: { a: number; b: number; dist: number }[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      // SPEC: distances from the cosines as computed, never snapped.
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

/** n random d-dimensional points; labels from `label(i)`. */
function randomSet(seed: number, n: number, d: number, label: (i: number) => number) {
  const rng = new Rng(seed);
  const emb = Float32Array.from({ length: n * d }, () => rng.normal());
  const labels = Int32Array.from({ length: n }, (_, i) => label(i));
  return { emb, labels };
}

describe("the report's operating points (EvalReport.operating)", () => {
  it('the grid: 1-2-5 steps from 1e-4 to 0.5, with requested FARs merged in; a bad one refused', () => {
    expect(farGrid()).toEqual([...DEFAULT_FARS]);
    for (let i = 1; i < DEFAULT_FARS.length; i++) expect(DEFAULT_FARS[i] / DEFAULT_FARS[i - 1]).toBeLessThanOrEqual(2.5);
    expect(farGrid([0.03, 0.1, 1])).toEqual([...DEFAULT_FARS.slice(0, 8), 0.03, 0.05, 0.1, 0.2, 0.5, 1]);
    expect(() => farGrid([-0.1])).toThrow(/far/);
    expect(() => farGrid([NaN])).toThrow(/far/);
  });

  it('equal operatingPoint on an independent exact source, at every FAR of the grid and the requested ones', async () => {
    const C = 5;
    // Class 4 has one item: no positive pair, so its FRR is NaN (and its FAR is still defined).
    const s = randomSet(7, 121, 4, (i) => (i === 120 ? 4 : i % 4));
    const r = await evaluateEmbeddings(s.emb, s.labels, 121, 4, C, { path: 'exact', fars: [0.03, 0.15] });
    const src = exactPairs(s.emb, s.labels, 121, 4, C);
    expect(r.operating.far).toEqual(farGrid([0.03, 0.15]));
    r.operating.far.forEach((far, i) => expect(pointAt(r.operating, i)).toEqual(operatingPoint(src, far)));
    expect(pointAtFar(r.operating, 0.15)).toEqual(operatingPoint(src, 0.15));
    expect(pointAtFar(r.operating, 0.1234)).toBeNull();
    expect(r.operating.positives).toEqual(Array.from(src.posTotal));
    expect(r.operating.negatives).toEqual(Array.from(src.negTotal));
    expect(r.operating.positives[4]).toBe(0);
    for (const frr of r.operating.classFrr) expect(frr[4]).toBeNaN();
    // One threshold for all: the per-class FARs average, weighted by their negative pairs, to the global FAR.
    const N = r.operating.negatives;
    r.operating.classFar.forEach((fs, i) => {
      const weighted = fs.reduce((a, f, t) => a + f * N[t], 0) / N.reduce((a, b) => a + b, 0);
      expect(weighted).toBeCloseTo(r.operating.globalFar[i], 12);
      expect(r.operating.globalFar[i]).toBeGreaterThanOrEqual(r.operating.far[i] - 1e-12);
    });
    // A looser FAR: a larger distance threshold, a smaller cosine, a higher TAR.
    for (let i = 1; i < r.operating.far.length; i++) {
      expect(r.operating.distance[i]).toBeGreaterThanOrEqual(r.operating.distance[i - 1]);
      expect(r.operating.cosine[i]).toBeLessThanOrEqual(r.operating.cosine[i - 1]);
      expect(r.operating.tar[i]).toBeGreaterThanOrEqual(r.operating.tar[i - 1]);
    }
  });

  it('no negative pairs (one class): no threshold, NaN rates, nothing thrown', async () => {
    const s = randomSet(8, 30, 3, () => 0);
    const r = await evaluateEmbeddings(s.emb, s.labels, 30, 3, 1, { path: 'exact' });
    const src = exactPairs(s.emb, s.labels, 30, 3, 1);
    expect(r.operating.distance.every(Number.isNaN)).toBe(true);
    expect(r.operating.globalFar.every(Number.isNaN)).toBe(true);
    expect(r.operating.classFar.every((fs) => fs.length === 1 && Number.isNaN(fs[0]))).toBe(true);
    r.operating.far.forEach((far, i) => expect(pointAt(r.operating, i)).toEqual(operatingPoint(src, far)));
    expect(r.operating.negatives).toEqual([0]);
  });

  it('the binned path: threshold within one cosine bin of the exact one, per-class rates bracketed by the exact rates a bin either side', async () => {
    const C = 6;
    const n = 400;
    const d = 5;
    const bins = 512;
    const s = randomSet(9, n, d, (i) => (i * 7) % C);
    // Structure, so that the rates vary: pull each item towards its class's axis.
    for (let i = 0; i < n; i++) s.emb[i * d + (s.labels[i] % d)] += 1.5;
    const binned = await evaluateEmbeddings(s.emb, s.labels, n, d, C, { path: 'js', bins });
    const ex = exactPairs(s.emb, s.labels, n, d, C);
    const width = 2 / bins;
    const exactAt = (cos: number) => {
      const accPos = new Float64Array(C);
      const accNeg = new Float64Array(C);
      ex.accepted(sphereDistance(cos), accPos, accNeg);
      return { far: Array.from(accNeg, (a, t) => a / ex.negTotal[t]), frr: Array.from(accPos, (a, t) => 1 - a / ex.posTotal[t]) };
    };
    binned.operating.far.forEach((far, i) => {
      const exact = operatingPoint(ex, far);
      const cb = binned.operating.cosine[i];
      // The binned threshold is the lower cosine edge of the bin where the FAR is reached.
      expect(cb).toBeLessThanOrEqual(exact.cosine + 1e-9);
      expect(cb).toBeGreaterThan(exact.cosine - width - 1e-9);
      expect(binned.operating.globalFar[i]).toBeGreaterThanOrEqual(far - 1e-12);
      const strict = exactAt(cb + width); // accepts fewer
      const loose = exactAt(cb - width); // accepts more
      for (let t = 0; t < C; t++) {
        expect(binned.operating.classFar[i][t]).toBeGreaterThanOrEqual(strict.far[t] - 1e-12);
        expect(binned.operating.classFar[i][t]).toBeLessThanOrEqual(loose.far[t] + 1e-12);
        expect(binned.operating.classFrr[i][t]).toBeLessThanOrEqual(strict.frr[t] + 1e-12);
        expect(binned.operating.classFrr[i][t]).toBeGreaterThanOrEqual(loose.frr[t] - 1e-12);
      }
    });
    // The same as the binned count source gives directly.
    const h = await accumulateJs(s.emb, s.labels, n, d, C, bins);
    expect(binned.operating).toEqual(operatingPoints(histogramCounts(h), farGrid()));
  });

  it('stays small to post: 12 points × 100 classes in under 40 kB of JSON', async () => {
    const s = randomSet(10, 1000, 8, (i) => i % 100);
    const r = await evaluateEmbeddings(s.emb, s.labels, 1000, 8, 100, { path: 'js', bins: 512, queries: 10 });
    expect(r.operating.classFar).toHaveLength(DEFAULT_FARS.length);
    expect(r.operating.classFar[0]).toHaveLength(100);
    expect(JSON.stringify(r.operating).length).toBeLessThan(40_000);
  });
});
