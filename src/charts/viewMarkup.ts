/**
 * SVG markup for the parts of views that the page paints on a canvas (thousands of points): the
 * embedding's points, the input plane, and the embedding timeline as small multiples. Built from the
 * same data the canvas was painted from, as vector circles, so the file holds the points themselves.
 * Pure (no DOM): the class map of the input plane comes in as an image URL.
 */
import * as d3 from 'd3';
import type { Extent } from '../eval/views/inputPlane';
import { escapeXml, pointsMarkup, spreadIndices, type LinearMap, type PointMark } from './kit/svgKit';
import { colouredPointsMarkup, colouringOf } from './kit/classLegend';

/** The evaluation items in 2-D at a training step, as a run's snapshot holds them. */
export interface EmbeddingAtStep {
  step: number;
  dim: number;
  projection: 'circle' | 'pca';
  /** n × 2 coordinates. */
  points: ArrayLike<number>;
  labels: ArrayLike<number>;
}

/** A toy set's input plane: the class the model assigns to each cell, and training points to draw over it. */
export interface ClassPlane {
  /** Cells per side; `classes` holds size × size class indices, row by row from the top (-1: none). */
  size: number;
  extent: Extent;
  classes: ArrayLike<number>;
  /** A sample of training points (n × 2) and their labels. */
  points: ArrayLike<number>;
  labels: ArrayLike<number>;
  /** How a cell's class is assigned, in words. */
  rule: string;
}

/** Colours the builders need: class colours, and the page's ink, muted ink and rule line. */
export interface Inks {
  colour: (cls: number) => string;
  ink: string;
  muted: string;
  line: string;
}

/** An axis (domain line, ticks and labels) of a linear scale, as d3.axisBottom / axisLeft would draw it. */
export function axisMarkup(scale: d3.ScaleLinear<number, number>, orient: 'bottom' | 'left', at: number, ink: string, ticks = 5): string {
  const [r0, r1] = scale.range();
  const format = scale.tickFormat(ticks);
  const bottom = orient === 'bottom';
  const domain = bottom ? `M${r0},${at + 6}V${at}H${r1}V${at + 6}` : `M${at - 6},${r0}H${at}V${r1}H${at - 6}`;
  const marks = scale.ticks(ticks).map((v) => {
    const p = Math.round(scale(v) * 100) / 100;
    return bottom
      ? `<line x1="${p}" x2="${p}" y1="${at}" y2="${at + 6}"/><text x="${p}" y="${at + 17}" text-anchor="middle" stroke="none">${escapeXml(format(v))}</text>`
      : `<line x1="${at - 6}" x2="${at}" y1="${p}" y2="${p}"/><text x="${at - 9}" y="${p + 3.5}" text-anchor="end" stroke="none">${escapeXml(format(v))}</text>`;
  });
  return `<g class="axis ${orient}" fill="${escapeXml(ink)}" stroke="${escapeXml(ink)}" font-size="10"><path d="${domain}" fill="none"/>${marks.join('')}</g>`;
}

/** A column of class swatches with their labels, top-left at (x, y). */
export function classLegend(classes: readonly number[], x: number, y: number, inks: Inks, label = (c: number) => String(c)): string {
  const rows = classes.map(
    (c, i) =>
      `<g transform="translate(0,${i * 14})"><rect width="9" height="9" fill="${escapeXml(inks.colour(c))}"/><text x="13" y="8" fill="${escapeXml(inks.muted)}">${escapeXml(label(c))}</text></g>`,
  );
  return `<g class="legend" transform="translate(${x},${y})" font-size="11">${rows.join('')}</g>`;
}

/** The classes that occur in `labels`, ascending. */
export const presentClasses = (labels: ArrayLike<number>): number[] => Array.from(new Set(Array.from(labels))).sort((a, b) => a - b);

/** Point marks of an n × 2 array through two maps. */
function marks(points: ArrayLike<number>, labels: ArrayLike<number>, x: LinearMap, y: LinearMap): PointMark[] {
  const out: PointMark[] = [];
  for (let i = 0; i < labels.length; i++) out.push({ x: x(points[2 * i]), y: y(points[2 * i + 1]), cls: labels[i] });
  return out;
}

/**
 * The embedding plot's canvas layer as vector points (the page's 3 px squares at 55 % become
 * circles at 55 %), with the faint pre-heating-up embedding behind, through the plot's own scales.
 */
export function embeddingPointsMarkup(snap: EmbeddingAtStep, ghost: EmbeddingAtStep | null, x: LinearMap, y: LinearMap, inks: Inks): string {
  const behind = ghost ? pointsMarkup(marks(ghost.points, ghost.labels, x, y), () => inks.ink, { r: 1.5, opacity: 0.12, className: 'ghost-points' }) : '';
  return behind + colouredPointsMarkup(marks(snap.points, snap.labels, x, y), colouringOf(snap.labels), inks, { r: 1.7, opacity: 0.55 });
}

/** A rendered view: markup of the inside of an `<svg>` of this size. */
export interface ViewMarkup {
  markup: string;
  width: number;
  height: number;
}

/**
 * The input plane: the class map (an opaque image of `size` px square, `mapHref`, drawn at 35 %) under the training
 * points as circles with a white ring, with axes in input coordinates and a class legend.
 */
export function inputPlaneMarkup(plane: ClassPlane, mapHref: string, size: number, inks: Inks): ViewMarkup {
  const M = { top: 10, right: 76, bottom: 44, left: 44 };
  const [x0, x1, y0, y1] = plane.extent;
  const x = d3.scaleLinear().domain([x0, x1]).range([M.left, M.left + size]);
  const y = d3.scaleLinear().domain([y0, y1]).range([M.top + size, M.top]);
  const width = M.left + size + M.right;
  const height = M.top + size + M.bottom;
  const parts = [
    `<image href="${escapeXml(mapHref)}" x="${M.left}" y="${M.top}" width="${size}" height="${size}" preserveAspectRatio="none" opacity="0.35"/>`,
    `<rect x="${M.left}" y="${M.top}" width="${size}" height="${size}" fill="none" stroke="${escapeXml(inks.line)}"/>`,
    pointsMarkup(marks(plane.points, plane.labels, x, y), inks.colour, { r: 2.6, opacity: 1, stroke: 'rgba(255,255,255,0.9)', strokeWidth: 0.8 }),
    axisMarkup(x, 'bottom', M.top + size, inks.ink),
    axisMarkup(y, 'left', M.left, inks.ink),
    `<text class="axis-label" x="${M.left + size}" y="${M.top + size + 30}" text-anchor="end" font-size="11" fill="${escapeXml(inks.muted)}">input x₁</text>`,
    `<text class="axis-label" transform="translate(12,${M.top}) rotate(-90)" text-anchor="end" font-size="11" fill="${escapeXml(inks.muted)}">input x₂</text>`,
    `<text class="plot-note" x="${M.left}" y="${height - 4}" font-size="11" fill="${escapeXml(inks.muted)}">Background: ${escapeXml(plane.rule)}; dots: training points.</text>`,
    classLegend(presentClasses(plane.labels), M.left + size + 14, M.top + 4, inks, (c) => `class ${c}`),
  ];
  return { markup: parts.join(''), width, height };
}

/** Panels of the timeline's small multiples, at most. */
export const TIMELINE_PANELS = 6;

/**
 * The embedding timeline as small multiples: up to six snapshots evenly over training (the first
 * and the latest always), each with its step and, after the heating-up switch, a mark saying so.
 */
export function timelineMarkup(timeline: readonly EmbeddingAtStep[], heatAt: number | null, inks: Inks): ViewMarkup {
  const idx = spreadIndices(timeline.length, TIMELINE_PANELS);
  const P = 150;
  const M = { top: 18, right: 8, bottom: 26, left: 34 };
  const cell = { w: M.left + P + M.right, h: M.top + P + M.bottom };
  const cols = Math.min(3, idx.length);
  const rows = Math.ceil(idx.length / 3);
  const panels = idx.map((ti, k) => {
    const snap = timeline[ti];
    let extent = 1.1;
    if (snap.projection === 'pca') {
      extent = 1e-6;
      for (let i = 0; i < snap.points.length; i++) extent = Math.max(extent, Math.abs(snap.points[i]));
      extent *= 1.05;
    }
    const x = d3.scaleLinear().domain([-extent, extent]).range([M.left, M.left + P]);
    const y = d3.scaleLinear().domain([-extent, extent]).range([M.top + P, M.top]);
    const heated = heatAt !== null && snap.step > heatAt;
    const circle = snap.projection === 'circle' ? `<circle cx="${x(0)}" cy="${y(0)}" r="${x(1) - x(0)}" fill="none" stroke="${escapeXml(inks.line)}"/>` : '';
    const label = `step ${snap.step}${heated ? ' · after heating-up' : ''}${snap.projection === 'pca' ? ` · PCA of d=${snap.dim}` : ''}`;
    return (
      `<g class="timeline-panel" data-step="${snap.step}" transform="translate(${(k % 3) * cell.w},${Math.floor(k / 3) * cell.h})">` +
      `<rect x="${M.left}" y="${M.top}" width="${P}" height="${P}" fill="none" stroke="${escapeXml(inks.line)}"/>${circle}` +
      pointsMarkup(marks(snap.points, snap.labels, x, y), inks.colour, { r: 1.3, opacity: 0.55 }) +
      axisMarkup(x, 'bottom', M.top + P, inks.ink, 3) +
      axisMarkup(y, 'left', M.left, inks.ink, 3) +
      `<text class="panel-label" x="${M.left}" y="${M.top - 5}" font-size="11" font-weight="${heated ? 600 : 400}" fill="${escapeXml(inks.ink)}">${escapeXml(label)}</text></g>`
    );
  });
  const latest = timeline[timeline.length - 1];
  const legendX = cols * cell.w + 10;
  const legend = latest ? classLegend(presentClasses(latest.labels), legendX, M.top + 4, inks) : '';
  return { markup: panels.join('') + legend, width: legendX + 40, height: rows * cell.h };
}
