/**
 * Recall@K, MAP@R and R-precision of retrieval.ts against an independent reference written from
 * SPEC "Evaluation" (and pytorch-metric-learning's AccuracyCalculator for MAP@R / R-precision):
 * naive O(N²) float64 code — each row divided by its norm, every cosine, every other item ranked
 * by the reference's `rankedNeighbours` (cosine desc, tie groups within 2⁻⁴⁰ by index asc: SPEC's
 * rule against ties split by float rounding), then the definitions read off the ranked list.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { normaliseRows } from '../pairs/accumulate';
import { rankedNeighbours } from '../reference/retrieval';
import { R_CAP, retrieval, retrievalPass, summariseRetrieval, TILE } from './retrieval';

const KS = [1, 2, 4, 8];

interface RefPerItem {
  hitAt: number[]; // per K of KS: 1 / 0
  r: number; // 0 = left out
  rPrecision: number;
  apAtR: number;
}

/** The reference's ranking: for each item, whether each other item, best first, shares its label. */
function rankedRelevance(rows: number[][], labels: number[]): boolean[][] {
  // The rows as the pass gets them (float32), each divided by √(‖x‖² + 1e-12) (SPEC "Notation").
  const unit = rows.map((row) => {
    const v = row.map(Math.fround);
    const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0) + 1e-12);
    return v.map((x) => x / norm);
  });
  const cos = unit.map((a) => unit.map((b) => a.reduce((s, x, t) => s + x * b[t], 0)));
  return unit.map((_, i) => rankedNeighbours(cos[i], i).map((j) => labels[j] === labels[i]));
}

/** The reference, per item, from the ranking (R capped at rCap). */
function fromRanking(ranked: boolean[][], labels: number[], ks: number[], rCap = 1000): RefPerItem[] {
  return ranked.map((rel, i) => {
    const hitAt = ks.map((k) => (rel.slice(0, k).some(Boolean) ? 1 : 0));
    const sameOthers = labels.filter((l) => l === labels[i]).length - 1;
    const r = Math.min(sameOthers, rCap);
    if (r === 0) return { hitAt, r, rPrecision: NaN, apAtR: NaN };
    let hits = 0;
    let sum = 0;
    for (let p = 1; p <= r; p++) {
      if (!rel[p - 1]) continue;
      hits++;
      sum += hits / p; // P(p) · rel(p)
    }
    return { hitAt, r, rPrecision: hits / r, apAtR: sum / r };
  });
}

/** The reference, per item, for rows `rows` (not normalised) and labels. */
const reference = (rows: number[][], labels: number[], ks: number[], rCap = 1000): RefPerItem[] => fromRanking(rankedRelevance(rows, labels), labels, ks, rCap);

/** Means over items as SPEC defines them: Recall@K over every item, MAP@R / R-precision over items with r > 0. */
function refSummary(per: RefPerItem[], ks: number[]) {
  const kept = per.filter((p) => p.r > 0);
  return {
    recall: ks.map((_, q) => per.reduce((s, p) => s + p.hitAt[q], 0) / per.length),
    mapAtR: kept.length ? kept.reduce((s, p) => s + p.apAtR, 0) / kept.length : NaN,
    rPrecision: kept.length ? kept.reduce((s, p) => s + p.rPrecision, 0) / kept.length : NaN,
    rItems: kept.length,
  };
}

/** Points around per-class centres; `sizes` = items per class (a size of 1 = a one-item class), shuffled. */
function makeSet(seed: number, sizes: number[], d: number, noise: number) {
  const rng = new Rng(seed);
  const labels = rng.shuffle(sizes.flatMap((s, c) => new Array<number>(s).fill(c)));
  const centres = sizes.map(() => Array.from({ length: d }, () => rng.normal()));
  const rows = labels.map((c) => centres[c].map((v) => v + noise * rng.normal()));
  return { rows, labels, n: rows.length, d };
}

const flat = (rows: number[][]) => Float32Array.from(rows.flat());

/** Ours, per item, in the reference's shape. */
async function ours(rows: number[][], labels: number[], opts: { maxEntries?: number; rCap?: number; queries?: Int32Array } = {}) {
  const n = rows.length;
  const d = rows[0].length;
  const x = normaliseRows(flat(rows), n, d);
  return retrievalPass(x, labels, n, d, { ks: KS, ...opts });
}

function expectSame(got: Awaited<ReturnType<typeof ours>>, want: RefPerItem[], what: string) {
  got.queries.forEach((i, q) => {
    const w = want[i];
    KS.forEach((k, kq) => expect(got.firstHit[q] >= 0 && got.firstHit[q] < k ? 1 : 0, `${what} item ${i} R@${k}`).toBe(w.hitAt[kq]));
    expect(got.r[q], `${what} item ${i} R`).toBe(w.r);
    if (w.r === 0) {
      expect(got.rPrecision[q]).toBeNaN();
      expect(got.apAtR[q]).toBeNaN();
    } else {
      expect(got.rPrecision[q], `${what} item ${i} R-precision`).toBeCloseTo(w.rPrecision, 12);
      expect(got.apAtR[q], `${what} item ${i} AP@R`).toBeCloseTo(w.apAtR, 12);
    }
  });
}

describe('retrieval = independent reference (SPEC)', () => {
  const zipf = (classes: number, total: number) => Array.from({ length: classes }, (_, c) => Math.max(1, Math.round(total / (c + 1) / 3.4)));
  const cases: [string, number, number[], number, number][] = [
    ['balanced, d = 3', 1, [15, 15, 15, 15], 3, 0.8],
    ['Zipf classes and one-item classes, d = 8 (not a multiple of the 4 × 4 blocks)', 2, [...zipf(12, 150), 1, 1, 1], 8, 1.2],
    ['d = 2: many near-ties', 3, [40, 30, 30, 20, 1], 2, 1.5],
    ['more than one tile (n = 141 > 2 × 64), d = 5', 4, [50, 40, 30, 20, 1], 5, 1.4],
    ['every class one item (no MAP@R)', 5, new Array(9).fill(1), 4, 1],
  ];
  for (const [name, seed, sizes, d, noise] of cases) {
    it(`${name}: every item, per item and as means; one pass or query blocks`, async () => {
      const s = makeSet(seed, sizes, d, noise);
      const want = reference(s.rows, s.labels, KS);
      const whole = await ours(s.rows, s.labels);
      expectSame(whole, want, 'one pass');
      // Query blocks of a few items (the bounded-memory path) give the same verdicts.
      const blocks = await ours(s.rows, s.labels, { maxEntries: 40 });
      expect(blocks).toEqual(whole);
      const sum = summariseRetrieval(whole, KS);
      const ref = refSummary(want, KS);
      sum.recall.forEach((v, q) => expect(v, `R@${KS[q]}`).toBeCloseTo(ref.recall[q], 14));
      expect(sum.items).toBe(s.n);
      expect(sum.rItems).toBe(ref.rItems);
      if (ref.rItems === 0) {
        expect(sum.mapAtR).toBeNaN();
        expect(sum.rPrecision).toBeNaN();
      } else {
        expect(sum.mapAtR).toBeCloseTo(ref.mapAtR, 12);
        expect(sum.rPrecision).toBeCloseTo(ref.rPrecision, 12);
      }
    });
  }

  it('duplicates: neighbours tied with the K-th are retrieved lower index first', async () => {
    // Query 0 = (1, 0). Items 1–4 are one direction (tied for neighbours 1–4); only item 4 shares
    // query 0's label, so it is the 4th retrieved: R@1..3 miss, R@4 hits.
    const rows = [[1, 0], [2, 1], [4, 2], [2, 1], [6, 3], [0, 1], [-1, 0.2]];
    const labels = [0, 1, 2, 3, 0, 4, 5];
    const want = reference(rows, labels, KS);
    expect(want[0].hitAt).toEqual([0, 0, 1, 1]); // K = 1, 2, 4, 8 → ranks 1–2 miss, 4 hits
    const got = await ours(rows, labels);
    expectSame(got, want, 'ties');
    expect(got.firstHit[0]).toBe(3);
    // Item 1's neighbours: 2, 3, 4 tied at cosine 1 (index order), then 0.
    expect(got.firstHit[1]).toBe(-1); // class 1 has no other item
    // Duplicated items of one class tied with other classes, for MAP@R: item 4 (class 0, R = 1)
    // has 1, 2, 3 tied before item 0 → R-precision 0, AP@R 0.
    expect(got.rPrecision[4]).toBe(0);
  });

  it('cosines equal in exact arithmetic but a few ulps apart in float are one tie group, broken by index', async () => {
    // A query (1, 1, 1) and two permutations of one vector: the same cosine exactly, but the
    // float sums run in different orders. Find a vector where the float cosines differ.
    const rng = new Rng(11);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, t) => s + x * b[t], 0);
    const unit = (v: number[]) => {
      const nrm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
      return v.map((x) => x / nrm);
    };
    let found: number[][] | null = null;
    for (let tries = 0; tries < 10000 && !found; tries++) {
      const v = [rng.next(), rng.next(), rng.next()];
      const a = [v[0], v[1], v[2]];
      const b = [v[2], v[0], v[1]];
      const q = unit([1, 1, 1]);
      const ca = dot(q, unit(a));
      const cb = dot(q, unit(b));
      if (cb > ca) found = [[1, 1, 1], a, b]; // the later index has the (slightly) larger float cosine
    }
    expect(found).not.toBeNull();
    const rows = [...found!, [-1, 0, 0.1]];
    const labels = [0, 1, 0, 2]; // item 2 shares the query's label: ranked first only by float noise
    const got = await ours(rows, labels);
    expect(got.firstHit[0]).toBe(1); // item 1 first (tie, lower index), item 2 second
    expectSame(got, reference(rows, labels, KS), 'tie group');
  });

  it('R is capped at 1,000: a class of 1,101 items is judged on its 1,000 nearest neighbours', async () => {
    expect(R_CAP).toBe(1000);
    const s = makeSet(7, [1101, 60, 40, 1], 3, 1.6);
    const ranked = rankedRelevance(s.rows, s.labels);
    const want = fromRanking(ranked, s.labels, KS);
    const big = s.labels.map((l, i) => (l === 0 ? i : -1)).filter((i) => i >= 0);
    for (const i of big) expect(want[i].r).toBe(1000);
    const got = await ours(s.rows, s.labels);
    expectSame(got, want, 'cap');
    const sum = summariseRetrieval(got, KS);
    expect(sum.capped).toBe(1101);
    expect(sum.rCap).toBe(1000);
    // Without the cap (R = 1,100 for the big class) the means differ: the cap is what is measured.
    const uncapped = refSummary(fromRanking(ranked, s.labels, KS, 5000), KS);
    expect(Math.abs(uncapped.mapAtR - sum.mapAtR)).toBeGreaterThan(1e-4);
  });

  it('a smaller cap (option rCap) against the reference with that cap', async () => {
    const s = makeSet(8, [30, 20, 10, 2, 1], 4, 1.3);
    const got = await ours(s.rows, s.labels, { rCap: 5 });
    expectSame(got, reference(s.rows, s.labels, KS, 5), 'rCap 5');
    expect(summariseRetrieval(got, KS, 5).capped).toBe(30 + 20 + 10);
  });

  it('a sample of queries: each still against every item — the same verdicts as the whole pass at those items', async () => {
    const s = makeSet(9, [40, 35, 30, 25, 1], 6, 1.4);
    const whole = await ours(s.rows, s.labels);
    const queries = Int32Array.from([0, 3, 17, 64, 65, 100, 130]);
    const part = await ours(s.rows, s.labels, { queries });
    expect(Array.from(part.queries)).toEqual(Array.from(queries));
    queries.forEach((i, q) => {
      expect(part.firstHit[q]).toBe(whole.firstHit[i]);
      expect(part.apAtR[q]).toBe(whole.apAtR[i]);
      expect(part.rPrecision[q]).toBe(whole.rPrecision[i]);
    });
    expectSame(part, reference(s.rows, s.labels, KS), 'sample');
    expect(summariseRetrieval(part, KS).items).toBe(queries.length);
    await expect(ours(s.rows, s.labels, { queries: Int32Array.from([3, 1]) })).rejects.toThrow(/ascending/);
  });

  it('awaits `between` and reports progress up to 1, whatever the pace', async () => {
    const s = makeSet(10, [100, 80, 20], 4, 1);
    const x = normaliseRows(flat(s.rows), s.n, 4);
    let waits = 0;
    const fr: number[] = [];
    const r = await retrieval(x, s.labels, s.n, 4, { ks: KS, yieldMs: 0, between: async () => void waits++, onProgress: (f) => fr.push(f) });
    expect(waits).toBeGreaterThanOrEqual(Math.ceil(s.n / TILE));
    expect(fr[fr.length - 1]).toBe(1);
    for (let i = 1; i < fr.length; i++) expect(fr[i]).toBeGreaterThanOrEqual(fr[i - 1]);
    const ref = refSummary(reference(s.rows, s.labels, KS), KS);
    r.recall.forEach((v, q) => expect(v).toBeCloseTo(ref.recall[q], 14));
    expect(r.mapAtR).toBeCloseTo(ref.mapAtR, 12);
  });
});
