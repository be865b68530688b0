/**
 * Text alternatives of the evaluation views (PR curve, score distributions, utility curves, distance
 * histograms, metrics over steps, the OPIS scatter, the threshold tool, ROC / DET): a sentence and a
 * table each. Pure.
 */
import { empty, evenly, num, pct, sentence, stepText, trend, type PlotSummary } from '../../../charts/kit/summaryKit';
import { farLabel, pctText, thresholdView } from '../../../charts/thresholdView';
import type { Summariser } from './summariser';

const NO_EVALUATION = 'no evaluation yet — train a few steps';

/** Precision at recall r on AP's step function: P_n holds over (R_{n−1}, R_n], so the first n with R_n ≥ r. */
export function precisionAt(recall: readonly number[], precision: readonly number[], r: number): number {
  for (let i = 0; i < recall.length; i++) if (recall[i] >= r - 1e-12) return precision[i];
  return NaN;
}

const RECALL_LEVELS = Array.from({ length: 11 }, (_, i) => i / 10);

/** The current PR curve (and the pinned ones) at recall 0, 0.1, …, 1. */
export const prSummary: Summariser = {
  key: (s) => [s.evaluation, s.pinned],
  summarise: ({ evaluation: e, pinned }) => {
    const columns = ['recall', ...(e ? ['precision (current)'] : []), ...pinned.map((p) => `precision (pinned: ${p.label})`)];
    if (!e && !pinned.length) return empty(`Precision–recall: ${NO_EVALUATION}.`, ['recall', 'precision']);
    const curves = [...(e ? [e.pr] : []), ...pinned];
    return {
      text: sentence([
        e && `Precision–recall at step ${stepText(e.step)}: AP ${num(e.ap)} (${e.path === 'exact' ? 'exact' : `binned, ${e.bins} bins`})`,
        e && `precision ${num(precisionAt(e.pr.recall, e.pr.precision, 0.5))} at recall 0.5 and ${num(precisionAt(e.pr.recall, e.pr.precision, 0.9))} at recall 0.9`,
        e && `chance level ${num(e.pairs > 0 ? e.positives / e.pairs : 0)}`,
        pinned.length > 0 && `pinned: ${pinned.map((p) => `${p.label}, AP ${num(p.ap)}`).join('; ')}`,
      ]),
      table: { columns, rows: RECALL_LEVELS.map((r) => [r.toFixed(1), ...curves.map((c) => num(precisionAt(c.recall, c.precision, r)))]) },
    };
  },
};

/** Per-query score distributions: the 5th and 95th percentile across queries, per cosine bin. */
export const scoreSummary: Summariser = {
  key: (s) => [s.evaluation],
  summarise: ({ evaluation: e }) => {
    const columns = ['cosine bin', '5th percentile (neighbours)', '95th percentile (neighbours)'];
    const sd = e?.scoreDistribution;
    if (!e || !sd || !sd.perQuery.length) return empty(`Score distributions: ${NO_EVALUATION}.`, columns);
    const peak = (v: number[]) => v.reduce((best, x, k) => (x > v[best] ? k : best), 0);
    const centre = (k: number) => num((sd.edges[k] + sd.edges[k + 1]) / 2);
    return {
      text: sentence([
        `Score distributions of ${sd.perQuery.length} queries at step ${stepText(e.step)}`,
        `the 95th-percentile curve peaks at cosine ${centre(peak(sd.p95))}, the 5th-percentile curve at ${centre(peak(sd.p5))}`,
      ]),
      table: { columns, rows: evenly(sd.p5.length).map((k) => [`${num(sd.edges[k])} to ${num(sd.edges[k + 1])}`, num(sd.p5[k]), num(sd.p95[k])]) },
    };
  },
};

/** Per-class utility over the calibration range: mean, lowest and highest per class. */
export const utilitySummary: Summariser = {
  key: (s) => [s.evaluation],
  summarise: ({ evaluation: e }) => {
    const columns = ['class', 'mean utility', 'lowest', 'highest'];
    const u = e?.utility;
    if (!e || !u || !u.perClass.length) return empty(`Per-class utility: ${NO_EVALUATION}.`, columns);
    const rows = u.perClass.map((vals, r) => {
      const finite = vals.filter(Number.isFinite);
      const mean = finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : NaN;
      return { c: u.classes[r], mean, lo: finite.length ? Math.min(...finite) : NaN, hi: finite.length ? Math.max(...finite) : NaN };
    });
    const ranked = rows.filter((r) => Number.isFinite(r.mean)).sort((a, b) => b.mean - a.mean);
    return {
      text: sentence([
        `Per-class utility at step ${stepText(e.step)} over distances ${num(e.calibration.dMin)} to ${num(e.calibration.dMax)}: OPIS ${num(e.opis)}, ε-OPIS ${num(e.epsOpis)}`,
        ranked.length > 1 && `best class ${ranked[0].c} (mean ${num(ranked[0].mean)}), worst class ${ranked[ranked.length - 1].c} (mean ${num(ranked[ranked.length - 1].mean)})`,
      ]),
      table: { columns, rows: rows.sort((a, b) => a.c - b.c).map((r) => [String(r.c), num(r.mean), num(r.lo), num(r.hi)]) },
    };
  },
};

/** The distance at which half of `counts` (per bin of `edges`) lies below, interpolated within the bin. */
function median(edges: readonly number[], counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  let below = 0;
  for (let k = 0; k < counts.length; k++) {
    if (counts[k] > 0 && below + counts[k] >= total / 2) return edges[k] + ((total / 2 - below) / counts[k]) * (edges[k + 1] - edges[k]);
    below += counts[k];
  }
  return NaN;
}

/** Positive and negative pair distances, merged into at most 20 bins. */
export const distanceSummary: Summariser = {
  key: (s) => [s.evaluation],
  summarise: ({ evaluation: e }) => {
    const columns = ['distance', 'positive pairs', 'negative pairs'];
    const dist = e?.distance;
    if (!e || !dist) return empty(`Pair distances: ${NO_EVALUATION}.`, columns);
    const P = dist.pos.reduce((a, b) => a + b, 0);
    const N = dist.neg.reduce((a, b) => a + b, 0);
    let overlap = 0;
    for (let k = 0; k < dist.pos.length; k++) overlap += Math.min(P ? dist.pos[k] / P : 0, N ? dist.neg[k] / N : 0);
    const per = Math.max(1, Math.ceil(dist.pos.length / 20));
    const rows: string[][] = [];
    for (let k = 0; k < dist.pos.length; k += per) {
      const end = Math.min(dist.pos.length, k + per);
      const sum = (v: number[]) => v.slice(k, end).reduce((a, b) => a + b, 0);
      rows.push([`${num(dist.edges[k])} to ${num(dist.edges[end])}`, pct(P ? sum(dist.pos) / P : 0), pct(N ? sum(dist.neg) / N : 0)]);
    }
    return {
      text: sentence([
        `Pair distances at step ${stepText(e.step)}: ${P.toLocaleString('en-US')} positive pairs, median distance ${num(median(dist.edges, dist.pos))}`,
        `${N.toLocaleString('en-US')} negative pairs, median ${num(median(dist.edges, dist.neg))}`,
        `the two distributions overlap by ${pct(overlap)}`,
      ]),
      table: { columns, rows },
    };
  },
};

/** The scalar metrics at each evaluated step. */
export const metricsSummary: Summariser = {
  key: (s) => [s.evalVersion],
  summarise: ({ evalSeries: es }) => {
    const columns = ['step', 'PR-AUC', 'Recall@1', 'NMI', 'OPIS', 'ε-OPIS'];
    if (!es.step.length) return empty(`Metrics over training: ${NO_EVALUATION}.`, columns);
    return {
      text: sentence([
        `At step ${stepText(es.step[es.step.length - 1])}: ${trend('PR-AUC', es.step, es.ap) ?? 'PR-AUC —'}`,
        trend('Recall@1', es.step, es.recallAt1),
        trend('NMI', es.step, es.nmi),
        trend('OPIS', es.step, es.opis),
        trend('ε-OPIS', es.step, es.epsOpis),
      ]),
      table: { columns, rows: evenly(es.step.length).map((i) => [stepText(es.step[i]), num(es.ap[i]), num(es.recallAt1[i]), num(es.nmi[i]), num(es.opis[i]), num(es.epsOpis[i])]) },
    };
  },
};

/** One row per recorded run: its error and OPIS. */
export const scatterSummary: Summariser = {
  key: (s) => [s.runPoints],
  summarise: ({ runPoints }): PlotSummary => {
    const columns = ['run', 'error (%)', 'OPIS'];
    if (!runPoints.length) return empty('OPIS against error: no runs recorded — press “Record run in scatter”.', columns);
    const finite = runPoints.filter((p) => Number.isFinite(p.error) && Number.isFinite(p.opis));
    const best = (f: (p: (typeof finite)[number]) => number) => finite.reduce((a, b) => (f(b) < f(a) ? b : a));
    return {
      text: sentence([
        `${runPoints.length} recorded run${runPoints.length === 1 ? '' : 's'}`,
        finite.length > 0 && `lowest OPIS: ${best((p) => p.opis).label} (${num(best((p) => p.opis).opis)})`,
        finite.length > 1 && `lowest error: ${best((p) => p.error).label} (${num(best((p) => p.error).error)}%)`,
      ]),
      table: { columns, rows: runPoints.map((p) => [p.label, num(p.error), num(p.opis)]) },
    };
  },
};

/** The threshold tool in words: the threshold, its global rates and the worst classes; a row per class. */
export const thresholdSummary: Summariser = {
  key: (s) => [s.evaluation, s.thresholdFar],
  summarise: ({ evaluation: e, thresholdFar }) => {
    const columns = ['class', 'false-accept rate FAR_t', 'false-reject rate FRR_t'];
    const v = e ? thresholdView(e, thresholdFar) : null;
    if (!e || !v) return empty('Threshold tool: no evaluation yet — train a few steps.', columns);
    const worst = (key: 'far' | 'frr') =>
      v.rows
        .filter((r) => Number.isFinite(r[key]))
        .sort((a, b) => b[key] - a[key])
        .at(0);
    const wFar = worst('far');
    const wFrr = worst('frr');
    return {
      text: sentence([
        `Threshold at ${farLabel(v.far)}, step ${stepText(e.step)}: accept pairs at distance ≤ ${num(v.distance)} (cosine ≥ ${num(v.cosine)})`,
        `global FAR reached ${pctText(v.globalFar)}, FRR ${pctText(v.frr)}`,
        wFar && `highest class FAR: class ${wFar.name} (${pctText(wFar.far)})`,
        wFrr && `highest class FRR: class ${wFrr.name} (${pctText(wFrr.frr)})`,
      ]),
      table: { columns, rows: v.tableRows.map((r) => [r.name, pctText(r.far), pctText(r.frr)]) },
    };
  },
};

/** The view in words and as a table (SPEC's FARs, then the curve thinned). */
export const rocSummary: Summariser = {
  key: (s) => [s.evaluation],
  summarise: ({ evaluation: e }) => {
    const columns = ['FAR', 'TAR', 'threshold (distance)'];
    const curve = e?.roc;
    if (!e || !curve || curve.far.length === 0) return empty('ROC / DET: no evaluation yet.', columns);
    const per = Math.max(1, Math.ceil(curve.far.length / 16));
    return {
      text: sentence([`ROC over ${curve.negatives.toLocaleString('en-US')} negative pairs`, ...curve.marks.map((m) => `TAR ${pct(m.tar)} at FAR ${m.far}`)]),
      table: { columns, rows: curve.far.filter((_, i) => i % per === 0 || i === curve.far.length - 1).map((f) => { const i = curve.far.indexOf(f); return [num(f), pct(curve.tar[i]), num(curve.distance[i])]; }) },
    };
  },
};
