import type { NumberParamSpec } from '../../state/params';

/** How a numeric parameter maps onto a range input's positions. */
export interface SliderScale {
  /** Positions run over whole numbers min … max (0 … n). */
  min: number;
  max: number;
  /** Position step: one arrow key press (PageUp/PageDown move a tenth of the range). Always 1. */
  step: number;
  /** Slider position of a value. */
  toPosition(value: number): number;
  /**
   * Value at a slider position, rounded as the parameter wants it (ints whole, floats to 3 digits).
   * Given the value the slider moved from, a move never rounds back onto it: at the low end of a
   * log-scale int slider (batch 8 → 8.4) one key press still moves the value by one.
   */
  fromPosition(position: number, from?: number): number;
}

/** Positions per log-scale slider: ~100 arrow presses end to end. */
const LOG_POSITIONS = 100;
/** Linear ranges wider than this get only a number box (a slider could not hit a value). */
const MAX_LINEAR_RANGE = 1000;

/** The slider of a numeric parameter, linear or logarithmic as the table hints; null when it gets none. */
export function sliderScale(p: NumberParamSpec): SliderScale | null {
  const round = (v: number) => (p.kind === 'int' ? Math.round(v) : Number(v.toPrecision(3)));
  const clamp = (v: number) => Math.min(p.max, Math.max(p.min, v));
  // Positions are whole numbers 0 … n: a range input snaps to its step grid, and a grid of whole
  // numbers has no rounding error that could leave the maximum off it.
  const make = (n: number, to: (v: number) => number, from: (k: number) => number): SliderScale => ({
    min: 0,
    max: n,
    step: 1,
    toPosition: (v) => to(clamp(v)),
    fromPosition(position, start) {
      const v = clamp(round(from(position)));
      if (start === undefined || v !== start || position === to(start)) return v;
      const unit = p.kind === 'int' ? 1 : Math.abs(start) * 1e-2 || 1e-3;
      return clamp(round(start + Math.sign(position - to(start)) * unit));
    },
  });
  if (p.log) {
    const lo = Math.log(p.min);
    const per = (Math.log(p.max) - lo) / LOG_POSITIONS;
    return make(LOG_POSITIONS, (v) => (Math.log(v) - lo) / per, (k) => (k >= LOG_POSITIONS ? p.max : Math.exp(lo + k * per)));
  }
  const range = p.max - p.min;
  if (range > MAX_LINEAR_RANGE) return null;
  const step = p.step ?? (p.kind === 'int' ? 1 : range / 100);
  const n = Math.round(range / step);
  return make(n, (v) => (v - p.min) / step, (k) => (k >= n ? p.max : p.min + k * step));
}
