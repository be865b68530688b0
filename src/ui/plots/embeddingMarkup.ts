/**
 * The embedding view (EmbeddingPlot.tsx) as SVG markup, without a canvas: its geometry (440 px
 * square, 28 px pad, the unit circle for d = 2, else ±(largest |coordinate| + 5 %)), its axes,
 * legend and caption, with the points as vector circles as the page's SVG export writes them
 * (viewMarkup.ts, svgKit.ts). Pure (no DOM): the command line's embedding figure is drawn by it.
 */
import * as d3 from 'd3';
import { escapeXml, pointsMarkup, type PointMark } from '../exports/svgKit';
import { axisMarkup, classLegend, presentClasses, type Inks, type ViewMarkup } from '../exports/viewMarkup';

/** The view's size (square) and padding, as EmbeddingPlot.tsx draws it. */
export const EMBEDDING_SIZE = 440;
const PAD = 28;
/** Legend rows at most; the rest of the classes are counted. */
const LEGEND_ROWS = 12;

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

/** The view's square scales: ±1.1 around the unit circle, else the largest |coordinate| plus 5 %. */
export function embeddingScales(v: Pick<EmbeddingPoints, 'projection' | 'points'>, size = EMBEDDING_SIZE, pad = PAD) {
  let extent = 1.1;
  if (v.projection === 'pca') {
    extent = 1e-6;
    for (let i = 0; i < v.points.length; i++) extent = Math.max(extent, Math.abs(v.points[i]));
    extent *= 1.05;
  }
  const x = d3.scaleLinear().domain([-extent, extent]).range([pad, size - pad]);
  const y = d3.scaleLinear().domain([-extent, extent]).range([size - pad, pad]);
  return { x, y };
}

/** The projection as the view's caption says it: "unit circle", "PCA of d=16 (43% of variance)". */
export function projectionText(v: Pick<EmbeddingPoints, 'projection' | 'dim' | 'explained'>): string {
  return v.projection === 'circle' ? 'unit circle' : `PCA of d=${v.dim} (${(v.explained * 100).toFixed(0)}% of variance)`;
}

/**
 * The view of `v` as markup inside a 440 × 440 `<svg>`: unit circle (d = 2), points as circles at
 * 55 % (the canvas's 3 px squares), axes, a class legend (names cut at 12 characters, at most 12
 * rows) and `caption` top left. Class weights are not drawn (a set of embeddings has none).
 */
export function embeddingMarkup(v: EmbeddingPoints, inks: Inks, caption: string): ViewMarkup {
  const size = EMBEDDING_SIZE;
  const { x, y } = embeddingScales(v);
  const marks: PointMark[] = [];
  for (let i = 0; i < v.labels.length; i++) marks.push({ x: x(v.points[2 * i]), y: y(v.points[2 * i + 1]), cls: v.labels[i] });
  const present = presentClasses(v.labels);
  const more = present.length > LEGEND_ROWS ? present.length - (LEGEND_ROWS - 1) : 0;
  const listed = more ? present.slice(0, LEGEND_ROWS - 1) : present;
  const name = (c: number) => {
    const t = v.classNames?.[c] ?? String(c);
    return t.length > 12 ? `${t.slice(0, 11)}…` : t;
  };
  const wide = Math.max(2, ...listed.map((c) => name(c).length));
  const legendX = size - PAD - Math.max(30, 16 + Math.min(12, wide) * 6);
  const text = (cls: string, at: string, anchor: string, t: string) =>
    `<text class="${cls}" ${at} text-anchor="${anchor}" font-size="11" fill="${escapeXml(inks.muted)}">${escapeXml(t)}</text>`;
  const parts = [
    v.projection === 'circle' ? `<circle class="unit-circle" cx="${x(0)}" cy="${y(0)}" r="${x(1) - x(0)}" fill="none" stroke="${escapeXml(inks.line)}"/>` : '',
    pointsMarkup(marks, inks.colour, { r: 1.7, opacity: 0.55 }),
    axisMarkup(x, 'bottom', size - PAD, inks.ink),
    axisMarkup(y, 'left', PAD, inks.ink),
    classLegend(listed, legendX, PAD, inks, name),
    more ? text('legend-more', `x="${size - PAD}" y="${PAD + listed.length * 14 + 8}"`, 'end', `+ ${more} more classes`) : '',
    text('caption', `x="${PAD + 4}" y="${PAD - 8}"`, 'start', caption),
  ];
  return { markup: parts.join(''), width: size, height: size };
}
