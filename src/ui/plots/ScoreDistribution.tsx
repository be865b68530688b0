import { useEffect, useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotFrame } from './PlotFrame';
import { paintQueryLines, SD_H, SD_W, type ScoreLines } from '../../charts/scoreLines';
import { drawScores, type ScoreChartData } from '../../charts/scoreChart';
import type { PlaygroundState } from '../../state/store';

const W = SD_W;
const H = SD_H;

/** The page's state → the view's data: the latest evaluation's score distribution, or null before one. */
function scoreChartData(s: PlaygroundState): ScoreChartData | null {
  return s.evaluation?.scoreDistribution ?? null;
}

/**
 * Per-query score distributions (CE Fig. 4 right): for each sampled query, how many neighbours fall
 * in each cosine bin. Hundreds of faint lines show the spread between queries; the 5th and 95th
 * percentile curves across queries, bold, bound it — a single global threshold can only work where
 * the queries' positive peaks line up.
 *
 * The queries' lines are painted on a canvas under the SVG (as 200 SVG paths they made every
 * evaluation a long main-thread task); axes, percentile curves, hover strips and the legend are
 * SVG (scoreChart.ts, from plain data). The export writes the lines as vector paths (scoreLines.ts).
 */
export function ScoreDistribution() {
  const { store } = useViewSource();
  const boxRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(store, (s) => s.evaluation, () => {
    if (!boxRef.current || !svgRef.current || !canvasRef.current) return;
    const sd = scoreChartData(store.getState());
    paintLines(canvasRef.current, sd);
    drawScores(svgRef.current, boxRef.current, sd);
  }, () => boxRef.current);
  // The canvas takes the SVG's drawn size (it scales with its cell), and its pixels follow.
  useEffect(() => {
    const svg = svgRef.current;
    const canvas = canvasRef.current;
    if (!svg || !canvas || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.dataset.width = String(width);
      paintLines(canvas, scoreChartData(store.getState()));
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, [store]);
  return (
    <PlotFrame id="score-distribution" title="Score distribution per query" className="plot eval-plot score-plot" boxRef={boxRef} data={{ queries: '0' }}>
      {/* Absolutely placed at its static position: exactly where the SVG after it starts. */}
      <canvas ref={canvasRef} className="sd-canvas" width={0} height={0} aria-hidden="true" />
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="per-query score distributions" />
    </PlotFrame>
  );
}

/** Paints the queries' lines at the canvas's drawn size (sharp at any zoom); not before that size is known. */
function paintLines(canvas: HTMLCanvasElement, sd: ScoreLines | null): void {
  const cssWidth = Number(canvas.dataset.width ?? 0);
  if (!(cssWidth > 0)) return;
  const scale = (cssWidth * (window.devicePixelRatio || 1)) / W;
  const width = Math.round(W * scale);
  const height = Math.round(H * scale);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  if (sd) paintQueryLines(ctx, sd);
}
