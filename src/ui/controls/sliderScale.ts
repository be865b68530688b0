import type { NumberParamSpec } from '../../state/params';

/** How a numeric parameter maps onto a range input's positions. */
export interface SliderScale {
  min: number;
  max: number;
  /** Position step: one arrow key press (PageUp/PageDown move a tenth of the range). */
  step: number;
  /** Slider position of a value. */
  toPosition(value: number): number;
  /** Value at a slider position, rounded as the parameter wants it (ints whole, floats to 3 digits). */
  fromPosition(position: number): number;
}

/** Positions per log-scale slider: ~100 arrow presses end to end. */
const LOG_POSITIONS = 100;
/** Linear ranges wider than this get only a number box (a slider could not hit a value). */
const MAX_LINEAR_RANGE = 1000;

/** The slider of a numeric parameter, linear or logarithmic as the table hints; null when it gets none. */
export function sliderScale(p: NumberParamSpec): SliderScale | null {
  const round = (v: number) => (p.kind === 'int' ? Math.round(v) : Number(v.toPrecision(3)));
  const clamp = (v: number) => Math.min(p.max, Math.max(p.min, v));
  if (p.log) {
    const lo = Math.log(p.min);
    const hi = Math.log(p.max);
    return {
      min: lo,
      max: hi,
      step: (hi - lo) / LOG_POSITIONS,
      toPosition: (v) => Math.log(clamp(v)),
      fromPosition: (s) => clamp(round(Math.exp(s))),
    };
  }
  const range = p.max - p.min;
  if (range > MAX_LINEAR_RANGE) return null;
  return {
    min: p.min,
    max: p.max,
    step: p.step ?? (p.kind === 'int' ? 1 : range / 100),
    toPosition: clamp,
    fromPosition: (s) => clamp(round(s)),
  };
}
