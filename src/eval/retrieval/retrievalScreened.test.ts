/**
 * The float32-screened retrieval sweep (retrievalScreened.ts) ranks exactly as SPEC ranks, whatever
 * float32 cosines it is handed within its bound: against the reference's ranking (every cosine in
 * float64, summed in coordinate order, sorted descending, a tie group — within 2⁻⁴⁰, chained — by
 * index asc), the ranked neighbours themselves are compared, with screens that err by up to
 * the bound, at random and always the worst way; and the whole pass's verdicts equal the float64
 * pass's. The screen on tfjs is tested in kernels/coarseCosines.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { normaliseRows } from '../pairs/accumulate';
import { rankedNeighbours } from '../reference/retrieval';
import { retrievalPass } from './retrieval';
import { float32CosineBound, sampleOf, screenedSweep, screenedWork, type CoarseCosines } from './retrievalScreened';
import { ROW_BIN_COST, RowBins } from '../pairs/rowBins';

const KS = [1, 2, 4, 8];

/** Rows around per-class centres (`sizes` items per class), shuffled; optionally with duplicated rows. */
function makeSet(seed: number, sizes: number[], d: number, noise: number, duplicates = 0) {
  const rng = new Rng(seed);
  const labels = rng.shuffle(sizes.flatMap((s, c) => new Array<number>(s).fill(c)));
  const centres = sizes.map(() => Array.from({ length: d }, () => rng.normal()));
  const rows = labels.map((c) => centres[c].map((v) => v + noise * rng.normal()));
  for (let k = 0; k < duplicates; k++) rows[rng.int(rows.length)] = rows[rng.int(rows.length)].slice();
  const n = rows.length;
  return { x: normaliseRows(Float32Array.from(rows.flat()), n, d), labels, n, d };
}

/** Item i's cap best others, as SPEC ranks them (the reference's ranking of its float64 cosines). */
function referenceRanking(x: Float64Array, n: number, d: number, i: number, cap: number): number[] {
  const row = Array.from({ length: n }, (_, j) => {
    let c = 0;
    for (let t = 0; t < d; t++) c += x[i * d + t] * x[j * d + t];
    return c;
  });
  return rankedNeighbours(row, i).slice(0, cap);
}

/**
 * A screen from the float64 cosines, rounded to float32 and moved by up to its bound: at random,
 * or always by the whole bound in the direction that hurts (up for odd items, down for even).
 */
function erringScreen(x: Float64Array, n: number, d: number, how: 'random' | 'worst', seed = 1): CoarseCosines {
  const rng = new Rng(seed);
  const eps = float32CosineBound(d);
  const most = eps - 1e-7; // Math.fround moves a cosine by ≤ 2⁻²⁵ more
  return {
    eps,
    async against(q, na) {
      const out = new Float32Array(na * n);
      for (let a = 0; a < na; a++) {
        for (let b = 0; b < n; b++) {
          let c = 0;
          for (let t = 0; t < d; t++) c += q[a * d + t] * x[b * d + t];
          const err = how === 'random' ? (2 * rng.next() - 1) * most : b % 2 ? most : -most;
          out[a * n + b] = Math.fround(c + err);
        }
      }
      return out;
    },
    dispose() {},
  };
}

/** The sweep's rankings of every item (or `queries`) with `cap` neighbours each. */
async function screenedRankings(x: Float64Array, n: number, d: number, caps: number[], screen: CoarseCosines, queries = Int32Array.from({ length: n }, (_, i) => i)) {
  const got: number[][] = [];
  let paced = 0;
  const stats = await screenedSweep(x, n, d, queries, Int32Array.from(caps), screen, async (p) => void (paced += p), (q, ranked, count) => void (got[q] = Array.from(ranked.subarray(0, count))));
  expect(paced).toBeCloseTo(queries.length * n, 6);
  return { got, ...stats };
}

describe('the float32-screened sweep ranks as SPEC does', () => {
  const cases: [string, ReturnType<typeof makeSet>, number][] = [
    ['balanced classes, d = 3', makeSet(1, [30, 30, 30, 30], 3, 0.8), 29],
    ['Zipf classes and one-item classes, d = 8', makeSet(2, [60, 30, 20, 15, 12, 10, 1, 1, 1], 8, 1.2), 12],
    ['d = 2: dense near-ties (long runs of float64 dot products)', makeSet(3, [80, 60, 40, 1], 2, 1.5), 40],
    ['duplicated rows (cosine 1 ties)', makeSet(4, [50, 40, 30], 6, 1.4, 40), 20],
    ['d = 64, one tight class (every cosine within a few grid steps)', makeSet(5, [120, 40], 64, 0.001), 60],
  ];
  for (const [name, s, cap] of cases) {
    for (const how of ['random', 'worst'] as const) {
      it(`${name}: screen erring ${how === 'random' ? 'at random' : 'the worst way'} within its bound`, async () => {
        const { got } = await screenedRankings(s.x, s.n, s.d, new Array(s.n).fill(cap), erringScreen(s.x, s.n, s.d, how));
        for (let i = 0; i < s.n; i++) expect(got[i], `item ${i}`).toEqual(referenceRanking(s.x, s.n, s.d, i, cap));
      });
    }
  }

  it('given the labels, runs of one relevance are taken unordered: the same same-class pattern as SPEC’s ranking', async () => {
    for (const [, s, cap] of cases) {
      for (const how of ['random', 'worst'] as const) {
        const got: number[][] = [];
        await screenedSweep(s.x, s.n, s.d, Int32Array.from({ length: s.n }, (_, i) => i), new Int32Array(s.n).fill(cap), erringScreen(s.x, s.n, s.d, how), async () => undefined, (q, ranked, count) => void (got[q] = Array.from(ranked.subarray(0, count))), { labels: s.labels });
        const pattern = (i: number, ranked: number[]) => ranked.map((j) => s.labels[j] === s.labels[i]);
        for (let i = 0; i < s.n; i++) {
          const want = referenceRanking(s.x, s.n, s.d, i, cap);
          expect(pattern(i, got[i]), `item ${i}`).toEqual(pattern(i, want));
          expect(new Set(got[i]).size).toBe(got[i].length); // each neighbour once
        }
      }
    }
  });

  it('a tie group on both sides of the threshold: the margin keeps those the screen pushed below it', async () => {
    // Query 0 = e1; items 1 … 30 at one cosine c* with it (the same first coordinate, the rest one
    // vector rotated: equal in exact arithmetic, a tie group in float64), just below the histogram
    // edge 0.5; the rest far. The screen errs up for odd items (above 0.5) and down for even ones
    // (below 0.5 − eps): the threshold is 0.5, yet the 15 best are items 1 … 15 (one group, by index).
    const d = 64;
    const eps = float32CosineBound(d);
    const cStar = 0.5 - eps / 2;
    const rng = new Rng(9);
    const u = Array.from({ length: d - 1 }, () => rng.normal());
    const norm = Math.hypot(...u);
    const rest = u.map((v) => (v / norm) * Math.sqrt(1 - cStar * cStar));
    const onSphere = (c: number) => [c, ...Array.from({ length: d - 1 }, () => rng.normal() * 0.1)];
    const tied = Array.from({ length: 30 }, (_, k) => [cStar, ...rest.slice(k), ...rest.slice(0, k)]);
    const rows = [[1, ...new Array<number>(d - 1).fill(0)], ...tied, ...Array.from({ length: 10 }, () => onSphere(-0.5))];
    const n = rows.length;
    const x = normaliseRows(Float32Array.from(rows.flat()), n, d);
    const { got } = await screenedRankings(x, n, d, new Array(n).fill(15), erringScreen(x, n, d, 'worst'), Int32Array.from([0]));
    expect(got[0]).toEqual(Array.from({ length: 15 }, (_, k) => k + 1));
    expect(got[0]).toEqual(referenceRanking(x, n, d, 0, 15));
  });

  it('every other item wanted (cap = n − 1), and a sample of queries', async () => {
    const s = makeSet(6, [20, 15, 5], 4, 1);
    const queries = Int32Array.from([0, 7, 8, 39]);
    const { got } = await screenedRankings(s.x, s.n, s.d, [39, 39, 3, 39], erringScreen(s.x, s.n, s.d, 'random'), queries);
    queries.forEach((i, q) => expect(got[q]).toEqual(referenceRanking(s.x, s.n, s.d, i, q === 2 ? 3 : 39)));
  });

  it('a sampled threshold that does not hold falls back to the whole row, with the same ranking', async () => {
    // The sampled items all point one way and the rest anywhere: for a query that way, the sample
    // puts the threshold near 1, where far fewer than cap items are.
    const n = 800;
    const d = 4;
    const rng = new Rng(7);
    const sampled = new Set(sampleOf(n));
    const rows = Array.from({ length: n }, (_, j) => (sampled.has(j) ? [1, 1e-3 * rng.normal(), 1e-3 * rng.normal(), 0] : [rng.normal(), rng.normal(), rng.normal(), rng.normal()]));
    const x = normaliseRows(Float32Array.from(rows.flat()), n, d);
    const cap = 300;
    const { got, guessed } = await screenedRankings(x, n, d, new Array(n).fill(cap), erringScreen(x, n, d, 'random'));
    expect(guessed).toBeLessThan(n - sampled.size / 2); // most of the sampled items' own guesses failed
    expect(guessed).toBeGreaterThan(0);
    for (let i = 0; i < n; i += 7) expect(got[i], `item ${i}`).toEqual(referenceRanking(x, n, d, i, cap));
  });

  it('the whole pass, screened: the float64 pass’s verdicts (R capped, one-item classes, a sample of queries)', async () => {
    const s = makeSet(8, [1101, 60, 40, 1], 3, 1.6);
    const screened = await retrievalPass(s.x, s.labels, s.n, s.d, { ks: KS, coarse: erringScreen(s.x, s.n, s.d, 'worst') });
    const plain = await retrievalPass(s.x, s.labels, s.n, s.d, { ks: KS });
    expect(screened).toEqual({ ...plain, screened: true });
    const queries = Int32Array.from([0, 5, 600, 1201]);
    const part = await retrievalPass(s.x, s.labels, s.n, s.d, { ks: KS, queries, coarse: erringScreen(s.x, s.n, s.d, 'random') });
    expect(part).toEqual({ ...(await retrievalPass(s.x, s.labels, s.n, s.d, { ks: KS, queries })), screened: true });
  });

  it('paces the pairs it bins as well, so its progress follows its work (early queries bin more)', async () => {
    const s = makeSet(11, [40, 30, 30], 4, 1);
    const queries = Int32Array.from({ length: s.n }, (_, i) => i);
    const paced: number[] = [];
    const atFinish: number[] = []; // the work paced when each query was finished
    const binRows = new RowBins(s.labels, s.n, { numClasses: 3, bins: 64 });
    const sum = () => paced.reduce((a, b) => a + b, 0);
    await screenedSweep(s.x, s.n, s.d, queries, new Int32Array(s.n).fill(10), erringScreen(s.x, s.n, s.d, 'random'), async (p) => void paced.push(p), (q) => void (atFinish[q] = sum()), { labels: s.labels, binRows });
    expect(sum()).toBeCloseTo(screenedWork(s.n, queries, binRows), 6);
    expect(sum()).toBeCloseTo(s.n * s.n + (ROW_BIN_COST * s.n * (s.n - 1)) / 2, 6);
    expect(screenedWork(s.n, queries)).toBe(s.n * s.n);
    // One block of queries (all n): its products are paced first, then query i's binning,
    // ROW_BIN_COST·(n − 1 − i), as it is finished, then the block's ranking.
    let binned = (s.n * s.n) / 2;
    for (let i = 0; i < s.n; i++) {
      binned += ROW_BIN_COST * (s.n - 1 - i);
      expect(atFinish[i], `query ${i}`).toBeCloseTo(binned, 6);
    }
  });

  it('the sample is about one item in 8 and does not follow a period of the labels', () => {
    const s = sampleOf(80_000);
    expect(s.length / 80_000).toBeGreaterThan(0.11);
    expect(s.length / 80_000).toBeLessThan(0.14);
    for (const period of [2, 5, 8, 10, 16]) {
      const seen = new Set(Array.from(s, (j) => j % period));
      expect(seen.size, `period ${period}`).toBe(period);
    }
  });
});
