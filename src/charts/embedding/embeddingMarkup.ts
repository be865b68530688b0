/**
 * The embedding view (EmbeddingPlot.tsx) as SVG markup, without a canvas: its geometry (440 px
 * square, the unit circle for d = 2, else ±(largest |coordinate| + 5 %)), its axes, class legend
 * and caption, with the points as vector circles as the page's SVG export writes them
 * (viewMarkup.ts, svgKit.ts). Pure (no DOM): the command line's embedding figure is drawn by it.
 *
 * The legend stands in a column right of the plotted square, never over the points: the square
 * gives way to it (the figure stays 440 × 440, so every layout and file that holds the view keeps
 * its size). Classes beyond the palette's ten colours are drawn grey beneath the ten largest
 * (../kit/classLegend.ts).
 */
import * as d3 from 'd3';
import { escapeXml, type PointMark } from '../kit/svgKit';
import { axisMarkup, type Inks, type ViewMarkup } from '../viewMarkup';
import { classLegend, colouredPointsMarkup, colouringOf, LEGEND_ROW, type ClassColouring, type ClassLegend } from '../kit/classLegend';
import { otherColour } from '../kit/palette';

/** The view's size (square) and padding, as EmbeddingPlot.tsx draws it. */
export const EMBEDDING_SIZE = 440;
const PAD = 28;
/** The legend's right edge from the view's, and its gap to the plotted square. */
const LEGEND_MARGIN = 4;
const LEGEND_GAP = 8;

/** What the view draws: n items in 2-D with their classes, and how the 2-D view was made. */
export interface EmbeddingPoints {
  dim: number;
  projection: 'circle' | 'pca';
  /** Share of the variance the two axes show (1 on the circle). */
  explained: number;
  /** n × 2 coordinates. */
  points: ArrayLike<number>;
  labels: ArrayLike<number>;
  /** Class names by label (the label numbers where absent). */
  classNames?: readonly string[];
}

/** The view at a training step: the points, and the class weights (m × 2; empty for pair losses). */
export type StepEmbedding = EmbeddingPoints & {
  step: number;
  weights: ArrayLike<number>;
  /** A loaded set's name, which the caption shows instead of the step. */
  label?: string;
};

/** The plotted square (px) and where the legend stands, right of it. */
export interface EmbeddingLayout {
  left: number;
  right: number;
  top: number;
  bottom: number;
  legendX: number;
  legendY: number;
}

/**
 * The plotted square beside a legend `legendWidth` px wide: the legend's right edge 4 px inside
 * the view, the square from the left padding (the y axis's) to 8 px short of the legend, at most
 * the padded square, centred in the padded height.
 */
export function embeddingLayout(legendWidth: number, size = EMBEDDING_SIZE, pad = PAD): EmbeddingLayout {
  const legendX = legendWidth > 0 ? size - LEGEND_MARGIN - legendWidth : size;
  const side = Math.max(size / 3, Math.min(size - 2 * pad, legendX - LEGEND_GAP - pad));
  const top = pad + (size - 2 * pad - side) / 2;
  return { left: pad, right: pad + side, top, bottom: top + side, legendX, legendY: pad };
}

/** Class `c`'s name as the view shows it: the set's name, else the label number. */
export const className = (v: Pick<EmbeddingPoints, 'classNames'>, c: number): string => v.classNames?.[c] ?? String(c);

/** The view's classes: their colouring and legend. */
export function embeddingClasses(v: Pick<EmbeddingPoints, 'labels' | 'classNames'>): { colouring: ClassColouring; legend: ClassLegend } {
  const colouring = colouringOf(v.labels);
  return { colouring, legend: classLegend(colouring, (c) => className(v, c)) };
}

/**
 * The view's square scales (±1.1 around the unit circle, else the largest |coordinate| plus 5 %)
 * onto the plotted square, which gives way to the legend of `v`'s classes where `v` has labels.
 */
export function embeddingScales(
  v: Pick<EmbeddingPoints, 'projection' | 'points'> & Partial<Pick<EmbeddingPoints, 'labels' | 'classNames'>>,
  size = EMBEDDING_SIZE,
  pad = PAD,
) {
  const layout = embeddingLayout(v.labels ? embeddingClasses({ labels: v.labels, classNames: v.classNames }).legend.width : 0, size, pad);
  let extent = 1.1;
  if (v.projection === 'pca') {
    extent = 1e-6;
    for (let i = 0; i < v.points.length; i++) extent = Math.max(extent, Math.abs(v.points[i]));
    extent *= 1.05;
  }
  const x = d3.scaleLinear().domain([-extent, extent]).range([layout.left, layout.right]);
  const y = d3.scaleLinear().domain([-extent, extent]).range([layout.bottom, layout.top]);
  return { x, y, layout };
}

/** The projection as the view's caption says it: "unit circle", "PCA of d=16 (43% of variance)". */
export function projectionText(v: Pick<EmbeddingPoints, 'projection' | 'dim' | 'explained'>): string {
  return v.projection === 'circle' ? 'unit circle' : `PCA of d=${v.dim} (${(v.explained * 100).toFixed(0)}% of variance)`;
}

/**
 * The legend as markup, top-left at (x, y): the note, then a swatch and a text a row (no tooltips:
 * the legend's text is its rows' names alone, as a file's reader and its tests read it).
 */
export function legendMarkup(legend: ClassLegend, x: number, y: number, inks: Inks): string {
  const colour = (slot: number) => (slot < 0 ? otherColour() : inks.colour(slot));
  const top = legend.note ? LEGEND_ROW : 0;
  const note = legend.note ? `<text class="legend-note" y="8" fill="${escapeXml(inks.muted)}" font-style="italic">${escapeXml(legend.note)}</text>` : '';
  const rows = legend.rows.map(
    (r, i) =>
      `<g class="legend-row${r.cls === null ? ' legend-others' : ''}" transform="translate(0,${top + i * LEGEND_ROW})">` +
      `<rect width="9" height="9" fill="${escapeXml(colour(r.slot))}"/><text x="13" y="8" fill="${escapeXml(inks.muted)}">${escapeXml(r.text)}</text></g>`,
  );
  return `<g class="legend" transform="translate(${x},${y})" font-size="11">${note}${rows.join('')}</g>`;
}

/**
 * The view of `v` as markup inside a 440 × 440 `<svg>`: unit circle (d = 2), points as circles at
 * 55 % (the canvas's 3 px squares; classes beyond the palette grey, beneath), axes, the class
 * legend right of the plotted square (names cut at 12 characters; beyond ten classes the ten
 * largest and "N other classes") and `caption` top left. Class weights are not drawn (a set of
 * embeddings has none).
 */
export function embeddingMarkup(v: EmbeddingPoints, inks: Inks, caption: string): ViewMarkup {
  const size = EMBEDDING_SIZE;
  const { x, y, layout } = embeddingScales(v);
  const { colouring, legend } = embeddingClasses(v);
  const marks: PointMark[] = [];
  for (let i = 0; i < v.labels.length; i++) marks.push({ x: x(v.points[2 * i]), y: y(v.points[2 * i + 1]), cls: v.labels[i] });
  const parts = [
    v.projection === 'circle' ? `<circle class="unit-circle" cx="${x(0)}" cy="${y(0)}" r="${x(1) - x(0)}" fill="none" stroke="${escapeXml(inks.line)}"/>` : '',
    colouredPointsMarkup(marks, colouring, inks, { r: 1.7, opacity: 0.55 }),
    axisMarkup(x, 'bottom', layout.bottom, inks.ink),
    axisMarkup(y, 'left', layout.left, inks.ink),
    legendMarkup(legend, layout.legendX, layout.legendY, inks),
    `<text class="caption" x="${PAD + 4}" y="${PAD - 8}" text-anchor="start" font-size="11" fill="${escapeXml(inks.muted)}">${escapeXml(caption)}</text>`,
  ];
  return { markup: parts.join(''), width: size, height: size };
}
