import { beforeAll, describe, expect, it } from 'vitest';
import { pairNegatives } from './negatives';
import { negativeMask } from '../reference/crossExample';
import { useCpuBackend } from '../ml.testkit';

beforeAll(useCpuBackend);

describe('pairNegatives', () => {
  for (const mode of ['class', 'instance'] as const) {
    it(`${mode} mode matches the reference mask and counts`, async () => {
      const labels = Int32Array.from([0, 1, 0, 2, 1, 0, 3]);
      const neg = pairNegatives(labels, mode);
      const ref = negativeMask(labels, mode).map((row) => row.map(Number));
      expect(await neg.mask.array()).toEqual(ref);
      expect(Array.from(neg.rowCount)).toEqual(ref.map((r) => r.reduce((a, b) => a + b, 0)));
      expect(neg.total).toBe(ref.flat().reduce((a, b) => a + b, 0));
      neg.mask.dispose();
    });
  }
  it('a batch of one class has no negatives in class mode', async () => {
    const neg = pairNegatives(Int32Array.from([4, 4, 4]), 'class');
    expect(neg.total).toBe(0);
    expect((await neg.mask.sum().data())[0]).toBe(0);
  });
});
