import { describe, it, expect } from 'vitest';
import { Rng } from '../rng';
import { isNumberText, numberOfText, parseNumberBytes } from './numbers';

const parse = (s: string) => {
  const b = new TextEncoder().encode(s);
  return parseNumberBytes(b, 0, b.length);
};

/** Distance in float32 steps between two float32 values of the same sign. */
function ulps(a: number, b: number): number {
  const f = new Float32Array([a, b]);
  const i = new Int32Array(f.buffer);
  return Math.abs(i[0] - i[1]);
}

describe('parseNumberBytes', () => {
  it('reads the spellings NumPy, pandas, Python and JavaScript print', () => {
    const cases: [string, number][] = [
      ['0', 0], ['-0', -0], ['7', 7], ['+7', 7], ['-1.5', -1.5], ['.5', 0.5], ['3.', 3], ['007', 7],
      ['2e-3', 0.002], ['2E+3', 2000], ['1.000000000000000000e+00', 1], ['-2.500000000000000000e-01', -0.25],
      ['0.000123', 0.000123], ['1e400', Infinity],
      ['1e-400', 0], ['0e999999999', 0],
    ];
    for (const [s, v] of cases) expect(parse(s), s).toBe(v);
    // Digits past the 15th are dropped: exact at float32 precision, which is what is stored.
    expect(Math.fround(parse('123456789012345678901234567890') as number)).toBe(Math.fround(1.2345678901234568e29));
    expect(parse('nan')).toBeNaN();
    expect(parse('NaN')).toBeNaN();
    expect(parse('-inf')).toBe(-Infinity);
    expect(parse('Infinity')).toBe(Infinity);
    expect(parse('INF')).toBe(Infinity);
  });

  it('refuses what is not a decimal number', () => {
    for (const s of ['', '-', '+', '.', 'e5', '1e', '1e+', '1.2.3', '0x1A', '1,5', '12a', 'cat', '−1', '1 2', 'nanx', 'in']) {
      expect(parse(s), JSON.stringify(s)).toBeUndefined();
    }
  });

  it('agrees with Number() to within one float32 step on 20,000 random values in several notations', () => {
    const rng = new Rng(11);
    let worst = 0, exact = 0;
    for (let i = 0; i < 5000; i++) {
      const x = (rng.next() - 0.5) * 10 ** Math.floor(rng.uniform(-40, 38));
      for (const s of [String(x), x.toPrecision(9), x.toExponential(18), x.toFixed(12)]) {
        const want = Math.fround(Number(s));
        const got = Math.fround(parse(s) as number);
        if (got === want) exact++;
        else worst = Math.max(worst, ulps(got, want));
      }
    }
    expect(worst).toBeLessThanOrEqual(1);
    expect(exact).toBeGreaterThan(19_990);
  });

  it('isNumberText and numberOfText trim and use the same rules', () => {
    expect(isNumberText(' 1.5 ')).toBe(true);
    expect(isNumberText('label')).toBe(false);
    expect(isNumberText('')).toBe(false);
    expect(numberOfText(' -2e1')).toBe(-20);
    expect(numberOfText('x')).toBeUndefined();
  });
});
