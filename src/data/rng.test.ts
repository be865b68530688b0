import { describe, it, expect } from 'vitest';
import { Rng } from './rng';

describe('Rng', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = new Rng(42), b = new Rng(42), c = new Rng(43);
    const sa = Array.from({ length: 20 }, () => a.nextU32());
    const sb = Array.from({ length: 20 }, () => b.nextU32());
    const sc = Array.from({ length: 20 }, () => c.nextU32());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('next() is uniform on [0,1): bucket counts within 5σ of n/B', () => {
    const rng = new Rng(7);
    const B = 20, n = 100_000;
    const counts = new Array(B).fill(0);
    let lo = 1, hi = 0;
    for (let i = 0; i < n; i++) {
      const v = rng.next();
      lo = Math.min(lo, v); hi = Math.max(hi, v);
      counts[Math.floor(v * B)]++;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    const mean = n / B, sd = Math.sqrt(n * (1 / B) * (1 - 1 / B));
    for (const k of counts) expect(Math.abs(k - mean)).toBeLessThan(5 * sd);
  });

  it('int(n) covers exactly 0..n-1 and uniform(lo,hi) stays in range', () => {
    const rng = new Rng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const k = rng.int(7);
      expect(Number.isInteger(k)).toBe(true);
      seen.add(k);
      const u = rng.uniform(-2, 5);
      expect(u >= -2 && u < 5).toBe(true);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('normal() has mean ≈ 0, variance ≈ 1, skew ≈ 0, kurtosis ≈ 3', () => {
    const rng = new Rng(11);
    const n = 200_000;
    let s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s1 += z; s2 += z * z; s3 += z ** 3; s4 += z ** 4;
    }
    expect(Math.abs(s1 / n)).toBeLessThan(0.01);
    expect(Math.abs(s2 / n - 1)).toBeLessThan(0.02);
    expect(Math.abs(s3 / n)).toBeLessThan(0.05);
    expect(Math.abs(s4 / n - 3)).toBeLessThan(0.1);
  });

  it('shuffle returns the same array holding a permutation, and actually reorders', () => {
    const rng = new Rng(5);
    const arr = Int32Array.from({ length: 100 }, (_, i) => i);
    const out = rng.shuffle(arr);
    expect(out).toBe(arr);
    expect([...arr].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    const fixed = arr.filter((v, i) => v === i).length;
    expect(fixed).toBeLessThan(10);
  });

  it('shuffle puts each element in each position about equally often', () => {
    const rng = new Rng(9);
    const counts = Array.from({ length: 4 }, () => new Array(4).fill(0));
    for (let t = 0; t < 40_000; t++) {
      const a = rng.shuffle([0, 1, 2, 3]);
      a.forEach((v, pos) => counts[v][pos]++);
    }
    for (const row of counts) for (const k of row) expect(Math.abs(k - 10_000)).toBeLessThan(500);
  });

  it('fork() gives a reproducible stream different from the parent', () => {
    const p1 = new Rng(1), p2 = new Rng(1);
    const f1 = p1.fork(), f2 = p2.fork();
    const a = Array.from({ length: 10 }, () => f1.nextU32());
    expect(a).toEqual(Array.from({ length: 10 }, () => f2.nextU32()));
    expect(a).not.toEqual(Array.from({ length: 10 }, () => p1.nextU32()));
  });
});
