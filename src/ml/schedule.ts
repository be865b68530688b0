/**
 * The heating-up schedule of the HU paper: train at a scale α₁, then "heat up" to a smaller α₂
 * with the learning rate multiplied by a factor (HU: α 16 → 4 with lr ×0.1 for the last 20% of
 * training). Besides the paper's step switch we offer gradual decays, linear or geometric.
 */

/** The schedule-relevant part of a run's configuration. */
export interface ScheduleSpec {
  alpha: number;
  heat: 'off' | 'step' | 'linear' | 'geometric';
  alpha2: number;
  heatAt: number;
  heatEnd: number;
  heatLr: number;
  lr: number;
}

/** α and learning rate in force for the 0-based training step `step`. */
export function scheduleAt(step: number, s: ScheduleSpec): { alpha: number; lr: number } {
  if (s.heat === 'off' || step < s.heatAt) return { alpha: s.alpha, lr: s.lr };
  const lr = s.lr * s.heatLr;
  if (s.heat === 'step' || step >= s.heatEnd || s.heatEnd <= s.heatAt) return { alpha: s.alpha2, lr };
  const t = (step - s.heatAt) / (s.heatEnd - s.heatAt);
  const alpha =
    s.heat === 'linear' ? s.alpha + (s.alpha2 - s.alpha) * t : s.alpha * Math.pow(s.alpha2 / s.alpha, t);
  return { alpha, lr };
}
