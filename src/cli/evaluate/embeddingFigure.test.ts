/**
 * The embedding figure's sample and geometry: the class-stratified sample keeps each class's
 * share and is the same for the same labels; on d = 2 the points lie on the drawn unit circle.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { CLASS_COLOURS } from '../../charts/kit/palette';
import { embeddingView, MAX_DRAWN, stratifiedSample } from './embeddingFigure';

const inks = { colour: (c: number) => CLASS_COLOURS[c % 10], ink: '#111111', muted: '#555555', line: '#cccccc' };

describe('stratifiedSample', () => {
  it('keeps every item up to the limit, else each class its share of the limit, seeded', () => {
    const small = Int32Array.from({ length: 50 }, (_, i) => i % 3);
    expect(Array.from(stratifiedSample(small, 50))).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // 10,000 items: class 0 holds 70 %, class 1 25 %, class 2 5 % (in a shuffled order).
    const rng = new Rng(4);
    const labels = rng.shuffle(Int32Array.from({ length: 10_000 }, (_, i) => (i < 7000 ? 0 : i < 9500 ? 1 : 2)));
    const s = stratifiedSample(labels, 1000);
    expect(s).toHaveLength(1000);
    const per = [0, 0, 0];
    for (const i of s) per[labels[i]]++;
    expect(per).toEqual([700, 250, 50]);
    expect(new Set(s).size).toBe(1000);
    expect(Array.from(s)).toEqual(Array.from(s).sort((a, b) => a - b));
    expect(Array.from(stratifiedSample(labels, 1000))).toEqual(Array.from(s));
    expect(Array.from(stratifiedSample(labels, 1000, 2))).not.toEqual(Array.from(s));
  });

  it('gives the seats left by rounding to the largest remainders: exactly the limit', () => {
    const labels = Int32Array.from({ length: 1000 }, (_, i) => i % 7);
    const s = stratifiedSample(labels, 100);
    expect(s).toHaveLength(100);
    const per = Array.from({ length: 7 }, (_, c) => Array.from(s).filter((i) => labels[i] === c).length);
    for (const k of per) expect([14, 15]).toContain(k);
  });
});

describe('embeddingView', () => {
  it('draws d = 2 items on the unit circle (l2-normalised), one circle per item', () => {
    const n = 40;
    const rng = new Rng(9);
    const data = Float32Array.from({ length: 2 * n }, () => 3 * rng.normal());
    const labels = Int32Array.from({ length: n }, (_, i) => i % 2);
    const { view, title, drawn } = embeddingView({ n, d: 2, data, labels, classNames: ['a', 'b'] }, inks);
    expect(drawn).toBe(n);
    expect(title).toContain('unit circle, all 40 items');
    const { document } = parseHTML(`<svg xmlns="http://www.w3.org/2000/svg">${view.markup}</svg>`);
    const ring = document.querySelector('circle.unit-circle')!;
    const [cx, cy, r] = ['cx', 'cy', 'r'].map((k) => Number(ring.getAttribute(k)));
    const points = Array.from(document.querySelectorAll('g.points circle'));
    expect(points).toHaveLength(n);
    for (const p of points) expect(Math.hypot(Number(p.getAttribute('cx')) - cx, Number(p.getAttribute('cy')) - cy)).toBeCloseTo(r, 1);
    expect(document.querySelector('.caption')!.textContent).toBe('unit circle · 40 items');
  });

  it(`samples above ${MAX_DRAWN} items and says so`, () => {
    const n = MAX_DRAWN + 1000;
    const d = 5;
    const rng = new Rng(2);
    const labels = Int32Array.from({ length: n }, (_, i) => i % 4);
    const data = Float32Array.from({ length: n * d }, (_, k) => (Math.floor(k / d) % 4 === k % d ? 2 : 0) + rng.normal());
    const { view, title, drawn } = embeddingView({ n, d, data, labels, classNames: ['w', 'x', 'y', 'z'] }, inks);
    expect(drawn).toBe(MAX_DRAWN);
    expect(title).toMatch(/PCA of d=5 \(\d+% of variance\): a seeded, class-stratified sample of 3,000 of the 4,000 items/);
    expect(view.markup.match(/<circle /g)).toHaveLength(MAX_DRAWN);
  });
});
