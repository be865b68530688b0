/**
 * Self-test cases of the WGSL pair-histogram kernel (kernel-tests.html): accumulateWgsl against
 * accumulateJs (float64) on the same input.
 *
 * Verdict per case, for pos and neg separately:
 * - total pair counts equal exactly (Σ pos + Σ neg / 2 = n(n−1)/2, and equal to accumulateJs's);
 * - per-class totals equal exactly;
 * - bin-by-bin, only pairs within float rounding of a bin edge may differ (f32 vs f64 cosines):
 *   moved (Σ |Δpos| / 2 + Σ |Δneg| / 4) ≤ 5e-4 · pairs + 2 (measured ≈ 1.2e-4 at 4096 bins: the f32
 *   ulp of (c + 1)·bins/2 near 2048 is already 2.4e-4 bin), and every moved pair moved to an
 *   adjacent bin: per row, |cumsum(wgsl) − cumsum(js)| ≤ moved everywhere;
 * - stronger: each row's cumulative counts lie between those of the float64 cosines binned at
 *   c + ε and at c − ε (ε = 1e-5), i.e. no pair is binned further than ε from its exact cosine.
 */
import type { CaseResult, KernelCase } from '../../ml/kernels/selftest/harness';
import { Rng } from '../../data/rng';
import { accumulateJs, normaliseRows } from '../pairs/accumulate';
import { cosineBin, type PairHistograms } from '../pairs/pairHistograms';
import { accumulateWgsl, type WgslAccumulateOptions } from './pairHistogram';

/** Histograms of cosineBin(c − eps) (lo) and cosineBin(c + eps) (hi), c the float64 cosine. */
interface Envelope {
  eps: number;
  lo: { pos: Float64Array; neg: Float64Array };
  hi: { pos: Float64Array; neg: Float64Array };
}

/** The float64 cosines of every pair (same normalisation and summation order as accumulateJs), binned at c ∓ eps. */
export function envelope(emb: Float32Array, labels: Int32Array, n: number, d: number, classes: number, bins: number, eps: number): Envelope {
  const x = normaliseRows(emb, n, d);
  const mk = () => ({ pos: new Float64Array(classes * bins), neg: new Float64Array(classes * bins) });
  const lo = mk();
  const hi = mk();
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      let c = 0;
      for (let t = 0; t < d; t++) c += x[a * d + t] * x[b * d + t];
      const kl = cosineBin(c - eps, bins);
      const kh = cosineBin(c + eps, bins);
      const la = labels[a];
      const lb = labels[b];
      if (la === lb) {
        lo.pos[la * bins + kl]++;
        hi.pos[la * bins + kh]++;
      } else {
        lo.neg[la * bins + kl]++;
        lo.neg[lb * bins + kl]++;
        hi.neg[la * bins + kh]++;
        hi.neg[lb * bins + kh]++;
      }
    }
  }
  return { eps, lo, hi };
}

interface Input {
  emb: Float32Array;
  labels: Int32Array;
}

/** Compares two histograms (see the module comment). */
export function compareHistograms(got: PairHistograms, ref: PairHistograms, n: number, env?: Envelope): CaseResult {
  const pairs = (n * (n - 1)) / 2;
  const { bins, numClasses: C } = ref;
  const problems: string[] = [];
  const sum = (a: Float64Array, from = 0, to = a.length) => {
    let s = 0;
    for (let i = from; i < to; i++) s += a[i];
    return s;
  };
  if (got.bins !== bins || got.numClasses !== C) problems.push('shape');
  const gotTotal = sum(got.pos) + sum(got.neg) / 2;
  const refTotal = sum(ref.pos) + sum(ref.neg) / 2;
  if (gotTotal !== pairs || refTotal !== pairs) problems.push(`total ${gotTotal} (js ${refTotal}, expected ${pairs})`);
  for (let t = 0; t < C; t++) {
    if (got.classCount[t] !== ref.classCount[t]) problems.push(`classCount[${t}]`);
    for (const key of ['pos', 'neg'] as const) {
      const a = sum(got[key], t * bins, (t + 1) * bins);
      const b = sum(ref[key], t * bins, (t + 1) * bins);
      if (a !== b) problems.push(`${key}[${t}] total ${a} vs js ${b}`);
    }
  }
  // Moved pairs: every pair that changed bin contributes |Δ| = 1 twice (source and target) per
  // histogram row it is counted in (pos: 1 row, neg: 2 rows).
  let absPos = 0;
  let absNeg = 0;
  for (let i = 0; i < ref.pos.length; i++) {
    absPos += Math.abs(got.pos[i] - ref.pos[i]);
    absNeg += Math.abs(got.neg[i] - ref.neg[i]);
  }
  const moved = absPos / 2 + absNeg / 4;
  const allowed = 5e-4 * pairs + 2;
  if (moved > allowed) problems.push(`moved ${moved} > ${allowed}`);
  // Adjacent bins only (the brief's check): |cumsum(wgsl) − cumsum(js)| ≤ moved in every row.
  let maxCum = 0;
  for (const key of ['pos', 'neg'] as const) {
    for (let t = 0; t < C; t++) {
      let cum = 0;
      for (let k = 0; k < bins; k++) {
        cum += got[key][t * bins + k] - ref[key][t * bins + k];
        maxCum = Math.max(maxCum, Math.abs(cum));
      }
    }
  }
  if (maxCum > moved) problems.push(`|cumsum Δ| ${maxCum} > moved ${moved}`);
  // Envelope: with every pair's bin free between cosineBin(c − ε) and cosineBin(c + ε), the
  // cumulative counts must lie between those of the two extreme histograms, in every row.
  if (env) {
    for (const key of ['pos', 'neg'] as const) {
      for (let t = 0; t < C; t++) {
        let g = 0;
        let lo = 0;
        let hi = 0;
        for (let k = 0; k < bins; k++) {
          const i = t * bins + k;
          g += got[key][i];
          lo += env.lo[key][i];
          hi += env.hi[key][i];
          if (g > lo || g < hi) {
            problems.push(`${key}[${t}] bin ${k} outside the ±${env.eps} envelope (${hi} ≤ ${g} ≤ ${lo})`);
            k = bins;
          }
        }
      }
    }
  }
  return {
    ok: problems.length === 0,
    maxErr: moved,
    detail: `${pairs} pairs, ${moved} moved across a bin edge (allowed ${allowed.toFixed(1)}), max |cumsum Δ| ${maxCum}${problems.length ? '; ' + problems.slice(0, 5).join('; ') : ''}`,
  };
}

function gaussian(seed: number, n: number, d: number, classes: number): Input {
  const rng = new Rng(seed);
  const emb = new Float32Array(n * d);
  for (let i = 0; i < emb.length; i++) emb[i] = rng.normal();
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = rng.nextU32() % classes;
  return { emb, labels };
}

/** Class-clustered embeddings (centre per class + noise), so pos/neg histograms differ. */
function clustered(seed: number, n: number, d: number, classes: number, noise = 0.7): Input {
  const rng = new Rng(seed);
  const centres = new Float32Array(classes * d);
  for (let i = 0; i < centres.length; i++) centres[i] = rng.normal();
  const emb = new Float32Array(n * d);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const y = rng.nextU32() % classes;
    labels[i] = y;
    for (let t = 0; t < d; t++) emb[i * d + t] = centres[y * d + t] + noise * rng.normal();
  }
  return { emb, labels };
}

/** Largest |f32 − f64| cosine allowed (f32 dot of unit vectors, d ≤ 65: ≲ 1e-6). */
const EPS = 1e-5;

function histCase(
  name: string,
  make: () => Input,
  n: number,
  d: number,
  classes: number,
  bins = 4096,
  opts?: WgslAccumulateOptions,
  extra?: (got: PairHistograms) => string | null,
): KernelCase {
  return {
    name: `pairHistogram ${name}: n ${n}, d ${d}, ${classes} classes, ${bins} bins${opts?.layout ? `, ${opts.layout} layout` : ''}${opts?.tile ? `, tile ${opts.tile}` : ''}${opts?.copies ? `, ${opts.copies} copies` : ''}${opts?.flushPairs ? `, flushed every ${opts.flushPairs} pairs` : ''}`,
    async run() {
      const { emb, labels } = make();
      let calls = 0;
      let lastFraction = -1;
      const got = await accumulateWgsl(emb, labels, n, d, classes, bins, {
        ...opts,
        yieldMs: 0,
        between: async () => {
          calls++;
        },
        onProgress: (f) => {
          lastFraction = f;
        },
      });
      const ref = await accumulateJs(emb, labels, n, d, classes, bins);
      const r = compareHistograms(got, ref, n, envelope(emb, labels, n, d, classes, bins, EPS));
      const problems: string[] = [];
      if (lastFraction !== 1) problems.push(`last progress ${lastFraction}`);
      if (n >= 2 && calls < 1) problems.push('between never called');
      const e = extra?.(got);
      if (e) problems.push(e);
      return problems.length ? { ...r, ok: false, detail: `${r.detail}; ${problems.join('; ')}` } : r;
    },
  };
}

export const pairHistogramCases: KernelCase[] = [
  histCase('single item', () => gaussian(1, 1, 3, 2), 1, 3, 2),
  histCase('two items', () => gaussian(2, 2, 3, 2), 2, 3, 2),
  histCase('tiny', () => gaussian(3, 7, 1, 3), 7, 1, 3, 64),
  histCase('d 1', () => gaussian(4, 33, 1, 4), 33, 1, 4),
  histCase('gaussian', () => gaussian(5, 300, 16, 10), 300, 16, 10),
  histCase('d 65 clustered', () => clustered(6, 300, 65, 7), 300, 65, 7, 64),
  histCase('clustered multi-tile', () => clustered(7, 1000, 64, 10), 1000, 64, 10, 4096, { tile: 96 }),
  histCase('clustered class layout multi-tile', () => clustered(8, 1000, 64, 10), 1000, 64, 10, 4096, { tile: 160, layout: 'class', copies: 3 }),
  histCase('clustered one tile, one copy', () => clustered(9, 1000, 64, 10), 1000, 64, 10, 4096, { copies: 1 }),
  histCase('class layout d 3', () => gaussian(10, 300, 3, 5), 300, 3, 5, 64, { layout: 'class' }),
  histCase(
    'class with one item',
    () => {
      const x = clustered(11, 33, 16, 3);
      x.labels.fill(0);
      x.labels[17] = 2; // class 2 has one item, class 1 none
      for (let i = 20; i < 33; i++) x.labels[i] = 1;
      x.labels[17] = 2;
      return x;
    },
    33, 16, 3, 4096, undefined,
    (g) => {
      let p2 = 0;
      for (let k = 0; k < g.bins; k++) p2 += g.pos[2 * g.bins + k];
      return g.classCount[2] === 1 && p2 === 0 ? null : `class 2: count ${g.classCount[2]}, positives ${p2}`;
    },
  ),
  histCase(
    'all one class (no negatives)',
    () => {
      const x = gaussian(12, 300, 64, 1);
      x.labels.fill(0);
      return x;
    },
    300, 64, 1, 4096, undefined,
    (g) => (g.neg.every((v) => v === 0) ? null : 'negatives found'),
  ),
  histCase(
    'duplicate embeddings (cosine 1 → last bin)',
    () => {
      // 7 copies each of a few vectors (scaled differently: same direction), 4 classes.
      const base = gaussian(13, 5, 16, 4);
      const n = 35;
      const emb = new Float32Array(n * 16);
      const labels = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const src = i % 5;
        for (let t = 0; t < 16; t++) emb[i * 16 + t] = base.emb[src * 16 + t] * (1 + (i % 3));
        labels[i] = i % 4;
      }
      return { emb, labels };
    },
    35, 16, 4, 4096, undefined,
    (g) => {
      // 5 groups of 7 identical directions: 5 · 21 = 105 pairs at cosine 1.
      let lastBin = 0;
      for (let t = 0; t < g.numClasses; t++) lastBin += g.pos[t * g.bins + g.bins - 1] + g.neg[t * g.bins + g.bins - 1] / 2;
      return lastBin >= 105 ? null : `only ${lastBin} pairs in the last bin`;
    },
  ),
  histCase(
    'duplicate embeddings, 64 bins',
    () => {
      const x = gaussian(14, 33, 65, 10);
      for (let i = 1; i < 33; i += 2) x.emb.copyWithin(i * 65, (i - 1) * 65, i * 65);
      return x;
    },
    33, 65, 10, 64,
  ),
  histCase('n 1000 d 64 plain', () => gaussian(15, 1000, 64, 10), 1000, 64, 10),
  histCase('multi-tile ragged', () => clustered(16, 777, 3, 10), 777, 3, 10, 64, { tile: 40 }),
  // The counters read back, added in and zeroed every ≤ 5,000 pairs (as every ~2·10⁹ for large n).
  histCase('counters flushed between tiles', () => clustered(17, 1000, 64, 10), 1000, 64, 10, 4096, { tile: 64, flushPairs: 5000 }),
  histCase('counters flushed, class layout', () => clustered(18, 500, 16, 6), 500, 16, 6, 256, { tile: 32, flushPairs: 1500, layout: 'class', copies: 2 }),
];
