import { describe, it, expect } from 'vitest';
import { AUGMENT, augmentImage, transformImage } from './augment';
import { Rng } from './rng';

const R = 28, C = 28;
/** A bright 6×10 bar plus a gradient, away from the border so small moves keep it inside. */
function digit(): Float32Array {
  const img = new Float32Array(R * C);
  for (let r = 9; r < 19; r++) for (let c = 11; c < 17; c++) img[r * C + c] = 0.5 + (r - 9) / 20;
  return img;
}
const mass = (a: Float32Array) => a.reduce((s, v) => s + v, 0);
const centroid = (a: Float32Array) => {
  let sr = 0, sc = 0, m = 0;
  a.forEach((v, i) => { sr += v * Math.floor(i / C); sc += v * (i % C); m += v; });
  return [sr / m, sc / m];
};

describe('transformImage', () => {
  it('zero transform is the identity, bit for bit', () => {
    const src = digit();
    expect(transformImage(src, R, C, { dx: 0, dy: 0, angleDeg: 0 })).toEqual(src);
  });

  it('an integer shift moves pixels exactly and fills with 0', () => {
    const src = digit();
    const out = transformImage(src, R, C, { dx: 2, dy: -1, angleDeg: 0 });
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        const sr = r + 1, sc = c - 2;
        const want = sr >= 0 && sr < R && sc >= 0 && sc < C ? src[sr * C + sc] : 0;
        expect(out[r * C + c]).toBe(want);
      }
    }
  });

  it('a rotation keeps the centred mass and centroid but changes the pixels', () => {
    const src = digit();
    const out = transformImage(src, R, C, { dx: 0, dy: 0, angleDeg: 10 });
    expect(out).not.toEqual(src);
    expect(mass(out)).toBeCloseTo(mass(src), 0);
    const [a, b] = [centroid(src), centroid(out)];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(0.5);
    // 90° turns the vertical bar horizontal.
    const q = transformImage(src, R, C, { dx: 0, dy: 0, angleDeg: 90 });
    const rowsLit = new Set([...q.keys()].filter((i) => q[i] > 0.4).map((i) => Math.floor(i / C)));
    expect(rowsLit.size).toBeLessThanOrEqual(7);
  });

  it('rejects wrong sizes and overlapping output', () => {
    const src = digit();
    expect(() => transformImage(src, 27, 28, { dx: 0, dy: 0, angleDeg: 0 })).toThrow(/expected 27×28/);
    expect(() => transformImage(src, R, C, { dx: 0, dy: 0, angleDeg: 0 }, src)).toThrow(/must not overlap/);
  });
});

describe('augmentImage', () => {
  it('changes the image, stays in [0,1], keeps roughly the same mass', () => {
    const src = digit();
    const rng = new Rng(1);
    for (let t = 0; t < 20; t++) {
      const out = augmentImage(src, R, C, rng);
      expect(out).not.toEqual(src);
      expect(Math.min(...out)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...out)).toBeLessThanOrEqual(1);
      // Clamped noise on the 0 background adds ≈ σ/√(2π) per pixel.
      const bias = (R * C * AUGMENT.noiseSigma) / Math.sqrt(2 * Math.PI);
      expect(Math.abs(mass(out) - mass(src) - bias)).toBeLessThan(6);
      const [a, b] = [centroid(src), centroid(out)];
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(2 * Math.SQRT2 + 1.5);
    }
  });

  it('is deterministic for the rng state and varies with it', () => {
    const src = digit();
    const a = augmentImage(src, R, C, new Rng(3));
    expect(augmentImage(src, R, C, new Rng(3))).toEqual(a);
    expect(augmentImage(src, R, C, new Rng(4))).not.toEqual(a);
  });

  it('writes into out when given and leaves src untouched', () => {
    const src = digit(), copy = src.slice();
    const out = new Float32Array(R * C);
    expect(augmentImage(src, R, C, new Rng(2), out)).toBe(out);
    expect(src).toEqual(copy);
  });

  it('noise has σ ≈ 0.05 away from the clamp and shifts stay within ±2 px', () => {
    const flat = new Float32Array(R * C).fill(0.5);
    const out = augmentImage(flat, R, C, new Rng(6));
    // Interior pixels of a constant image are untouched by shift/rotation: only noise remains.
    const inner: number[] = [];
    for (let r = 5; r < 23; r++) for (let c = 5; c < 23; c++) inner.push(out[r * C + c] - 0.5);
    const sd = Math.sqrt(inner.reduce((s, v) => s + v * v, 0) / inner.length);
    expect(sd).toBeGreaterThan(0.04);
    expect(sd).toBeLessThan(0.06);
    const dot = new Float32Array(R * C);
    dot[14 * C + 14] = 1;
    const rng = new Rng(8);
    for (let t = 0; t < 50; t++) {
      const o = augmentImage(dot, R, C, rng);
      const [cr, cc] = centroid(o.map((v) => (v > 0.2 ? v : 0)));
      expect(Math.abs(cr - 14)).toBeLessThanOrEqual(2.5);
      expect(Math.abs(cc - 14)).toBeLessThanOrEqual(2.5);
    }
  });
});
