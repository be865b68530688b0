import { describe, expect, it } from 'vitest';
import { topKCount } from './topk';
import { topKCount as referenceTopKCount } from '../reference/crossExample';

describe('topKCount', () => {
  it('agrees with the reference on a grid of ρ and n, including float-noise cases', () => {
    const rhos = [0.01, 0.1, 0.2, 0.25, 0.3, 1 / 3, 0.5, 0.7, 0.9, 0.99, 1, 0.1 + 0.2];
    for (const rho of rhos) for (let n = 0; n <= 2000; n += n < 50 ? 1 : 37) expect(topKCount(rho, n)).toBe(referenceTopKCount(rho, n));
    expect(topKCount(0.7, 90)).toBe(63);
    expect(topKCount(0.5, 1)).toBe(1);
  });
  it('rejects ρ outside (0, 1]', () => {
    expect(() => topKCount(0, 5)).toThrow();
    expect(() => topKCount(1.5, 5)).toThrow();
  });
});
