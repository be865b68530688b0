import { describe, expect, it } from 'vitest';
import { fitProjection, project } from './projection';

describe('2-D projection of embeddings', () => {
  it('is the identity on the circle for d = 2', () => {
    const pts = Float32Array.of(1, 0, 0, -1, 0.6, 0.8);
    const p = fitProjection(pts, 3, 2);
    expect(p.kind).toBe('circle');
    expect(Array.from(project(p, pts, 3))).toEqual(Array.from(pts));
  });

  it('finds the plane that holds 3-D points lying on a plane (PCA)', () => {
    const n = 300;
    const u = [1 / Math.sqrt(2), 1 / Math.sqrt(2), 0];
    const v = [0, 0, 1];
    const pts = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) {
      // An ellipse: a and b are exactly uncorrelated, so the principal axes are exactly u and v.
      const a = 3 * Math.cos((2 * Math.PI * i) / n);
      const b = Math.sin((2 * Math.PI * i) / n);
      for (let j = 0; j < 3; j++) pts[i * 3 + j] = a * u[j] + b * v[j] + 5;
    }
    const p = fitProjection(pts, n, 3);
    expect(p.kind).toBe('pca');
    expect(p.explained).toBeGreaterThan(0.9999); // float32 input: not exactly 1
    const [a1, a2] = p.axes;
    const dot = (x: Float64Array, y: number[] | Float64Array) => x.reduce((s, xi, i) => s + xi * y[i], 0);
    expect(Math.abs(dot(a1, u))).toBeCloseTo(1, 4); // the larger variance first
    expect(Math.abs(dot(a2, v))).toBeCloseTo(1, 4);
    expect(dot(a1, a2)).toBeCloseTo(0, 6);
    // Projection preserves distances within the plane.
    const q = project(p, pts, n);
    const d3 = Math.hypot(pts[0] - pts[3], pts[1] - pts[4], pts[2] - pts[5]);
    expect(Math.hypot(q[0] - q[2], q[1] - q[3])).toBeCloseTo(d3, 3);
  });
});
