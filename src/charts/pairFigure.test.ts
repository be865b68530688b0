import { describe, expect, it } from 'vitest';
import { DOMParser } from 'linkedom';
import { PAIR_WIDTH, pairFigureSvg, type PairRunData, type PairFigureSpec } from './pairFigure';

const inks = { colour: (c: number) => ['#111111', '#222222', '#333333'][c] ?? '#444444', ink: '#1f2328', muted: '#5e6670', line: '#d9dcdf' };

/** A run on the unit circle: `n` items of 3 classes, 3 class weights, a few steps and evaluations. */
function run(tag: string, label: string, step: number, colour: string, n = 30): PairRunData {
  const points: number[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    points.push(Math.cos(t), Math.sin(t));
    labels.push(i % 3);
  }
  return {
    tag,
    label,
    step,
    colour,
    ink: colour,
    embedding: { dim: 2, projection: 'circle', explained: 1, points, labels, weights: [1, 0, 0, 1, -1, 0], step: step - 5 },
    accuracy: 0.875,
    compactness: 0.4321,
    loss: { step: [1, 2, 3], value: [2, 1.5, 1.2] },
    metrics: { step: [0, 10], ap: [0.3, 0.6], opis: [0.001, 0.002] },
    pr: { recall: [0, 0.5, 1], precision: [1, 0.8, 0.4], ap: 0.61, step: 10 },
  };
}

const spec = (runs: PairFigureSpec['runs']): PairFigureSpec => ({
  title: 'Heat <and> α',
  caption: 'B differs from A in: α = 4',
  data: 'blobs, 4 classes',
  link: 'http://x/#b=1&b.alpha=4',
  runs,
  inks,
  background: '#ffffff',
  font: 'system-ui, sans-serif',
});

describe('the A | B figure', () => {
  it('draws both runs side by side from plain data: labels with steps, both embeddings, overlaid curves', () => {
    const fig = pairFigureSvg(spec([run('A', 'LN softmax α=8 · blobs', 40, '#0077bb'), run('B', 'LN softmax α=4 · blobs', 35, '#d8631a')]));
    expect(fig.width).toBe(PAIR_WIDTH);
    expect(fig.text.startsWith('<?xml')).toBe(true);
    const doc = new DOMParser().parseFromString(fig.text.replace(/^<\?xml[^>]*>\s*/, ''), 'image/svg+xml');
    const root = doc.documentElement;
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.getAttribute('height'))).toBe(fig.height);
    const texts = Array.from(root.querySelectorAll('text')).map((t) => t.textContent ?? '');
    // Each run is named with its step: in the title band and above its own panel.
    expect(texts).toContain('A: LN softmax α=8 · blobs · step 40');
    expect(texts).toContain('B: LN softmax α=4 · blobs · step 35');
    expect(texts.filter((t) => t === 'A | B · Heat <and> α')).toHaveLength(1);
    const labels = Array.from(root.querySelectorAll('text.pair-run-label')).map((t) => t.textContent);
    expect(labels).toEqual(['A: LN softmax α=8 · blobs · step 40', 'B: LN softmax α=4 · blobs · step 35']);
    // The embedding's own step in its caption, both panels' points and class weights.
    expect(texts).toContain('step 35 · unit circle, class weights ◆');
    expect(texts).toContain('step 30 · unit circle, class weights ◆');
    expect(root.querySelectorAll('g.pair-panel')).toHaveLength(2);
    expect(root.querySelectorAll('g.points circle')).toHaveLength(60);
    expect(root.querySelectorAll('g.weights path')).toHaveLength(6);
    expect(texts).toContain('accuracy 87.5% · compactness 0.432');
    // The curves overlaid: loss 2, metrics 4 (OPIS dashed), PR 2; in the two colours.
    const lines = Array.from(root.querySelectorAll('path.pair-line'));
    expect(lines).toHaveLength(8);
    expect(new Set(lines.map((l) => l.getAttribute('stroke')))).toEqual(new Set(['#0077bb', '#d8631a']));
    expect(lines.filter((l) => l.getAttribute('stroke-dasharray'))).toHaveLength(2);
    expect(texts).toContain('A · AP 0.610 (step 10)');
    // Standalone: no style sheet, no classes needed for the look, the link in the description.
    expect(fig.text).not.toContain('<style');
    expect(fig.text).not.toContain('var(--');
    expect(root.querySelector('desc')?.textContent).toContain('b.alpha=4');
  });

  it('draws a run that has nothing yet without failing', () => {
    const empty: PairRunData = { ...run('B', 'fresh', 0, '#d8631a'), embedding: null, accuracy: null, compactness: null, loss: { step: [], value: [] }, metrics: { step: [], ap: [], opis: [] }, pr: null };
    const fig = pairFigureSvg(spec([run('A', 'trained', 40, '#0077bb'), empty]));
    expect(fig.text).toContain('no embedding yet');
    expect(fig.text).toContain('accuracy — · compactness —');
    expect(fig.text).toContain('B · no evaluation yet');
    expect(fig.text).not.toMatch(/NaN|undefined/);
  });
});
