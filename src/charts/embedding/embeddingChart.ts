/**
 * The embedding view's drawing (EmbeddingPlot.tsx): the evaluation items' points on a canvas, the
 * frame, axes, class weights and legend in SVG over it — from a plain {@link StepEmbedding}
 * (a run's, or a set of one's own). The geometry and colours are embeddingMarkup.ts's, which the
 * SVG exports and the CLI draw with.
 */
import * as d3 from 'd3';
import { classColour, otherColour } from '../kit/palette';
import { className, embeddingClasses, embeddingScales, EMBEDDING_SIZE, type EmbeddingLayout, type StepEmbedding } from './embeddingMarkup';
import { colourOf, LEGEND_ROW, type ClassColouring, type ClassLegend, type LegendRow } from '../kit/classLegend';
import { layer, type One } from '../kit/series';

const SIZE = EMBEDDING_SIZE;
const PAD = 28;

/**
 * Points on the canvas; the frame, axes, weights and legend are SVG elements created on the first
 * draw and updated after (a snapshot every few steps must not tear the overlay down and rebuild it).
 * The geometry and the class colours are embeddingMarkup.ts's (the files' view): the legend in a
 * column right of the plotted square, never over the points; beyond ten classes the ten largest in
 * colour and the rest grey, drawn first, beneath them.
 */
export function drawEmbedding(snap: StepEmbedding | null, ghost: StepEmbedding | null, canvas: HTMLCanvasElement, svgEl: SVGSVGElement, box: HTMLDivElement) {
  const ctx = clearedCanvas(canvas);
  const svg = d3.select(svgEl);
  box.dataset.points = String(snap ? snap.labels.length : 0);
  box.dataset.step = String(snap?.step ?? '');
  box.dataset.ghost = ghost ? String(ghost.step) : '';
  // Nothing to show (a new run): an empty overlay.
  if (!snap) {
    svg.selectAll('*').remove();
    return;
  }

  const { x, y, layout } = embeddingScales(snap);
  const { colouring, legend } = embeddingClasses(snap);
  const colour = colourOf(colouring, classColour);

  svg
    .selectAll('circle.unit-circle')
    .data(snap.projection === 'circle' ? [0] : [])
    .join('circle')
    .attr('class', 'unit-circle')
    .attr('cx', x(0))
    .attr('cy', y(0))
    .attr('r', x(1) - x(0));
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${layout.bottom})`).call(d3.axisBottom(x).ticks(5));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${layout.left},0)`).call(d3.axisLeft(y).ticks(5));

  paintPoints(ctx, canvas, snap, ghost, x, y, colouring, colour);

  const m = drawWeights(svg, snap, x, y, colouring, colour);

  drawLegend(svg, layout, legend);
  layer(svg, 'text', 'caption')
    .attr('x', PAD + 4)
    .attr('y', PAD - 8)
    .text(
      (snap.projection === 'circle'
        ? `${snap.label ?? `step ${snap.step}`} · unit circle${m > 0 ? ', class weights ◆' : ''}`
        : `${snap.label ?? `step ${snap.step}`} · PCA of d=${snap.dim} (${(snap.explained * 100).toFixed(0)}% of variance)${m > 0 ? ', class weights ◆' : ''}`) +
        (ghost ? ` · grey: step ${ghost.step}, before heating-up` : ''),
    );
}

/** The canvas at the device's pixel ratio, cleared, its context scaled to the view's units. */
function clearedCanvas(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d')!;
  const dpr = window.devicePixelRatio || 1;
  if (canvas.width !== SIZE * dpr) {
    canvas.width = SIZE * dpr;
    canvas.height = SIZE * dpr;
    canvas.style.width = '100%';
    canvas.style.height = '100%';
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, SIZE, SIZE);
  return ctx;
}

type Scale = d3.ScaleLinear<number, number>;

/** The points (and the faint earlier snapshot `ghost`) on the canvas. */
function paintPoints(ctx: CanvasRenderingContext2D, canvas: HTMLCanvasElement, snap: StepEmbedding, ghost: StepEmbedding | null, x: Scale, y: Scale, colouring: ClassColouring, colour: (c: number) => string): void {
  const n = snap.labels.length;
  if (ghost) {
    ctx.globalAlpha = 0.12;
    // The page's ink (dark on light, light on dark): the canvas inherits the CSS colour.
    ctx.fillStyle = getComputedStyle(canvas).color;
    for (let i = 0; i < ghost.labels.length; i++) ctx.fillRect(x(ghost.points[2 * i]) - 1.5, y(ghost.points[2 * i + 1]) - 1.5, 3, 3);
  }
  ctx.globalAlpha = 0.55;
  // One colour lookup per class, not per point (the lookup asks the colour scheme); the grey
  // classes (beyond the palette) first, beneath the coloured ones.
  const colours = new Map<number, string>();
  let current = '';
  for (const grey of colouring.limited ? [true, false] : [false]) {
    for (let i = 0; i < n; i++) {
      const c = snap.labels[i];
      if (colouring.limited && colouring.slot(c) < 0 !== grey) continue;
      let fill = colours.get(c);
      if (fill === undefined) colours.set(c, (fill = colour(c)));
      if (fill !== current) ctx.fillStyle = current = fill;
      ctx.fillRect(x(snap.points[2 * i]) - 1.5, y(snap.points[2 * i + 1]) - 1.5, 3, 3);
    }
  }
  ctx.globalAlpha = 1;
}

/** Class weights as diamonds at 0.9 of their (unit) length, as in HU Fig. 3, in their class's colour (grey ones first, beneath); returns how many. */
function drawWeights(svg: One<SVGSVGElement>, snap: StepEmbedding, x: Scale, y: Scale, colouring: ClassColouring, colour: (c: number) => string): number {
  const m = snap.weights.length / 2;
  const diamonds = d3
    .range(m)
    .map((c) => ({ c, grey: colouring.slot(c) < 0, px: x(0.9 * snap.weights[2 * c]), py: y(0.9 * snap.weights[2 * c + 1]) }))
    .sort((a, b) => Number(b.grey) - Number(a.grey) || a.c - b.c);
  layer(svg, 'g', 'weights')
    .selectAll<SVGPathElement, (typeof diamonds)[number]>('path')
    .data(diamonds)
    .join((enter) => enter.append('path').attr('d', d3.symbol(d3.symbolDiamond, 90)()).attr('class', 'weight').call((p) => p.append('title')))
    .attr('transform', (d) => `translate(${d.px},${d.py})`)
    .attr('fill', (d) => colour(d.c))
    .select('title')
    .text((d) => `class ${className(snap, d.c)} weight${d.grey ? ` (grey: not among the ${colouring.coloured.length} largest classes)` : ''}`);

  return m;
}

/**
 * The legend right of the plotted square: the note ("top 10 by size") where the classes outnumber
 * the colours, a swatch and a name a class, and the grey entry for the rest; each row's tooltip
 * says the whole name and the class's size.
 */
function drawLegend(svg: One<SVGSVGElement>, layout: EmbeddingLayout, legend: ClassLegend): void {
  const g = layer(svg, 'g', 'legend').attr('transform', `translate(${layout.legendX},${layout.legendY})`);
  const top = legend.note ? LEGEND_ROW : 0;
  g.selectAll<SVGTextElement, string>('text.legend-note')
    .data(legend.note ? [legend.note] : [])
    .join((enter) => enter.append('text').attr('class', 'legend-note').attr('y', 8).attr('font-style', 'italic'))
    .text((t) => t);
  g.selectAll<SVGGElement, LegendRow>('g.legend-row')
    .data(legend.rows)
    .join((enter) => {
      const row = enter.append('g').attr('class', 'legend-row');
      row.append('title');
      row.append('rect').attr('width', 9).attr('height', 9);
      row.append('text').attr('x', 13).attr('y', 8);
      return row;
    })
    .attr('transform', (_, i) => `translate(0,${top + i * LEGEND_ROW})`)
    .classed('legend-others', (r) => r.cls === null)
    .call((row) => row.select('title').text((r) => r.title))
    .call((row) => row.select('rect').attr('fill', (r) => (r.slot < 0 ? otherColour() : classColour(r.slot))))
    .call((row) => row.select('text').text((r) => r.text));
}
