import { useRef } from 'react';
import { useAppState, useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import { classColour } from './palette';
import type { InputPlane as Plane } from '../../worker/protocol';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';

const SIZE = 300;

/**
 * The input plane of a 2-D toy set, as TensorFlow Playground draws it: behind the training points,
 * each location coloured by the class the model assigns to it (nearest class weight, or nearest
 * class centroid for losses without weights). The grid is computed in the worker; this only paints.
 */
export function InputPlane() {
  const { store } = useController();
  const toy = useAppState((s) => s.config.data !== 'mnist');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  useFrameRedraw(
    store,
    (s) => s.snapshot?.plane,
    () => {
      const plane = store.getState().snapshot?.plane ?? null;
      if (canvasRef.current && boxRef.current) draw(plane, canvasRef.current, boxRef.current);
    },
    () => boxRef.current,
  );
  if (!toy) return null;
  return (
    <figure className="plot input-plane" data-testid="input-plane" ref={boxRef} data-cells="0">
      <PlotTitle id="input-plane">Input plane: the class the model assigns to each point</PlotTitle>
      <canvas ref={canvasRef} width={SIZE} height={SIZE} role="img" aria-label="input plane coloured by assigned class, with the training points" />
      <p className="plot-note" data-testid="input-plane-rule" />
      <PlotAlternative id="input-plane" />
    </figure>
  );
}

function draw(plane: Plane | null, canvas: HTMLCanvasElement, box: HTMLElement) {
  const ctx = canvas.getContext('2d')!;
  ctx.clearRect(0, 0, SIZE, SIZE);
  box.dataset.cells = String(plane ? plane.classes.length : 0);
  const note = box.querySelector('[data-testid="input-plane-rule"]');
  if (!plane) {
    if (note) note.textContent = 'Fills when the run is ready.';
    return;
  }
  const cell = SIZE / plane.size;
  ctx.globalAlpha = 0.35;
  for (let r = 0; r < plane.size; r++) {
    for (let c = 0; c < plane.size; c++) {
      const k = plane.classes[r * plane.size + c];
      if (k < 0) continue;
      ctx.fillStyle = classColour(k);
      ctx.fillRect(c * cell, r * cell, Math.ceil(cell), Math.ceil(cell));
    }
  }
  ctx.globalAlpha = 1;
  const [x0, x1, y0, y1] = plane.extent;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 0.8;
  for (let i = 0; i < plane.labels.length; i++) {
    const px = ((plane.points[2 * i] - x0) / (x1 - x0)) * SIZE;
    const py = ((y1 - plane.points[2 * i + 1]) / (y1 - y0)) * SIZE;
    ctx.fillStyle = classColour(plane.labels[i]);
    ctx.beginPath();
    ctx.arc(px, py, 2.6, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
  if (note) note.textContent = `Background: ${plane.rule}; dots: training points.`;
}
