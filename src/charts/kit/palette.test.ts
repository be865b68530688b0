import { describe, expect, it } from 'vitest';
import { CLASS_COLOURS, DARK_CLASS_COLOURS, DARK_OTHER_COLOUR, OTHER_COLOUR, classColour, otherColour } from './palette';
import { DARK } from './theme';

// Checks the class colours the way a reader sees them: told apart with and without a colour-vision
// deficiency (Machado et al. 2009, severity 1, in linear RGB; distance ΔE76 in CIELAB), and, in the
// dark scheme, at the 3:1 contrast WCAG asks of graphics against the panel they are drawn on.

const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (h: string) => {
  const [r, g, b] = rgb(h).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

const VISION: Record<string, number[][]> = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

function lab(h: string, m: number[][]): number[] {
  const c = rgb(h).map(linear);
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])));
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** The smallest ΔE between two colours of `palette` as seen with `vision`. */
function closestPair(palette: readonly string[], vision: number[][]): number {
  const seen = palette.map((h) => lab(h, vision));
  let min = Infinity;
  for (let i = 0; i < seen.length; i++)
    for (let j = i + 1; j < seen.length; j++) min = Math.min(min, Math.hypot(...seen[i].map((v, k) => v - seen[j][k])));
  return min;
}

/** The dark scheme's panel colour, read from the theme so that the test follows it. */
const darkPanel = (): string => DARK['--panel'];

describe('class colours', () => {
  for (const [name, palette] of [
    ['light', CLASS_COLOURS],
    ['dark', DARK_CLASS_COLOURS],
  ] as const) {
    it(`${name}: ten distinct colours, every pair apart (ΔE ≥ 10) under each colour-vision deficiency`, () => {
      expect(new Set(palette).size).toBe(10);
      for (const vision of Object.values(VISION)) expect(closestPair(palette, vision)).toBeGreaterThanOrEqual(10);
    });
  }

  it('dark: every colour at ≥ 3:1 against the dark panel (WCAG 1.4.11, graphics)', () => {
    const panel = darkPanel();
    for (const c of DARK_CLASS_COLOURS) expect(contrast(c, panel), c).toBeGreaterThanOrEqual(3);
  });

  it('cycles past ten and takes negative classes (light scheme outside a browser)', () => {
    expect(classColour(0)).toBe(CLASS_COLOURS[0]);
    expect(classColour(12)).toBe(CLASS_COLOURS[2]);
    expect(classColour(-1)).toBe(CLASS_COLOURS[9]);
  });

  for (const [name, palette, grey] of [
    ['light', CLASS_COLOURS, OTHER_COLOUR],
    ['dark', DARK_CLASS_COLOURS, DARK_OTHER_COLOUR],
  ] as const) {
    it(`${name}: the grey of the classes beyond the palette is apart from every class colour (ΔE ≥ 10) under each colour-vision deficiency`, () => {
      for (const [vision, m] of Object.entries(VISION)) {
        const g = lab(grey, m);
        for (const c of palette) expect(Math.hypot(...g.map((v, k) => v - lab(c, m)[k])), `${grey} vs ${c}, ${vision}`).toBeGreaterThanOrEqual(10);
      }
    });
  }

  it('dark: the grey at ≥ 3:1 against the dark panel; the light scheme\'s grey outside a browser', () => {
    expect(contrast(DARK_OTHER_COLOUR, darkPanel())).toBeGreaterThanOrEqual(3);
    expect(otherColour()).toBe(OTHER_COLOUR);
  });
});
