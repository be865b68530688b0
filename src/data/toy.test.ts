import { describe, it, expect } from 'vitest';
import { classesIn, type Dataset } from './dataset';
import { makeToySplit, type ToyKind } from './toy';

const kinds: ToyKind[] = ['blobs', 'rings', 'spirals'];

function perClassStats(ds: Dataset, classes: number) {
  const sum = Array.from({ length: classes }, () => [0, 0, 0]);
  for (let i = 0; i < ds.n; i++) {
    const s = sum[ds.y[i]];
    s[0] += ds.x[2 * i]; s[1] += ds.x[2 * i + 1]; s[2]++;
  }
  const mean = sum.map(([x, y, k]) => [x / k, y / k]);
  const spread = new Array(classes).fill(0);
  for (let i = 0; i < ds.n; i++) {
    const [mx, my] = mean[ds.y[i]];
    spread[ds.y[i]] += ((ds.x[2 * i] - mx) ** 2 + (ds.x[2 * i + 1] - my) ** 2) / sum[ds.y[i]][2];
  }
  return { mean, sd: spread.map(Math.sqrt) };
}

describe('makeToySplit', () => {
  for (const kind of kinds) {
    it(`${kind}: shapes, labels, 2/3 vs 1/3 per class, bounded coordinates`, () => {
      const { train, evaluation, description } = makeToySplit(kind, { classes: 4, noise: 0.3, seed: 1 });
      for (const [ds, per] of [[train, 200], [evaluation, 100]] as const) {
        expect(ds.itemShape).toEqual([2]);
        expect(ds.numClasses).toBe(4);
        expect(ds.n).toBe(4 * per);
        expect(ds.x.length).toBe(2 * ds.n);
        expect(classesIn(ds)).toEqual([0, 1, 2, 3]);
        for (let c = 0; c < 4; c++) expect(ds.y.filter((l) => l === c).length).toBe(per);
        expect([...ds.y.subarray(0, 8)]).toEqual([0, 1, 2, 3, 0, 1, 2, 3]); // interleaved
        for (const v of ds.x) expect(Math.abs(v)).toBeLessThan(4);
      }
      expect(description).toContain(kind);
    });

    it(`${kind}: deterministic for a seed, different for another`, () => {
      const opts = { classes: 5, noise: 0.5, seed: 7 };
      const a = makeToySplit(kind, opts), b = makeToySplit(kind, opts);
      expect(a.train.x).toEqual(b.train.x);
      expect(a.evaluation.x).toEqual(b.evaluation.x);
      const c = makeToySplit(kind, { ...opts, seed: 8 });
      expect(c.train.x).not.toEqual(a.train.x);
    });
  }

  it('blobs have unequal spreads: σ grows with the class index', () => {
    const { train } = makeToySplit('blobs', { classes: 5, noise: 0.4, seed: 3, perClass: 900 });
    const { sd } = perClassStats(train, 5);
    for (let c = 1; c < 5; c++) expect(sd[c]).toBeGreaterThan(sd[c - 1]);
    expect(sd[4] / sd[0]).toBeGreaterThan(2.4); // designed ratio is 3
  });

  it('blobs: more noise gives wider blobs; class means are separated', () => {
    const lo = perClassStats(makeToySplit('blobs', { classes: 3, noise: 0.1, seed: 2 }).train, 3);
    const hi = perClassStats(makeToySplit('blobs', { classes: 3, noise: 0.9, seed: 2 }).train, 3);
    for (let c = 0; c < 3; c++) expect(hi.sd[c]).toBeGreaterThan(2 * lo.sd[c]);
    const [a, b] = lo.mean;
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(3);
  });

  it('rings: mean radius increases with the class, centred at the origin', () => {
    const { train } = makeToySplit('rings', { classes: 4, noise: 0.2, seed: 5 });
    const r = new Array(4).fill(0);
    for (let i = 0; i < train.n; i++) r[train.y[i]] += Math.hypot(train.x[2 * i], train.x[2 * i + 1]) / 200;
    for (let c = 1; c < 4; c++) expect(r[c]).toBeGreaterThan(r[c - 1] + 0.4);
    const { mean } = perClassStats(train, 4);
    for (const [mx, my] of mean) expect(Math.hypot(mx, my)).toBeLessThan(0.25);
  });

  it('spirals: radius spans the arm and arms are rotated copies', () => {
    const { train } = makeToySplit('spirals', { classes: 3, noise: 0, seed: 4 });
    const radii = Array.from({ length: train.n }, (_, i) => Math.hypot(train.x[2 * i], train.x[2 * i + 1]));
    expect(Math.min(...radii)).toBeLessThan(0.4);
    expect(Math.max(...radii)).toBeGreaterThan(2.3);
    // At zero noise each point lies near its arm: angle − 2.5π·t ≈ 2πc/3 with t from the radius.
    for (let i = 0; i < train.n; i++) {
      const t = (radii[i] - 0.25) / 2.25;
      const expected = (2 * Math.PI * train.y[i]) / 3 + t * 2.5 * Math.PI;
      const d = Math.atan2(train.x[2 * i + 1], train.x[2 * i]) - expected;
      expect(Math.abs(Math.atan2(Math.sin(d), Math.cos(d)))).toBeLessThan(0.5);
    }
  });

  it('clamps classes to 2..10, noise to 0..1 and honours perClass', () => {
    const big = makeToySplit('rings', { classes: 40, noise: 5, seed: 1, perClass: 30 });
    expect(big.train.numClasses).toBe(10);
    expect(big.train.n + big.evaluation.n).toBe(300);
    expect(big.train.n).toBe(200);
    expect(makeToySplit('blobs', { classes: 1, noise: -1, seed: 1 }).train.numClasses).toBe(2);
    expect(makeToySplit('blobs', { classes: 3, noise: 2, seed: 1 }).train.x).toEqual(
      makeToySplit('blobs', { classes: 3, noise: 1, seed: 1 }).train.x,
    );
    expect(() => makeToySplit('moons' as ToyKind, { classes: 3, noise: 0, seed: 1 })).toThrow(/unknown toy set/);
  });
});
