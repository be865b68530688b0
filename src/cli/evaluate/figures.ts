/**
 * The page's evaluation plots as standalone SVG files, drawn by the page's own d3 drawing functions
 * (src/charts/*Chart.ts, each from its view's plain data, built here from the report) into a DOM
 * made by linkedom (src/charts/kit/standalone.ts, which also writes the plots' styles into each file, so
 * it needs nothing else) — one drawing code for the page and the files. What the page paints on a
 * canvas is written as vector paths and circles, as the page's SVG export writes it: the score
 * distributions' query lines (scoreLines.ts) and the embedding's points (charts/embedding/embeddingMarkup.ts,
 * embeddingFigure.ts).
 */
import { drawPr } from '../../charts/prChart';
import { drawUtility } from '../../charts/utilityChart';
import { drawDistance } from '../../charts/distanceChart';
import { drawOpisScatter as drawScatter } from '../../charts/opisChart';
import { drawScores } from '../../charts/scoreChart';
import { drawThreshold, THRESHOLD_SIZE } from '../../charts/thresholdChart';
import { drawRoc } from '../../charts/rocChart';
import { farLabel, thresholdView } from '../../charts/thresholdView';
import { queryLinesMarkup } from '../../charts/scoreLines';
import { classColour } from '../../charts/kit/palette';
import { LIGHT } from '../../charts/kit/theme';
import { PLOT_FILE, renderSvg, standaloneSvg, type FileFrame } from '../../charts/kit/standalone';
import { embeddingView, type EmbeddedItems } from './embeddingFigure';
import type { EvalReport } from '../../eval/report';
import type { RunPoint } from '../../state/store';

/** The threshold tool's chart is lower (thresholdChart.ts). */
const THRESHOLD_H = THRESHOLD_SIZE[1];

/** One figure: a file name and its SVG text. */
export interface Figure {
  file: string;
  title: string;
  svg: string;
  /** The report section it illustrates, where not the figures' own ('threshold': the per-class rates table). */
  section?: 'threshold';
}

/** A figure drawn by `paint` into a fresh `<svg>`. */
function figure(file: string, title: string, paint: (svg: SVGSVGElement, box: HTMLElement) => void, f?: FileFrame, under?: string): () => Figure {
  return () => ({ file, title, svg: renderSvg(title, paint, f, under) });
}

/**
 * The evaluation's figures, as the page's evaluation view shows them: PR curve, per-class utility
 * curves, ROC / DET, pair distance histograms, per-query score distributions, the threshold tool's chart at
 * each of `fars` (the --far rates) and the embedding of `set` (the items evaluated for `report`).
 * Each is drawn when called, so a caller can take a turn of its event loop between them.
 */
export function evaluationFigureMakers(report: EvalReport, set: EmbeddedItems, fars: readonly number[]): (() => Figure)[] {
  // Each view's plain data from the report, as the page builds it from its state: the set's class
  // names (the report itself may have none), nothing pinned (a file shows this evaluation alone).
  const classNames = set.classNames;
  const sd = report.scoreDistribution;
  return [
    figure('pr-curve.svg', 'Precision–recall over all pairs', (g, b) => drawPr(g, b, { evaluation: report, pinned: [] })),
    figure('utility-curves.svg', 'Per-class utility over the calibration range', (g, b) => drawUtility(g, b, { utility: report.utility, calibration: report.calibration, opis: report.opis, epsOpis: report.epsOpis, classNames })),
    figure('roc.svg', 'ROC / DET: true accepts against false accepts', (g) => drawRoc(g, report.roc ?? null)),
    figure('distance-histogram.svg', 'Pair distance distributions', (g, b) => drawDistance(g, b, report.distance)),
    figure('score-distribution.svg', `Score distribution per query (${sd.perQuery.length} queries)`, (g, b) => drawScores(g, b, sd), PLOT_FILE, queryLinesMarkup(sd)),
    ...fars.map((far) => () => ({
      ...figure(`threshold-far-${far}.svg`, `One threshold for every class: per-class FAR and FRR at global ${farLabel(far)}`, (g, b) => drawThreshold(g, b, thresholdView({ operating: report.operating, classNames }, far)), {
        width: PLOT_FILE.width,
        height: THRESHOLD_H,
        cls: 'eval-plot threshold-tool',
      })(),
      section: 'threshold' as const,
    })),
    () => {
      const emb = embeddingView(set, { colour: classColour, ink: LIGHT['--ink'], muted: LIGHT['--muted'], line: LIGHT['--circle'] });
      return { file: 'embedding.svg', title: emb.title, svg: standaloneSvg(emb.title, emb.view.markup, { width: emb.view.width, height: emb.view.height, cls: 'embedding' }) };
    },
  ];
}

/** The OPIS-vs-error scatter of TCM Fig. 3, one point per run (the page's scatter). */
export function scatterFigure(points: RunPoint[], file = 'opis-vs-error.svg'): Figure {
  const title = 'Threshold consistency vs error, per run';
  return { file, title, svg: renderSvg(title, (g, b) => drawScatter(points, g, b)) };
}
