/**
 * The page's evaluation plots as standalone SVG files, drawn by the page's own d3 `draw` functions
 * (src/ui/plots) into a DOM made by linkedom — one drawing code for the page and the files. The
 * page's styles are CSS classes; each file carries them in a `<style>` (the plots' rules from
 * evaluation.css and styles.css, with the light theme's colours), so it needs nothing else.
 * Not drawn here: the score distributions (their lines are on a canvas) and the embedding view.
 */
import { parseHTML } from 'linkedom';
import evaluationCss from '../ui/plots/evaluation.css?raw';
import pageCss from '../ui/styles.css?raw';
import { draw as drawPr } from '../ui/plots/PrCurve';
import { draw as drawUtility } from '../ui/plots/UtilityCurves';
import { draw as drawDistance } from '../ui/plots/DistanceHistogram';
import { draw as drawScatter } from '../ui/plots/OpisScatter';
import type { EvalReport } from '../eval/evaluate';
import type { PlaygroundState, RunPoint } from '../state/store';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The plots' viewBox (every evaluation plot of the page is 420 × 260). */
const W = 420;
const H = 260;

/** One figure: a file name and its SVG text. */
export interface Figure {
  file: string;
  title: string;
  svg: string;
}

/** The light theme's variables and the styles.css rules the plots use, with evaluation.css. */
function plotStyle(): string {
  const root = /:root\s*\{([^}]*)\}/.exec(pageCss)?.[1] ?? '';
  const vars = root.split('\n').filter((l) => l.trim().startsWith('--')).join('\n');
  const rules = pageCss.split('\n').filter((l) => /^\.(legend text|axis-label)\b/.test(l.trim()));
  return `svg{${vars}\ncolor:var(--ink);font-family:system-ui,sans-serif;}\n${rules.join('\n')}\n${evaluationCss}`;
}

/** Draws with `paint` into a fresh `<svg>` and returns the standalone file text. */
function render(title: string, paint: (svg: SVGSVGElement, box: HTMLElement) => void): string {
  const { document } = parseHTML('<!doctype html><html><body><figure class="plot eval-plot"></figure></body></html>');
  const box = document.querySelector('figure') as unknown as HTMLElement;
  const svg = document.createElementNS(SVG_NS, 'svg') as unknown as SVGSVGElement;
  box.appendChild(svg);
  paint(svg, box);
  const body = svg.innerHTML;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" class="eval-plot" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">` +
    `<title>${esc(title)}</title><style>${esc(plotStyle())}</style>` +
    `<rect width="${W}" height="${H}" fill="#ffffff"/>${body}</svg>\n`
  );
}

/** The page's state as the evaluation plots read it: this report, nothing pinned. */
function stateOf(report: EvalReport): PlaygroundState {
  return { evaluation: { ...report, step: 0, full: true }, pinned: [] } as unknown as PlaygroundState;
}

/** The evaluation's figures: PR curve, per-class utility curves, pair distance histograms. */
export function evaluationFigures(report: EvalReport): Figure[] {
  const s = stateOf(report);
  return [
    { file: 'pr-curve.svg', title: 'Precision–recall over all pairs', svg: render('Precision–recall over all pairs', (g, b) => drawPr(s, g, b)) },
    { file: 'utility-curves.svg', title: 'Per-class utility over the calibration range', svg: render('Per-class utility over the calibration range', (g, b) => drawUtility(s, g, b)) },
    { file: 'distance-histogram.svg', title: 'Pair distance distributions', svg: render('Pair distance distributions', (g, b) => drawDistance(s, g, b)) },
  ];
}

/** The OPIS-vs-error scatter of TCM Fig. 3, one point per run (the page's scatter). */
export function scatterFigure(points: RunPoint[], file = 'opis-vs-error.svg'): Figure {
  const title = 'Threshold consistency vs error, per run';
  return { file, title, svg: render(title, (g, b) => drawScatter(points, g, b)) };
}
