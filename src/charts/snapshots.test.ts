/**
 * Every chart drawn from fixed data into a standalone SVG (standalone.ts: the command line's DOM
 * shim and file), compared byte for byte with its committed file in test-output/, as Observable
 * Plot tests its marks. A missing file is written; `UPDATE_SNAPSHOTS=1 npx vitest run
 * src/charts/snapshots.test.ts` writes them all anew after a change meant to alter a figure (look
 * at the files before committing them).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import type { EvalReport } from '../eval/report';
import type { GradientBand, GradientVsAlphaResult } from '../eval/views/gradientVsAlpha';
import { renderSvg, standaloneSvg, PLOT_FILE } from './kit/standalone';
import { spreadReport } from './kit/reports.testkit';
import { classColour } from './kit/palette';
import { LIGHT } from './kit/theme';
import { drawPr } from './prChart';
import { drawUtility } from './utilityChart';
import { drawDistance } from './distanceChart';
import { drawRoc } from './rocChart';
import { drawScores } from './scoreChart';
import { queryLinesMarkup } from './scoreLines';
import { drawThreshold, THRESHOLD_SIZE } from './thresholdChart';
import { thresholdView } from './thresholdView';
import { drawOpisScatter } from './opisChart';
import { CURVES_HEIGHT, CURVES_WIDTH, drawAccuracy, drawLoss, type TrainingHistory } from './trainingChart';
import { drawMetricsOverSteps, METRICS_SIZE, type MetricSeries } from './metricsChart';
import { drawGradientVsAlpha, GRADIENT_SIZE } from './gradientChart';
import { drawPrPair, drawSeries } from './pairChart';
import { embeddingMarkup, EMBEDDING_SIZE } from './embedding/embeddingMarkup';
import { drawEmbedding } from './embedding/embeddingChart';
import { inputPlaneMarkup, timelineMarkup, type ClassPlane, type EmbeddingAtStep, type Inks, type ViewMarkup } from './viewMarkup';
import { pairFigureSvg, type PairRunData } from './pairFigure';

const OUT = new URL('./test-output/', import.meta.url);
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

/** Compares `svg` with test-output/`name`.svg, writing the file where it is missing or asked for. */
function expectSnapshot(name: string, svg: string): void {
  const file = fileURLToPath(new URL(`${name}.svg`, OUT));
  if (UPDATE || !existsSync(file)) {
    mkdirSync(fileURLToPath(OUT), { recursive: true });
    writeFileSync(file, svg);
    return;
  }
  expect(svg === readFileSync(file, 'utf8'), `${name}.svg differs from the committed file (UPDATE_SNAPSHOTS=1 writes it anew)`).toBe(true);
}

const inks: Inks = { colour: classColour, ink: LIGHT['--ink'], muted: LIGHT['--muted'], line: LIGHT['--circle'] };
const file = (v: ViewMarkup, cls: string) => ({ width: v.width, height: v.height, cls });
const PLOT = PLOT_FILE;
const CURVES = { width: CURVES_WIDTH, height: CURVES_HEIGHT, cls: 'plot' };

/** `n` seeded points in 2-D around `k` class centres on the unit circle (PCA-like spread when `pca`). */
function cloud(n: number, k: number, seed: number, pca = false): { points: Float32Array; labels: Int32Array } {
  const rng = new Rng(seed);
  const points = new Float32Array(2 * n);
  const labels = Int32Array.from({ length: n }, (_, i) => i % k);
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * labels[i]) / k;
    const r = pca ? 3 : 1;
    points[2 * i] = r * Math.cos(t) + 0.2 * rng.normal();
    points[2 * i + 1] = r * Math.sin(t) + 0.2 * rng.normal();
  }
  return { points, labels };
}

/**
 * A canvas that takes every call and draws nothing: the charts that paint points on a canvas draw
 * their axes, weights and legend in SVG, and those are what the snapshot holds.
 */
function blankCanvas(): HTMLCanvasElement {
  const ctx = new Proxy({}, { get: () => () => undefined, set: () => true });
  return { width: 0, height: 0, style: {}, getContext: () => ctx } as unknown as HTMLCanvasElement;
}

/** A training history of `n` steps: a decaying loss, α switched from 4 to 16 halfway, evaluations every 10 steps. */
function history(n: number): TrainingHistory {
  const step = Array.from({ length: n }, (_, i) => i + 1);
  const evalStep = step.filter((s) => s % 10 === 0);
  return {
    step,
    loss: step.map((s) => 2 * Math.exp(-s / 40) + 0.1 * Math.sin(s / 3)),
    alpha: step.map((s) => (s <= n / 2 ? 4 : 16)),
    evalStep,
    accuracy: evalStep.map((s) => 1 - 0.8 * Math.exp(-s / 30)),
    compactness: evalStep.map((s) => 0.2 + 0.6 * Math.exp(-s / 50)),
  };
}

/** A band of ‖∂ℓ/∂f̂‖ over `alphas`, peaking at `peak`. */
function band(alphas: Float64Array, peak: number, count: number): GradientBand {
  const median = alphas.map((a) => (a / peak) * Math.exp(1 - a / peak));
  return { count, used: count, median, p25: median.map((v) => 0.8 * v), p75: median.map((v) => 1.2 * v) } as GradientBand;
}

describe('chart snapshots', () => {
  let report: EvalReport;
  beforeAll(async () => {
    report = await spreadReport(4, 20);
  });
  const classNames = ['zero', 'one', 'two', 'three'];

  it('PR curve, with a pinned curve, and empty', () => {
    const pinned = [{ label: 'α = 4', ap: 0.5, precision: [1, 0.7, 0.5, 0.3], recall: [0, 0.3, 0.7, 1] }];
    expectSnapshot('pr-curve', renderSvg('PR', (g, b) => drawPr(g, b, { evaluation: report, pinned })));
    expectSnapshot('pr-curve-empty', renderSvg('PR', (g, b) => drawPr(g, b, { evaluation: null, pinned: [] })));
  });

  it('per-class utility curves', () => {
    expectSnapshot('utility-curves', renderSvg('utility', (g, b) => drawUtility(g, b, { ...report, classNames })));
  });

  it('pair distance histograms, and empty', () => {
    expectSnapshot('distance-histogram', renderSvg('distance', (g, b) => drawDistance(g, b, report.distance)));
    expectSnapshot('distance-histogram-empty', renderSvg('distance', (g, b) => drawDistance(g, b, null)));
  });

  it('ROC / DET', () => {
    expectSnapshot('roc', renderSvg('ROC', (g) => drawRoc(g, report.roc ?? null)));
  });

  it('score distribution per query, its query lines under it', () => {
    const sd = report.scoreDistribution;
    expectSnapshot('score-distribution', renderSvg('scores', (g, b) => drawScores(g, b, sd), PLOT, queryLinesMarkup(sd)));
  });

  it("threshold tool's chart", () => {
    const f = { width: THRESHOLD_SIZE[0], height: THRESHOLD_SIZE[1], cls: 'eval-plot threshold-tool' };
    expectSnapshot('threshold', renderSvg('threshold', (g, b) => drawThreshold(g, b, thresholdView({ operating: report.operating, classNames }, 0.1)), f));
  });

  it('OPIS against error, per run', () => {
    const runs = [
      { label: 'α = 4', error: 3.2, opis: 0.004 },
      { label: 'α = 16', error: 1.1, opis: 0.0021 },
      { label: 'α = 64, TCM', error: 7.5, opis: 0.0009 },
    ];
    expectSnapshot('opis-vs-error', renderSvg('scatter', (g, b) => drawOpisScatter(runs, g, b)));
  });

  it('loss with α, and accuracy with compactness', () => {
    const h = history(120);
    expectSnapshot('loss', renderSvg('loss', (g) => drawLoss(g, h, 60), CURVES));
    expectSnapshot('accuracy', renderSvg('accuracy', (g) => drawAccuracy(g, h), { ...CURVES, height: CURVES_HEIGHT * 0.75 }));
  });

  it('metrics over steps', () => {
    const step = [0, 50, 100, 150, 200];
    const es: MetricSeries = { step, ap: [0.2, 0.5, 0.7, 0.8, 0.85], opis: [0.02, 0.01, 0.005, 0.004, 0.003], epsOpis: [0.08, 0.05, 0.03, 0.02, 0.02], recallAt1: [0.3, 0.6, 0.8, 0.9, 0.92], nmi: [0.1, 0.4, 0.6, 0.7, 0.75] };
    expectSnapshot('metrics-over-steps', renderSvg('metrics', (g) => drawMetricsOverSteps(es, g), { width: METRICS_SIZE[0], height: METRICS_SIZE[1], cls: 'eval-plot' }));
  });

  it('gradient against α', () => {
    const alphas = Float64Array.from({ length: 12 }, (_, i) => 0.125 * 2 ** i);
    const g = { alphas, alpha: 16, alphaIndex: 7, types: { hard: band(alphas, 2, 10), boundary: band(alphas, 8, 20), centroid: band(alphas, 32, 0) } } as unknown as GradientVsAlphaResult;
    const f = { width: GRADIENT_SIZE[0], height: GRADIENT_SIZE[1], cls: 'eval-plot' };
    expectSnapshot('gradient-vs-alpha', renderSvg('gradient', (svg) => void drawGradientVsAlpha(svg, g, ''), f));
  });

  it('overlays of A and B, with a seed band and a switch marker, and their PR curves', () => {
    const x = [0, 10, 20, 30, 40];
    const size: [number, number] = [360, 200];
    const f = { width: size[0], height: size[1], cls: 'compare-chart' };
    expectSnapshot(
      'overlay',
      renderSvg('overlay', (g) =>
        drawSeries(g, size, [{ name: 'A · loss', x, y: [2, 1.5, 1.1, 0.9, 0.8], className: 'run-a' }, { name: 'B · loss', x, y: [2, 1.2, 0.8, 0.6, 0.5], className: 'run-b' }], {
          xLabel: 'step',
          yLabel: 'loss',
          bands: [{ x, lo: [1.8, 1.1, 0.7, 0.5, 0.4], hi: [2.2, 1.3, 0.9, 0.7, 0.6], className: 'run-b' }],
          markers: [{ x: 20, label: 'B heats up', className: 'run-b' }],
        }), f),
    );
    const pr = (ap: number) => ({ ap, pr: { precision: [1, 0.8, 0.5], recall: [0, 0.5, 1] } });
    expectSnapshot('overlay-pr', renderSvg('PR pair', (g) => drawPrPair(g, size, pr(0.71), null), f));
  });

  it("embedding view's SVG over its canvas, with class weights", () => {
    const snap = { step: 40, dim: 2, projection: 'circle' as const, explained: 1, ...cloud(60, 3, 7), weights: [1, 0, -0.5, 0.87, -0.5, -0.87], classNames: ['cat', 'dog', 'bird'] };
    const f = { width: EMBEDDING_SIZE, height: EMBEDDING_SIZE, cls: 'plot' };
    const g = globalThis as { window?: unknown };
    const had = 'window' in g;
    g.window ??= { devicePixelRatio: 1 };
    try {
      expectSnapshot('embedding-overlay', renderSvg('embedding', (svg, box) => drawEmbedding(snap, null, blankCanvas(), svg, box as HTMLDivElement), f));
    } finally {
      if (!had) delete g.window;
    }
  });

  it('embedding (circle, and a PCA view of 12 classes), input plane and timeline as markup', () => {
    const circle = { dim: 2, projection: 'circle' as const, explained: 1, ...cloud(90, 3, 1), classNames: ['cat', 'dog', 'a very long class name'] };
    const e1 = embeddingMarkup(circle, inks, 'step 40 · unit circle');
    expectSnapshot('embedding-circle', standaloneSvg('embedding', e1.markup, file(e1, 'embedding')));
    const pca = { dim: 16, projection: 'pca' as const, explained: 0.43, ...cloud(240, 12, 2, true) };
    const e2 = embeddingMarkup(pca, inks, 'PCA of d=16 (43% of variance)');
    expectSnapshot('embedding-pca', standaloneSvg('embedding', e2.markup, file(e2, 'embedding')));
    const plane: ClassPlane = { size: 4, extent: [-2, 2, -1, 3], classes: new Int32Array(16), ...cloud(12, 3, 3), rule: 'nearest class weight' };
    const p = inputPlaneMarkup(plane, 'data:image/png;base64,AAAA', 300, inks);
    expectSnapshot('input-plane', standaloneSvg('input plane', p.markup, file(p, 'plot')));
    const timeline: EmbeddingAtStep[] = [0, 20, 40, 60].map((step, i) => ({ step, dim: 2, projection: 'circle', ...cloud(30, 3, 10 + i) }));
    const t = timelineMarkup(timeline, 30, inks);
    expectSnapshot('timeline', standaloneSvg('timeline', t.markup, file(t, 'plot')));
  });

  it('the A | B figure', () => {
    const run = (tag: string, step: number, colour: string, seed: number): PairRunData => ({
      tag,
      label: `LN softmax · ${tag}`,
      step,
      colour,
      ink: colour,
      embedding: { dim: 2, projection: 'circle', explained: 1, ...cloud(60, 3, seed), weights: [1, 0, -0.5, 0.87, -0.5, -0.87], step },
      accuracy: 0.9,
      compactness: 0.25,
      loss: { step: [1, 2, 3, 4], value: [2, 1.4, 1.1, 1] },
      metrics: { step: [0, 4], ap: [0.3, 0.7], opis: [0.01, 0.004] },
      pr: { recall: [0, 0.5, 1], precision: [1, 0.9, 0.6], ap: 0.82, step: 4 },
    });
    const fig = pairFigureSvg({
      title: 'Heating up',
      caption: 'B differs from A in: α = 16',
      data: 'blobs',
      link: 'http://x/#b=1&b.alpha=16',
      runs: [run('A', 4, '#0077bb', 5), run('B', 4, '#d8631a', 6)],
      inks,
      background: '#ffffff',
      font: 'system-ui, sans-serif',
    });
    expectSnapshot('pair-figure', fig.text);
  });
});
