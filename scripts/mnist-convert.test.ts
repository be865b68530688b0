import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { convertDigits, PIXELS } from './mnist-convert.mjs';

const require = createRequire(import.meta.url);
const digitsDir = join(dirname(require.resolve('mnist/package.json')), 'src', 'digits');
const real: number[][] = Array.from(
  { length: 10 },
  (_, c) => JSON.parse(readFileSync(join(digitsDir, `${c}.json`), 'utf8')).data,
);

describe('convertDigits on the real mnist package', () => {
  const { images, labels } = convertDigits(real);
  const counts = real.map((a) => a.length / PIXELS);
  const n = counts.reduce((a, b) => a + b, 0);

  it('keeps every digit of all 10 classes', () => {
    expect(n).toBeGreaterThan(9000);
    expect(labels.length).toBe(n);
    expect(images.length).toBe(n * PIXELS);
    const perClass = new Array(10).fill(0);
    for (const l of labels) perClass[l]++;
    expect(perClass).toEqual(counts);
  });

  it('interleaves round-robin: the first 10 labels are 0..9, not class blocks', () => {
    expect([...labels.subarray(0, 20)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('stores round(v·255) of the JSON pixels for sampled digits', () => {
    // Position k holds digit r of class c; recover (c, r) by walking the labels.
    const seen = new Array(10).fill(0);
    let checked = 0;
    for (let k = 0; k < n; k++) {
      const c = labels[k];
      const r = seen[c]++;
      if (k % 97 !== 0 && k !== n - 1) continue;
      const want = real[c].slice(r * PIXELS, (r + 1) * PIXELS).map((v) => Math.round(v * 255));
      expect([...images.subarray(k * PIXELS, (k + 1) * PIXELS)]).toEqual(want);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(Math.max(...images.subarray(0, PIXELS * 50))).toBe(255);
  });

  it('rejects arrays that are not whole digits and clamps out-of-range values', () => {
    expect(() => convertDigits([[0, 1, 2]])).toThrow(/multiple of 784/);
    const odd = new Array(PIXELS).fill(0);
    odd[0] = 1.5; odd[1] = -0.2; odd[2] = 0.5;
    const { images: im } = convertDigits([odd]);
    expect([im[0], im[1], im[2]]).toEqual([255, 0, 128]);
  });
});
