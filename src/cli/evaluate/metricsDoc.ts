/**
 * `metrics.json` of `metric-playground evaluate`, and the table printed to the terminal. Every
 * metric the page's evaluation view shows, as fractions in [0, 1] (distances on the unit sphere,
 * in [0, 2]); keys are stable for scripts.
 */
import type { EvalReport } from '../../eval/report';
import { KMEANS_RESTARTS } from '../../eval/clustering/restarts';
import { pointAtFar } from '../../eval/metrics/operatingPoints';
import { R_CAP } from '../../eval/retrieval/retrieval';
import { TAR_FARS } from '../../eval/metrics/roc';

/** The contents of metrics.json. */
export interface MetricsDoc {
  tool: string;
  embeddings: string;
  labels: string;
  labelColumn: string | null;
  items: number;
  classes: number;
  dim: number;
  /** 'exact' (every pair sorted) or 'binned' (4096 cosine bins). */
  path: 'exact' | 'binned';
  /**
   * The tfjs backend that binned the binned path's pairs: wasm in `evaluate` (from the retrieval
   * pass's products), webgpu with `--backend webgpu` (the WGSL kernel), or a `train` run's backend;
   * null on the exact path.
   */
  backend: string | null;
  bins: number | null;
  pairs: number;
  positives: number;
  prAuc: number;
  opis: number;
  epsOpis: number;
  eps: number;
  /**
   * Recall@K by K ("1", "2", …): the mean over `recallItems` queries, each ranked against every
   * other item — every item, unless `recallSampled` (--recall-sample N: a seeded sample of N queries).
   */
  recall: Record<string, number>;
  recallItems: number;
  recallSampled: boolean;
  /** Ranked with a float32 screen that leaves every number as float64 ranking gives it (src/eval/retrieval/retrievalScreened.ts). */
  recallScreened: boolean;
  /**
   * MAP@R and R-precision (pytorch-metric-learning's AccuracyCalculator): for each query whose
   * class has R other items, its R nearest others — mean over the `mapAtRItems` such queries (items
   * alone in their class left out; null when there is none). R is capped at `rCap` (1,000) per
   * query; `rCapped` queries had more same-class others than that.
   */
  mapAtR: number | null;
  rPrecision: number | null;
  mapAtRItems: number;
  rCap: number;
  rCapped: number;
  /** NMI of k-means (greedy k-means++, k = classes) on every item vs the labels: lowest inertia of `nmiRestarts` seeded restarts. */
  nmi: number;
  nmiRestarts: number;
  /** That clustering's inertia (Σ squared distances of the l2-normalised items to their centres), to compare with scikit-learn's `inertia_`. */
  nmiInertia: number | null;
  calibrationRange: { farLo: number; farHi: number; dMin: number; dMax: number };
  /** The operating point at each FAR of --far: threshold, global TAR and per-class FAR/FRR. */
  threshold: Record<string, { distance: number; cosine: number; globalFar: number; tar: number; frr: number; perClass: Record<string, { far: number; frr: number }> }>;
  /** TAR at SPEC's FARs (1e-4, 1e-3, 1e-2, and every FAR of --far) by FAR ("0.001"), with the threshold (cosine) that gives it. */
  tarAtFar: Record<string, { tar: number; cosine: number; distance: number }>;
  /**
   * The binned path's error bounds (null on the exact path): the exact PR-AUC lies in `prAuc`
   * [lo, hi]; the exact OPIS and ε-OPIS within `opis` / `epsOpis` of the values above (`epsOpis`
   * null only where ε-OPIS is NaN). `epsOpisGroupsKnown` false: the bins could not tell ε-OPIS's best
   * and worst classes apart, and its bound covers every grouping the exact values could make.
   */
  bounds: { prAuc: [number, number]; opis: number; epsOpis: number | null; epsOpisGroupsKnown?: boolean } | null;
  /** How ties were told: cosines within 2^-40 of their neighbour in the sorted order are one tie group (the exact path's PR points, every path's neighbours); the binned path's pairs by bin. */
  ties: string;
  classNames: string[];
  warnings: string[];
  seconds: number;
  /** Seconds of the evaluation's parts: the all-pairs histograms with the retrieval pass, then NMI's k-means. */
  secondsByPart: { pairsAndRetrieval: number; kmeans: number } | null;
}

/** Inputs of {@link metricsDoc} besides the report. */
export interface DocInputs {
  embeddings: string;
  labels: string;
  labelColumn: string | null;
  classNames: string[];
  dim: number;
  eps: number;
  /** The FARs of --far: the calibration range's ends and the keys of `threshold` (the report has a point at each). */
  fars: number[];
  warnings: string[];
  seconds: number;
  /** The active tfjs backend (what binned the pairs on the binned path). */
  backend: string;
}

/** A number, or null where it is missing or NaN (JSON has no NaN). */
const orNull = (v: number | undefined): number | null => (v === undefined || Number.isNaN(v) ? null : v);

/** metrics.json from an evaluation report (made with `fars: x.fars`, so that it has their operating points). */
export function metricsDoc(r: EvalReport, x: DocInputs): MetricsDoc {
  const farLo = Math.min(...x.fars);
  const farHi = Math.max(...x.fars);
  const points = x.fars.map((f) => {
    const p = pointAtFar(r.operating, f);
    if (!p) throw new Error(`metricsDoc: the report has no operating point at FAR ${f} (evaluate with fars: [${x.fars}])`);
    return p;
  });
  return {
    tool: 'metric-playground evaluate',
    embeddings: x.embeddings,
    labels: x.labels,
    labelColumn: x.labelColumn,
    items: r.n,
    classes: x.classNames.length,
    dim: x.dim,
    path: r.path === 'exact' ? 'exact' : 'binned',
    backend: r.path === 'exact' ? null : x.backend,
    bins: r.bins,
    pairs: r.pairs,
    positives: r.positives,
    prAuc: r.ap,
    opis: r.opis,
    epsOpis: r.epsOpis,
    eps: x.eps,
    recall: Object.fromEntries(r.recall.k.map((k, i) => [String(k), r.recall.value[i]])),
    recallItems: r.recall.items,
    recallSampled: r.recall.sampled ?? false,
    recallScreened: r.recall.screened ?? false,
    mapAtR: orNull(r.mapAtR),
    rPrecision: orNull(r.rPrecision),
    mapAtRItems: r.rCounts?.items ?? 0,
    rCap: r.rCounts?.cap ?? R_CAP,
    rCapped: r.rCounts?.capped ?? 0,
    nmi: r.nmi,
    nmiRestarts: KMEANS_RESTARTS,
    nmiInertia: r.kmeans?.inertia ?? null,
    calibrationRange: { farLo, farHi, dMin: r.calibration.dMin, dMax: r.calibration.dMax },
    threshold: Object.fromEntries(
      points.map((p) => [
        String(p.far),
        {
          distance: p.distance,
          cosine: p.cosine,
          globalFar: p.globalFar,
          tar: p.tar,
          frr: 1 - p.tar,
          perClass: Object.fromEntries(p.perClass.map((c, t) => [x.classNames[t], c])),
        },
      ]),
    ),
    tarAtFar: Object.fromEntries(
      [...new Set([...TAR_FARS, ...x.fars])]
        .sort((a, b) => a - b)
        .flatMap((f) => {
          const p = pointAtFar(r.operating, f);
          return p ? [[String(f), { tar: p.tar, cosine: p.cosine, distance: p.distance }]] : [];
        }),
    ),
    bounds: r.bounds ?? null,
    ties: `${r.path === 'exact' ? 'pairs' : `pairs binned in ${r.bins} bins over [-1, 1]; neighbours`} ranked by cosine as computed, cosines within 2^-40 of their neighbour in the order one tie group${r.path === 'exact' ? ' (one PR point)' : ''}, neighbours in a group by index`,
    classNames: x.classNames,
    warnings: x.warnings,
    seconds: x.seconds,
    secondsByPart: r.msParts ? { pairsAndRetrieval: r.msParts.pairsAndRetrieval / 1000, kmeans: r.msParts.kmeans / 1000 } : null,
  };
}

/** ε-OPIS's binning error in words for the table (nothing on the exact path). */
function epsOpisBoundWords(b: MetricsDoc['bounds']): string {
  if (!b || b.epsOpis === null) return '';
  const why = b.epsOpisGroupsKnown === false ? ' (the bins cannot tell the best and worst classes apart: the bound covers every grouping)' : '';
  return `; ± ${fmt(b.epsOpis)} binning error${why}`;
}

/** A number for the table: 4 significant digits, small ones in e-notation. */
export function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && Math.abs(v) < 1e-3) return v.toExponential(3);
  return Number(v.toPrecision(4)).toString();
}

/** The rows of the metrics table: [name, value, what it means]. */
export function metricRows(m: MetricsDoc): [string, string, string][] {
  const rows: [string, string, string][] = [
    ['items', String(m.items), `${m.classes} classes, d = ${m.dim}, ${m.pairs.toLocaleString('en-US')} pairs (${m.positives.toLocaleString('en-US')} positive)`],
    ['path', m.path, m.path === 'exact' ? 'every pair sorted' : `${m.bins} cosine bins, on ${m.backend}`],
    ['PR-AUC', fmt(m.prAuc), `average precision over all pairs ranked by cosine${m.bounds ? `; exact value in [${fmt(m.bounds.prAuc[0])}, ${fmt(m.bounds.prAuc[1])}]` : ', cosines within 2^-40 one tie (one point)'}`],
    ['OPIS', fmt(m.opis), `variance of per-class utility over the calibration range (lower = more consistent)${m.bounds ? `; ± ${fmt(m.bounds.opis)} binning error` : ''}`],
    [
      'ε-OPIS',
      fmt(m.epsOpis),
      `best vs worst ${Math.round(m.eps * 100)}% of classes${epsOpisBoundWords(m.bounds)}`,
    ],
  ];
  const items = m.items.toLocaleString('en-US');
  const over = m.recallSampled ? `a seeded sample of ${m.recallItems.toLocaleString('en-US')} of ${items} items (--recall-sample), each vs all` : `all ${items} items, each vs every other`;
  for (const [k, v] of Object.entries(m.recall)) rows.push([`Recall@${k}`, fmt(v), `a same-class item among the ${k} nearest; ${over}`]);
  const rNote = `R = the item's same-class others, capped at ${m.rCap.toLocaleString('en-US')} (${m.rCapped.toLocaleString('en-US')} items capped); over ${m.mapAtRItems.toLocaleString('en-US')} items${m.recallSampled ? ' of the sample' : ''}, one-item classes left out`;
  rows.push(['MAP@R', m.mapAtR === null ? 'n/a' : fmt(m.mapAtR), `mean average precision of each item's R nearest; ${rNote}`]);
  rows.push(['R-precision', m.rPrecision === null ? 'n/a' : fmt(m.rPrecision), `same-class share of each item's R nearest`]);
  rows.push(['NMI', fmt(m.nmi), `greedy k-means++ clusters (lowest inertia of ${m.nmiRestarts} seeded restarts) vs labels, on all ${items} items`]);
  const c = m.calibrationRange;
  rows.push(['calibration', `${fmt(c.dMin)}…${fmt(c.dMax)}`, `distances where the global FAR reaches ${c.farLo} and ${c.farHi}`]);
  for (const [far, t] of Object.entries(m.tarAtFar)) rows.push([`TAR@FAR ${far}`, fmt(t.tar), `accepted share of positive pairs where ${far} of negatives are accepted (cosine ≥ ${fmt(t.cosine)})`]);
  for (const [far, t] of Object.entries(m.threshold)) {
    const frrs = Object.values(t.perClass).map((p) => p.frr).filter(Number.isFinite);
    const spread = frrs.length ? ` (per class ${fmt(Math.min(...frrs))}…${fmt(Math.max(...frrs))})` : '';
    rows.push([`threshold@FAR ${far}`, fmt(t.distance), `cosine ${fmt(t.cosine)}, FRR ${fmt(t.frr)}${spread}`]);
  }
  return rows;
}

/** The metrics table as aligned text. */
export function metricsTable(m: MetricsDoc): string {
  const rows = metricRows(m);
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([a, b, c]) => `${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`).join('\n') + '\n';
}
