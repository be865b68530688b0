import { describe, expect, it } from 'vitest';
import { thresholdGrid } from './calibration';
import { calibrationRange } from './histogramMetrics';
import * as refCal from '../reference/calibration';

// The calibration range, utility and grid on histograms are checked against the reference in
// histogramMetrics.test.ts, and on the exact path in exact.test.ts.
describe('edge cases (binned, against the reference)', () => {
  it('thresholdGrid equals the reference; a bad G or FAR throws', () => {
    for (const [a, b, G] of [[0.3, 0.9, 101], [0.1, 0.1, 10], [1, 0.5, 3], [0.123, 1.77, 17]]) {
      expect(thresholdGrid(a, b, G)).toEqual(refCal.thresholdGrid(a, b, G));
    }
    expect(() => thresholdGrid(0, 1, 1)).toThrow();
    expect(() => calibrationRange({ bins: 4, numClasses: 1, pos: new Float64Array(4), neg: Float64Array.of(2, 0, 0, 0), classCount: new Float64Array(1) }, 2, 3)).toThrow();
  });
});
