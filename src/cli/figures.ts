/**
 * The page's evaluation plots as standalone SVG files, drawn by the page's own d3 drawing functions
 * (src/charts/*Chart.ts, each from its view's plain data, built here from the report) into a DOM
 * made by linkedom — one drawing code for the page and the files. The page's styles are CSS
 * classes; each file carries them in a `<style>` (the plots' rules from evaluation.css,
 * thresholdTool.css and styles.css, with the light theme's colours), so it needs nothing else. What the page paints on a canvas is written as vector paths and circles, as the
 * page's SVG export writes it: the score distributions' query lines (scoreLines.ts) and the
 * embedding's points (embeddingMarkup.ts, embeddingFigure.ts).
 */
import { parseHTML } from 'linkedom';
import evaluationCss from '../ui/plots/evaluation.css?raw';
import thresholdCss from '../ui/plots/thresholdTool.css?raw';
import pageCss from '../ui/styles.css?raw';
import { drawPr } from '../charts/prChart';
import { drawUtility } from '../charts/utilityChart';
import { drawDistance } from '../charts/distanceChart';
import { drawOpisScatter as drawScatter } from '../charts/opisChart';
import { drawScores } from '../charts/scoreChart';
import { drawThreshold, THRESHOLD_SIZE } from '../charts/thresholdChart';
import { drawRoc } from '../charts/rocChart';
import { farLabel, thresholdView } from '../charts/thresholdView';
import { queryLinesMarkup } from '../charts/scoreLines';
import { classColour } from '../charts/palette';
import { embeddingView, type EmbeddedItems } from './embeddingFigure';
import type { EvalReport } from '../eval/evaluate';
import type { RunPoint } from '../state/store';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The plots' viewBox (every evaluation plot of the page is 420 × 260). */
const W = 420;
const H = 260;
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

/** The light theme's CSS variables (styles.css :root), by name. */
function lightVars(): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(pageCss)?.[1] ?? '';
  return new Map(Array.from(root.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g), (m) => [m[1], m[2].trim()]));
}

/** The light theme's variables and the styles.css rules the plots use, with evaluation.css and thresholdTool.css. */
function plotStyle(): string {
  const vars = Array.from(lightVars(), ([k, v]) => `${k}: ${v};`).join('\n');
  const rules = pageCss.split('\n').filter((l) => /^\.(legend text|axis-label)\b/.test(l.trim()));
  return `svg{${vars}\ncolor:var(--ink);font-family:system-ui,sans-serif;}\n${rules.join('\n')}\n${evaluationCss}\n${thresholdCss}`;
}

/** A file's size and root class (the page's figure classes that its styles select on). */
interface Frame {
  width: number;
  height: number;
  cls: string;
}
const PLOT: Frame = { width: W, height: H, cls: 'eval-plot' };

/** The standalone file: `body` (markup inside the `<svg>`) on white, with its title and the plots' styles. */
function standalone(title: string, body: string, f: Frame): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" class="${f.cls}" viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" role="img">` +
    `<title>${esc(title)}</title><style>${esc(plotStyle())}</style>` +
    `<rect width="${f.width}" height="${f.height}" fill="#ffffff"/>${body}</svg>\n`
  );
}

/** Draws with `paint` into a fresh `<svg>` (over `under`, markup of what the page paints on a canvas) and returns the file text. */
function render(title: string, paint: (svg: SVGSVGElement, box: HTMLElement) => void, f: Frame = PLOT, under = ''): string {
  const { document } = parseHTML(`<!doctype html><html><body><figure class="plot ${f.cls}"></figure></body></html>`);
  const box = document.querySelector('figure') as unknown as HTMLElement;
  const svg = document.createElementNS(SVG_NS, 'svg') as unknown as SVGSVGElement;
  box.appendChild(svg);
  paint(svg, box);
  return standalone(title, under + svg.innerHTML, f);
}

/** A figure drawn by `paint` into a fresh `<svg>`. */
function figure(file: string, title: string, paint: (svg: SVGSVGElement, box: HTMLElement) => void, f?: Frame, under?: string): Figure {
  return { file, title, svg: render(title, paint, f, under) };
}

/**
 * The evaluation's figures, as the page's evaluation view shows them: PR curve, per-class utility
 * curves, ROC / DET, pair distance histograms, per-query score distributions, the threshold tool's chart at
 * each of `fars` (the --far rates) and the embedding of `set` (the items evaluated for `report`).
 */
export function evaluationFigures(report: EvalReport, set: EmbeddedItems, fars: readonly number[]): Figure[] {
  // Each view's plain data from the report, as the page builds it from its state: the set's class
  // names (the report itself may have none), nothing pinned (a file shows this evaluation alone).
  const classNames = set.classNames;
  const sd = report.scoreDistribution;
  const vars = lightVars();
  const ink = (name: string) => vars.get(name) ?? '#1f2328';
  const emb = embeddingView(set, { colour: classColour, ink: ink('--ink'), muted: ink('--muted'), line: ink('--circle') });
  return [
    figure('pr-curve.svg', 'Precision–recall over all pairs', (g, b) => drawPr(g, b, { evaluation: report, pinned: [] })),
    figure('utility-curves.svg', 'Per-class utility over the calibration range', (g, b) => drawUtility(g, b, { utility: report.utility, calibration: report.calibration, opis: report.opis, epsOpis: report.epsOpis, classNames })),
    figure('roc.svg', 'ROC / DET: true accepts against false accepts', (g) => drawRoc(g, report.roc ?? null)),
    figure('distance-histogram.svg', 'Pair distance distributions', (g, b) => drawDistance(g, b, report.distance)),
    figure('score-distribution.svg', `Score distribution per query (${sd.perQuery.length} queries)`, (g, b) => drawScores(g, b, sd), PLOT, queryLinesMarkup(sd)),
    ...fars.map((far) => ({
      ...figure(`threshold-far-${far}.svg`, `One threshold for every class: per-class FAR and FRR at global ${farLabel(far)}`, (g, b) => drawThreshold(g, b, thresholdView({ operating: report.operating, classNames }, far)), {
        width: W,
        height: THRESHOLD_H,
        cls: 'eval-plot threshold-tool',
      }),
      section: 'threshold' as const,
    })),
    { file: 'embedding.svg', title: emb.title, svg: standalone(emb.title, emb.view.markup, { width: emb.view.width, height: emb.view.height, cls: 'embedding' }) },
  ];
}

/** The OPIS-vs-error scatter of TCM Fig. 3, one point per run (the page's scatter). */
export function scatterFigure(points: RunPoint[], file = 'opis-vs-error.svg'): Figure {
  const title = 'Threshold consistency vs error, per run';
  return { file, title, svg: render(title, (g, b) => drawScatter(points, g, b)) };
}
