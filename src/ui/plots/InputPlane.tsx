import { useRef } from 'react';
import { useViewSource, useViewState } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { paintInputPlane, PLANE_SIZE as SIZE } from '../../charts/embedding/inputPlaneChart';
import { PlotFrame } from './PlotFrame';

/**
 * The input plane of a 2-D toy set, as TensorFlow Playground draws it: behind the training points,
 * each location coloured by the class the model assigns to it (nearest class weight, or nearest
 * class centroid for losses without weights). The grid is computed in the worker; this only paints.
 */
export function InputPlane() {
  const { store } = useViewSource();
  const toy = useViewState((s) => s.config.data !== 'mnist');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  useFrameRedraw(
    store,
    (s) => s.snapshot?.plane,
    () => {
      const plane = store.getState().snapshot?.plane ?? null;
      const box = boxRef.current;
      if (!canvasRef.current || !box) return;
      const note = paintInputPlane(canvasRef.current, plane);
      box.dataset.cells = String(plane ? plane.classes.length : 0);
      const rule = box.querySelector('[data-testid="input-plane-rule"]');
      if (rule) rule.textContent = note;
    },
    () => boxRef.current,
  );
  if (!toy) return null;
  return (
    <PlotFrame id="input-plane" title="Input plane: the class the model assigns to each point" className="plot input-plane" boxRef={boxRef} data={{ cells: '0' }}>
      <canvas ref={canvasRef} width={SIZE} height={SIZE} role="img" aria-label="input plane coloured by assigned class, with the training points" />
      <p className="plot-note" data-testid="input-plane-rule" />
    </PlotFrame>
  );
}
