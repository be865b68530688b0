import { useRef } from 'react';
import * as d3 from 'd3';
import { useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import { classColour } from './palette';
import type { EmbeddingSnapshot } from '../../worker/protocol';
import { viewedSnapshot } from '../../state/store';
import { EmbeddingTimeline } from './EmbeddingTimeline';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';
import { layer } from './series';

const SIZE = 440;
const PAD = 28;
/** Legend rows at most (a set of one's own may have hundreds of classes); the rest are counted. */
const LEGEND_ROWS = 12;

/**
 * The evaluation set in the embedding space. For d = 2 the l2-normalised embeddings lie on the
 * unit circle, drawn with the normalised class weights as diamonds at radius 0.9 (HU Fig. 3);
 * for d > 2, the top two principal components. Points go on a canvas (thousands of them),
 * the frame, weights and legend in SVG on top. `timeline: false` leaves out the replay over
 * training (a set of one's own has no steps).
 */
export function EmbeddingPlot({ timeline = true }: { timeline?: boolean } = {}) {
  const { store } = useController();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useFrameRedraw(
    store,
    viewedSnapshot,
    () => {
      const s = store.getState();
      const snap = viewedSnapshot(s);
      // The embedding just before heating-up, faintly, behind any later one (same projection only).
      const ghost = s.ghost && snap && snap.step > s.ghost.step && snap.projection === 'circle' ? s.ghost : null;
      if (canvasRef.current && svgRef.current && boxRef.current) draw(snap, ghost, canvasRef.current, svgRef.current, boxRef.current);
    },
  );

  return (
    <figure className="plot embedding" data-testid="embedding-plot" ref={boxRef} data-points="0">
      <PlotTitle id="embedding-plot">Embedding of the evaluation set</PlotTitle>
      {/* SIZE wide at most; narrower screens scale canvas and SVG down together (styles.css). */}
      <div className="stack" style={{ width: SIZE }}>
        <canvas ref={canvasRef} width={SIZE} height={SIZE} />
        <svg ref={svgRef} width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label="embedding plot" />
      </div>
      <PlotAlternative id="embedding-plot" />
      {timeline && <EmbeddingTimeline />}
    </figure>
  );
}

/**
 * Points on the canvas; the frame, axes, weights and legend are SVG elements created on the first
 * draw and updated after (a snapshot every few steps must not tear the overlay down and rebuild it).
 */
function draw(snap: EmbeddingSnapshot | null, ghost: EmbeddingSnapshot | null, canvas: HTMLCanvasElement, svgEl: SVGSVGElement, box: HTMLDivElement) {
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
  const svg = d3.select(svgEl);
  box.dataset.points = String(snap ? snap.labels.length : 0);
  box.dataset.step = String(snap?.step ?? '');
  box.dataset.ghost = ghost ? String(ghost.step) : '';
  // Nothing to show (a new run): an empty overlay.
  if (!snap) {
    svg.selectAll('*').remove();
    return;
  }

  const n = snap.labels.length;
  let extent = 1.1;
  if (snap.projection === 'pca') {
    extent = 1e-6;
    for (let i = 0; i < snap.points.length; i++) extent = Math.max(extent, Math.abs(snap.points[i]));
    extent *= 1.05;
  }
  const x = d3.scaleLinear().domain([-extent, extent]).range([PAD, SIZE - PAD]);
  const y = d3.scaleLinear().domain([-extent, extent]).range([SIZE - PAD, PAD]);

  svg
    .selectAll('circle.unit-circle')
    .data(snap.projection === 'circle' ? [0] : [])
    .join('circle')
    .attr('class', 'unit-circle')
    .attr('cx', x(0))
    .attr('cy', y(0))
    .attr('r', x(1) - x(0));
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${SIZE - PAD})`).call(d3.axisBottom(x).ticks(5));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${PAD},0)`).call(d3.axisLeft(y).ticks(5));

  if (ghost) {
    ctx.globalAlpha = 0.12;
    // The page's ink (dark on light, light on dark): the canvas inherits the CSS colour.
    ctx.fillStyle = getComputedStyle(canvas).color;
    for (let i = 0; i < ghost.labels.length; i++) ctx.fillRect(x(ghost.points[2 * i]) - 1.5, y(ghost.points[2 * i + 1]) - 1.5, 3, 3);
  }
  ctx.globalAlpha = 0.55;
  // One colour lookup per class, not per point (the lookup asks the colour scheme).
  const colours = new Map<number, string>();
  let current = '';
  for (let i = 0; i < n; i++) {
    const c = snap.labels[i];
    let colour = colours.get(c);
    if (colour === undefined) colours.set(c, (colour = classColour(c)));
    if (colour !== current) ctx.fillStyle = current = colour;
    ctx.fillRect(x(snap.points[2 * i]) - 1.5, y(snap.points[2 * i + 1]) - 1.5, 3, 3);
  }
  ctx.globalAlpha = 1;

  // Class weights as diamonds at 0.9 of their (unit) length, as in HU Fig. 3.
  const m = snap.weights.length / 2;
  const diamonds = d3.range(m).map((c) => ({ c, px: x(0.9 * snap.weights[2 * c]), py: y(0.9 * snap.weights[2 * c + 1]) }));
  layer(svg, 'g', 'weights')
    .selectAll<SVGPathElement, (typeof diamonds)[number]>('path')
    .data(diamonds)
    .join((enter) => enter.append('path').attr('d', d3.symbol(d3.symbolDiamond, 90)()).attr('class', 'weight').call((p) => p.append('title')))
    .attr('transform', (d) => `translate(${d.px},${d.py})`)
    .attr('fill', (d) => classColour(d.c))
    .select('title')
    .text((d) => `class ${d.c} weight`);

  const present = Array.from(new Set(snap.labels)).sort((a, b) => a - b);
  const more = present.length > LEGEND_ROWS ? present.length - (LEGEND_ROWS - 1) : 0;
  const listed = more ? present.slice(0, LEGEND_ROWS - 1) : present;
  // Class names where the set has them (cut short), else the label numbers.
  const name = (c: number) => {
    const t = snap.classNames?.[c] ?? String(c);
    return t.length > 12 ? `${t.slice(0, 11)}…` : t;
  };
  const wide = Math.max(2, ...listed.map((c) => name(c).length));
  layer(svg, 'g', 'legend')
    .attr('transform', `translate(${SIZE - PAD - Math.max(30, 16 + Math.min(12, wide) * 6)},${PAD})`)
    .selectAll<SVGGElement, number>('g')
    .data(listed)
    .join((enter) => {
      const g = enter.append('g').attr('transform', (_, i) => `translate(0,${i * 14})`);
      g.append('rect').attr('width', 9).attr('height', 9);
      g.append('text').attr('x', 13).attr('y', 8);
      return g;
    })
    .call((g) => g.select('rect').attr('fill', (c) => classColour(c)))
    .call((g) => g.select('text').text(name));
  layer(svg, 'text', 'legend-more')
    .attr('x', SIZE - PAD)
    .attr('y', PAD + listed.length * 14 + 8)
    .attr('text-anchor', 'end')
    .text(more ? `+ ${more} more classes` : '');
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
