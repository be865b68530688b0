import { describe, expect, it } from 'vitest';
import { epsGroupSize } from './opis';
import * as refCal from '../reference/calibration';

// OPIS and ε-OPIS themselves are checked against the reference in histogramMetrics.test.ts (binned),
// exact.test.ts (exact) and opisBounds.test.ts (their binning error bounds).
describe('edge cases (binned, against the reference)', () => {
  it('epsGroupSize equals the reference', () => {
    for (const [eps, T] of [[0.1, 10], [0.15, 30], [0.1, 3], [1, 7], [0.5, 5]]) expect(epsGroupSize(eps, T)).toBe(refCal.epsGroupSize(eps, T));
  });
});
