/**
 * A comparison saved as ONE figure ("save the lesson"): runs A and B side by side — their
 * embeddings, each under its run's label and step — and below them the loss, PR-AUC/OPIS over
 * training and the PR curves with A and B overlaid in their two colours, under a title band that
 * says what is compared. Drawn from plain data (no DOM, no page styles: every colour and size is written
 * into the markup), so the file opens anywhere and the drawing is unit-tested; the page gathers the
 * data (pairRunData in src/ui/compare/PairExportButtons.tsx) and the colours, and turns the SVG into a PNG as every export does.
 */
import * as d3 from 'd3';
import { downsample } from './kit/series';
import { embeddingMarkup, embeddingScales, projectionText, EMBEDDING_SIZE, type StepEmbedding } from './embedding/embeddingMarkup';
import { SVG_NS, escapeXml, titleBand, type TextRun } from './kit/svgKit';
import { axisMarkup, type Inks } from './viewMarkup';
import { overlayScales } from './pairChart';

/** One run of the pair, as plain data. */
export interface PairRunData {
  /** 'A' or 'B'. */
  tag: string;
  /** The run in words, without its step: a preset run's label or the configuration's summary. */
  label: string;
  /** The step the run is at (its curves end there). */
  step: number;
  /** The colour of its lines (the page's .run-a / .run-b) and of its name in text (readable on the background). */
  colour: string;
  ink: string;
  /** The embedding shown (at `embedding.step`, which may lag `step` by a refresh), with the class weights (m × 2; empty for pair losses). */
  embedding: StepEmbedding | null;
  accuracy: number | null;
  compactness: number | null;
  loss: { step: ArrayLike<number>; value: ArrayLike<number> };
  /** The periodic evaluations: PR-AUC and OPIS over steps. */
  metrics: { step: ArrayLike<number>; ap: ArrayLike<number>; opis: ArrayLike<number> };
  /** The latest evaluation's PR curve, its AP and step; null before the first. */
  pr: { recall: ArrayLike<number>; precision: ArrayLike<number>; ap: number; step: number } | null;
}

/** The whole figure. */
export interface PairFigureSpec {
  /** What is compared: a preset's title or the comparison in words. */
  title: string;
  /** What B changes ("B differs from A in: α = 4"). */
  caption: string;
  /** The data set in words. */
  data: string;
  /** The run's link (written into the file's description). */
  link: string;
  runs: readonly [PairRunData, PairRunData];
  inks: Inks;
  background: string;
  font: string;
}

/** A standalone SVG file: its text and its size in px. */
export interface PairFigure {
  text: string;
  width: number;
  height: number;
}

/** Room beside each embedding view for its axis labels. */
const SIDE = 14;
/** Width of one run's column, and of the figure: two embedding views side by side. */
const COLUMN = EMBEDDING_SIZE + 2 * SIDE;
export const PAIR_WIDTH = 2 * COLUMN;
const LABEL_H = 24;
const STATS_H = 18;
const CHART_H = 220;

/** A run's name with its step, as every label of the figure says it: "α = 4 · step 40". */
export const runWithStep = (r: Pick<PairRunData, 'label' | 'step'>) => `${r.label} · step ${r.step}`;

const fmt = (v: number | null, f: (v: number) => string) => (v !== null && Number.isFinite(v) ? f(v) : '—');

/** One series of an overlay chart. */
interface Line {
  name: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  colour: string;
  dashed?: boolean;
  run: string;
}

/**
 * An overlay chart (the comparison view's loss, metrics and PR charts) as markup at (0, 0) of
 * `width` × `height`: its title, a legend (two entries a row), axes and one path per non-empty series.
 */
export function overlayMarkup(
  lines: readonly Line[],
  opts: { width: number; height: number; title: string; xLabel: string; yLabel: string; xDomain?: [number, number]; yDomain?: [number, number] },
  inks: Inks,
): string {
  const { width: W, height: H } = opts;
  // Two legend entries a row where the names are short, else one.
  const perRow = lines.every((l) => l.name.length <= 16) ? 2 : 1;
  const legendRows = Math.ceil(lines.length / perRow);
  const M = { top: 22 + 13 * legendRows, right: 12, bottom: 32, left: 46 };
  const { x, y } = overlayScales(lines, [W, H], M, opts);
  const column = (W - M.left - M.right) / perRow;
  const legend = lines.map((l, i) => {
    const tx = M.left + (i % perRow) * column;
    const ty = 20 + Math.floor(i / perRow) * 13;
    return (
      `<g class="legend-row" transform="translate(${tx},${ty})"><line x1="0" x2="14" y1="-3.5" y2="-3.5" stroke="${escapeXml(l.colour)}" stroke-width="2"${l.dashed ? ' stroke-dasharray="4 2"' : ''}/>` +
      `<text x="18" y="0" font-size="10" fill="${escapeXml(inks.muted)}">${escapeXml(l.name)}</text></g>`
    );
  });
  const path = d3
    .line<[number, number]>()
    .defined((d) => Number.isFinite(d[1]))
    .x((d) => Math.round(x(d[0]) * 100) / 100)
    .y((d) => Math.round(y(d[1]) * 100) / 100);
  const paths = lines
    .filter((l) => l.x.length > 0)
    .map(
      (l) =>
        `<path class="pair-line run-${escapeXml(l.run.toLowerCase())}" data-points="${l.x.length}" d="${path(downsample(l.x, l.y)) ?? ''}" fill="none" stroke="${escapeXml(l.colour)}" stroke-width="1.6"${l.dashed ? ' stroke-dasharray="5 3"' : ''}/>`,
    );
  // A short series (a few evaluations) also gets a dot per point: one evaluation is a point, not an invisible line.
  const dots = lines
    .filter((l) => l.x.length > 0 && l.x.length <= 12)
    .map((l) => {
      const pts = downsample(l.x, l.y).filter(([, v]) => Number.isFinite(v));
      const circles = pts.map(([px, py]) => `<circle cx="${Math.round(x(px) * 100) / 100}" cy="${Math.round(y(py) * 100) / 100}" r="2"/>`);
      return `<g class="pair-dots" fill="${escapeXml(l.colour)}" stroke="none">${circles.join('')}</g>`;
    });
  return [
    `<text class="chart-title" x="${M.left}" y="11" font-size="12" font-weight="600" fill="${escapeXml(inks.ink)}">${escapeXml(opts.title)}</text>`,
    legend.join(''),
    axisMarkup(x, 'bottom', H - M.bottom, inks.ink, 5),
    axisMarkup(y, 'left', M.left, inks.ink, 4),
    `<text class="axis-label" x="${W - M.right}" y="${H - 3}" text-anchor="end" font-size="11" fill="${escapeXml(inks.muted)}">${escapeXml(opts.xLabel)}</text>`,
    `<text class="axis-label" transform="translate(11,${M.top}) rotate(-90)" text-anchor="end" font-size="11" fill="${escapeXml(inks.muted)}">${escapeXml(opts.yLabel)}</text>`,
    ...paths,
    ...dots,
  ].join('');
}

/** Class weights as diamonds at 0.9 of their unit length (HU Fig. 3), through the view's scales. */
function diamondsMarkup(v: NonNullable<PairRunData['embedding']>, inks: Inks): string {
  const { x, y } = embeddingScales(v);
  const shape = d3.symbol(d3.symbolDiamond, 90)() ?? '';
  const out: string[] = [];
  for (let c = 0; c < v.weights.length / 2; c++) {
    const px = Math.round(x(0.9 * v.weights[2 * c]) * 100) / 100;
    const py = Math.round(y(0.9 * v.weights[2 * c + 1]) * 100) / 100;
    out.push(`<path d="${shape}" transform="translate(${px},${py})" fill="${escapeXml(inks.colour(c))}" stroke="${escapeXml(inks.ink)}" stroke-width="1"/>`);
  }
  return out.length ? `<g class="weights">${out.join('')}</g>` : '';
}

/** One run's column of the top row: its label and step, its embedding, its accuracy and compactness. */
function runPanel(r: PairRunData, inks: Inks): string {
  const label =
    `<text class="pair-run-label" data-run="${escapeXml(r.tag)}" x="10" y="17" font-size="13" fill="${escapeXml(inks.ink)}">` +
    `<tspan font-weight="700" fill="${escapeXml(r.ink)}">${escapeXml(r.tag)}</tspan><tspan>: ${escapeXml(runWithStep(r))}</tspan></text>`;
  let body: string;
  if (r.embedding) {
    const e = r.embedding;
    const caption = `step ${e.step} · ${projectionText(e)}${e.weights.length > 0 ? ', class weights ◆' : ''}`;
    body = `<g transform="translate(0,${LABEL_H})">${embeddingMarkup(e, inks, caption).markup}${diamondsMarkup(e, inks)}</g>`;
  } else {
    body = `<text x="${EMBEDDING_SIZE / 2}" y="${LABEL_H + EMBEDDING_SIZE / 2}" text-anchor="middle" font-size="12" fill="${escapeXml(inks.muted)}">no embedding yet</text>`;
  }
  const stats = `accuracy ${fmt(r.accuracy, (v) => `${(v * 100).toFixed(1)}%`)} · compactness ${fmt(r.compactness, (v) => v.toFixed(3))}`;
  const statsText = `<text class="pair-run-stats" x="10" y="${LABEL_H + EMBEDDING_SIZE + 13}" font-size="11" fill="${escapeXml(inks.muted)}">${escapeXml(stats)}</text>`;
  return label + body + statsText;
}

/** The comparison as one standalone SVG file. */
export function pairFigureSvg(spec: PairFigureSpec): PairFigure {
  const [a, b] = spec.runs;
  const { inks } = spec;
  const W = PAIR_WIDTH;
  // Each run is named with its step above its own panel, in its colour.
  const title: TextRun[] = [{ text: `A | B · ${spec.title}` }];
  const band = titleBand({ title, caption: spec.caption, run: `Metric Playground · runs A and B compared · ${spec.data}`, width: W, ink: inks.ink, muted: inks.muted, font: spec.font });
  const panelsY = band.height;
  const panelH = LABEL_H + EMBEDDING_SIZE + STATS_H;
  const chartsY = panelsY + panelH + 8;
  const cw = Math.floor(W / 3);
  const both = (f: (r: PairRunData) => Omit<Line, 'colour' | 'run'>, dashed = false): Line[] => spec.runs.map((r) => ({ ...f(r), colour: r.colour, run: r.tag, dashed }));
  const charts = [
    overlayMarkup(
      both((r) => ({ name: `${r.tag} loss`, x: r.loss.step, y: r.loss.value })),
      { width: cw, height: CHART_H, title: 'Training loss', xLabel: 'step', yLabel: 'loss' },
      inks,
    ),
    overlayMarkup(
      [
        ...both((r) => ({ name: `${r.tag} PR-AUC`, x: r.metrics.step, y: r.metrics.ap })),
        ...both((r) => ({ name: `${r.tag} OPIS ×100`, x: r.metrics.step, y: Array.from(r.metrics.opis, (v) => 100 * v) }), true),
      ],
      { width: cw, height: CHART_H, title: 'PR-AUC and OPIS over training', xLabel: 'step', yLabel: 'value', yDomain: [0, 1] },
      inks,
    ),
    overlayMarkup(
      both((r) => ({ name: r.pr ? `${r.tag} · AP ${r.pr.ap.toFixed(3)} (step ${r.pr.step})` : `${r.tag} · no evaluation yet`, x: r.pr?.recall ?? [], y: r.pr?.precision ?? [] })),
      { width: cw, height: CHART_H, title: 'Precision–recall over all pairs', xLabel: 'recall', yLabel: 'precision', xDomain: [0, 1], yDomain: [0, 1] },
      inks,
    ),
  ];
  const H = chartsY + CHART_H + 6;
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${escapeXml(spec.font)}">` +
    `<desc>${escapeXml(`Saved from Metric Playground: A | B, ${runWithStep(a)} against ${runWithStep(b)}; the runs: ${spec.link}`)}</desc>` +
    `<rect class="export-background" width="${W}" height="${H}" fill="${escapeXml(spec.background)}"/>` +
    band.markup +
    spec.runs.map((r, i) => `<g class="pair-panel" data-run="${escapeXml(r.tag)}" transform="translate(${i * COLUMN + SIDE},${panelsY})">${runPanel(r, inks)}</g>`).join('') +
    `<line x1="${COLUMN}" x2="${COLUMN}" y1="${panelsY + 4}" y2="${panelsY + panelH - 4}" stroke="${escapeXml(inks.line)}"/>` +
    charts.map((c, i) => `<g class="pair-chart" transform="translate(${i * cw},${chartsY})">${c}</g>`).join('') +
    `</svg>\n`;
  return { text, width: W, height: H };
}
