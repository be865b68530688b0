/**
 * The input plane's painting (InputPlane.tsx), as TensorFlow Playground draws it: each location of
 * a 2-D toy set's plane in the colour of the class the model assigns to it, behind the training
 * points — from the plain grid the worker computes. Canvas 2-D only.
 */
import { classColour } from '../kit/palette';
import type { ClassPlane } from '../viewMarkup';

/** The plane's side in CSS pixels. */
export const PLANE_SIZE = 300;

/**
 * Paints `plane` on `canvas` ({@link PLANE_SIZE} square): each grid cell in the colour of its
 * assigned class, faint, then the training points. Returns the sentence that says what the colours
 * are (or that the plane is not there yet).
 */
export function paintInputPlane(canvas: HTMLCanvasElement, plane: ClassPlane | null): string {
  const SIZE = PLANE_SIZE;
  const ctx = canvas.getContext('2d')!;
  ctx.clearRect(0, 0, SIZE, SIZE);
  if (!plane) return 'Fills when the run is ready.';
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
  return `Background: ${plane.rule}; dots: training points.`;
}
