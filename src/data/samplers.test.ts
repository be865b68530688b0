import { describe, it, expect } from 'vitest';
import { Rng } from './rng';
import { PairSampler, PKSampler, ShuffleSampler } from './samplers';

const distinct = (a: ArrayLike<number>) => new Set(Array.from(a)).size === a.length;
const take = <T>(k: number, f: () => T) => Array.from({ length: k }, f);

describe('ShuffleSampler', () => {
  it('covers every index exactly once per epoch when the batch divides n', () => {
    const s = new ShuffleSampler(12, 4, new Rng(1));
    for (let e = 0; e < 3; e++) {
      const epoch = take(3, () => [...s.next()]).flat();
      expect(epoch.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
      expect(s.epoch).toBe(e + 1);
    }
  });

  it('never repeats an index inside a batch that crosses an epoch boundary', () => {
    for (const [n, batch] of [[10, 4], [10, 9], [7, 7], [5, 3], [3, 2]]) {
      const s = new ShuffleSampler(n, batch, new Rng(n * 100 + batch));
      const stream: number[] = [];
      for (let b = 0; b < 200; b++) {
        const out = s.next();
        expect(out.length).toBe(batch);
        expect(distinct(out)).toBe(true);
        stream.push(...out);
      }
      // The concatenated stream is still a sequence of whole permutations.
      for (let e = 0; e + n <= stream.length; e += n) {
        expect(stream.slice(e, e + n).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
      }
    }
  });

  it('is deterministic for the rng seed and changes with it', () => {
    const run = (seed: number) => {
      const s = new ShuffleSampler(50, 16, new Rng(seed));
      return take(10, () => [...s.next()]);
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
  });

  it('reshuffles between epochs', () => {
    const s = new ShuffleSampler(20, 20, new Rng(2));
    expect([...s.next()]).not.toEqual([...s.next()]);
  });

  it('rejects batch > n and non-positive sizes', () => {
    expect(() => new ShuffleSampler(5, 6, new Rng(1))).toThrow(/batch 6 is larger than the 5 items/);
    expect(() => new ShuffleSampler(0, 1, new Rng(1))).toThrow(/n must be an integer/);
    expect(() => new ShuffleSampler(5, 0, new Rng(1))).toThrow(/batch must be an integer/);
  });
});

// 6 classes with 8, 8, 8, 8, 3, 1 items, interleaved.
const counts = [8, 8, 8, 8, 3, 1];
const labels = Int32Array.from(counts.flatMap((k, c) => Array(k).fill(c)));
new Rng(0).shuffle(labels);

describe('PKSampler', () => {
  it('gives P distinct classes × K distinct items, grouped by class', () => {
    const s = new PKSampler(labels, 3, 4, new Rng(5));
    for (let b = 0; b < 100; b++) {
      const out = s.next();
      expect(out.length).toBe(12);
      expect(distinct(out)).toBe(true);
      const cls = [0, 1, 2].map((p) => labels[out[p * 4]]);
      expect(new Set(cls).size).toBe(3);
      for (let p = 0; p < 3; p++) for (let k = 0; k < 4; k++) expect(labels[out[p * 4 + k]]).toBe(cls[p]);
      // Classes with fewer than K items are never drawn.
      for (const c of cls) expect(c).toBeLessThan(4);
    }
  });

  it('draws every eligible class and every item over many batches', () => {
    const s = new PKSampler(labels, 2, 3, new Rng(6));
    const seen = new Set<number>();
    for (let b = 0; b < 300; b++) s.next().forEach((i) => seen.add(i));
    // Eligible (≥ 3 items): classes 0–4 → 8·4 + 3 = 35 items.
    expect(seen.size).toBe(35);
  });

  it('draws class sets uniformly and independently of the previous batch', () => {
    const s = new PKSampler(labels, 2, 4, new Rng(12));
    const setOf = (b: Int32Array) => [labels[b[0]], labels[b[4]]].sort().join();
    const freq = new Map<string, number>();
    let prev = setOf(s.next()), repeats = 0;
    const T = 6000;
    for (let t = 0; t < T; t++) {
      const cur = setOf(s.next());
      freq.set(cur, (freq.get(cur) ?? 0) + 1);
      if (cur === prev) repeats++;
      prev = cur;
    }
    // 4 eligible classes → 6 possible pairs, each with probability 1/6 (sd ≈ 29 of 1000).
    expect(freq.size).toBe(6);
    for (const k of freq.values()) expect(Math.abs(k - T / 6)).toBeLessThan(120);
    expect(Math.abs(repeats - T / 6)).toBeLessThan(120);
  });

  it('is deterministic for the rng seed', () => {
    const run = (seed: number) => {
      const s = new PKSampler(labels, 2, 2, new Rng(seed));
      return take(5, () => [...s.next()]);
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('explains when too few classes have K items', () => {
    expect(() => new PKSampler(labels, 5, 4, new Rng(1))).toThrow(
      /P=5 classes with at least K=4 items each are needed, but only 4 of the 6 classes qualify/,
    );
    expect(() => new PKSampler(labels, 0, 4, new Rng(1))).toThrow(/P must be/);
  });
});

describe('PairSampler', () => {
  it('class mode: docs differ from queries but share their label; queries distinct', () => {
    const s = new PairSampler(labels, 16, 'class', new Rng(7));
    for (let b = 0; b < 200; b++) {
      const { queries, docs } = s.next();
      expect(queries.length).toBe(16);
      expect(docs.length).toBe(16);
      expect(distinct(queries)).toBe(true);
      for (let i = 0; i < 16; i++) {
        expect(docs[i]).not.toBe(queries[i]);
        expect(labels[docs[i]]).toBe(labels[queries[i]]);
      }
    }
  });

  it('class mode: a single-item class never supplies a query; other items all do', () => {
    const single = labels.indexOf(5);
    const s = new PairSampler(labels, 10, 'class', new Rng(8));
    const seenQ = new Set<number>(), seenD = new Set<number>();
    for (let b = 0; b < 100; b++) {
      const { queries, docs } = s.next();
      queries.forEach((q) => seenQ.add(q));
      docs.forEach((d) => seenD.add(d));
    }
    expect(seenQ.has(single)).toBe(false);
    expect(seenQ.size).toBe(labels.length - 1);
    expect(seenD.size).toBe(labels.length - 1);
  });

  it('class mode: the document is uniform over the other class members', () => {
    const two = Int32Array.from([0, 0, 0, 1, 1]);
    const s = new PairSampler(two, 5, 'class', new Rng(9));
    const hits = [0, 0, 0];
    for (let b = 0; b < 3000; b++) {
      const { queries, docs } = s.next();
      const i = queries.indexOf(0);
      hits[docs[i]]++;
    }
    expect(hits[0]).toBe(0);
    expect(Math.abs(hits[1] - 1500)).toBeLessThan(150);
  });

  it('instance mode: docs equal queries (a copy), any item can be a query', () => {
    const s = new PairSampler(labels, labels.length, 'instance', new Rng(10));
    const { queries, docs } = s.next();
    expect([...docs]).toEqual([...queries]);
    expect(docs).not.toBe(queries);
    expect([...queries].sort((a, b) => a - b)).toEqual([...Array(labels.length).keys()]);
  });

  it('is deterministic for the rng seed', () => {
    const run = (seed: number) => {
      const s = new PairSampler(labels, 8, 'class', new Rng(seed));
      return take(4, () => s.next());
    };
    expect(run(4)).toEqual(run(4));
    expect(run(4)).not.toEqual(run(5));
  });

  it('rejects batches larger than the eligible items', () => {
    expect(() => new PairSampler(labels, labels.length, 'class', new Rng(1))).toThrow(
      /need 36 distinct queries, but there are only 35 items in classes with ≥ 2 items/,
    );
    expect(() => new PairSampler(Int32Array.from([0, 1, 2]), 1, 'class', new Rng(1))).toThrow(/only 0 items/);
  });
});
