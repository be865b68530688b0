import { describe, expect, it } from 'vitest';
import * as d3 from 'd3';
import { escapeXml, pngSize, pointsMarkup, scaleFromTicks, spreadIndices, styleDeclarations, titleBand, wrapRuns, wrapText } from './svgKit';
import { axisMarkup, inputPlaneMarkup, timelineMarkup, type ClassPlane, type EmbeddingAtStep, type Inks } from '../viewMarkup';

const inks: Inks = { colour: (c) => ['#111111', '#222222', '#333333'][c % 3], ink: '#000000', muted: '#555555', line: '#cccccc' };
const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

describe('inline styles', () => {
  it('gives the root every inherited property and a child only what differs from its parent', () => {
    const root = { fill: 'rgb(0, 0, 0)', stroke: 'none', 'font-size': '14px', 'text-anchor': 'start', opacity: '1', display: 'inline' };
    expect(styleDeclarations(root, null)).toBe('fill:rgb(0, 0, 0);stroke:none;font-size:14px;text-anchor:start');
    const child = { ...root, fill: 'rgb(0, 119, 187)', 'text-anchor': 'start', opacity: '0.5' };
    expect(styleDeclarations(child, root)).toBe('fill:rgb(0, 119, 187);opacity:0.5');
    // A child back at the default after a parent that changed it must say so (inheritance would not).
    const parent = { ...root, 'text-anchor': 'middle' };
    expect(styleDeclarations(root, parent)).toBe('text-anchor:start');
    expect(styleDeclarations({ ...root, display: 'none' }, root)).toBe('display:none');
  });
});

describe('title band', () => {
  it('writes the title runs in their colours, the caption wrapped to the width, and the run', () => {
    const caption = 'Loss per training step (solid) and the scale α in force (dashed, right axis) for this very long caption text';
    const band = titleBand({
      title: [{ text: 'Training loss ' }, { text: '—', fill: 'rgb(43, 95, 180)', weight: '700' }, { text: ' ' }],
      caption,
      run: 'Metric Playground · LN softmax α=16 · blobs · step 60',
      width: 300,
      ink: '#000',
      muted: '#666',
      font: '"Segoe UI", sans-serif',
    });
    expect(band.markup).toContain('<tspan>Training loss </tspan><tspan fill="rgb(43, 95, 180)" font-weight="700">—</tspan>');
    expect(band.markup).toContain('font-family="&quot;Segoe UI&quot;, sans-serif"');
    const captionLines = count(band.markup, /class="export-caption"/g);
    expect(captionLines).toBeGreaterThan(1);
    expect(band.markup).toContain('step 60');
    expect(band.height).toBeGreaterThan(23 + 15 * captionLines);
    expect(escapeXml('a<b & "c"')).toBe('a&lt;b &amp; &quot;c&quot;');
  });

  it('wraps a long title into lines, each word keeping its colour', () => {
    const runs = [{ text: 'Accuracy (nearest centroid) ' }, { text: '—', fill: 'green' }, { text: ' and compactness ' }, { text: '- -', fill: 'purple' }];
    const lines = wrapRuns(runs, 150, 14);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((l) => l.map((r) => r.text).join('')).join(' ')).toBe('Accuracy (nearest centroid) — and compactness - -');
    expect(lines.flat().filter((r) => r.fill === 'purple').map((r) => r.text)).toEqual(['- -']);
    expect(wrapRuns(runs, 1000, 14)).toHaveLength(1);
    const band = titleBand({ title: runs, caption: '', run: '', width: 150, ink: '#000', muted: '#666', font: 'sans-serif' });
    expect(count(band.markup, /class="export-title"/g)).toBe(wrapRuns(runs, 150 - 20, 14).length); // 10 px padding each side
  });

  it('always breaks the title at a line break (a comparison names run A and run B on lines of their own)', () => {
    const runs = [{ text: 'Training loss' }, { text: '\n' }, { text: 'A', fill: 'blue' }, { text: ': SSM α=8 · blobs' }, { text: '\n' }, { text: 'B', fill: 'orange' }, { text: ': CES' }];
    const lines = wrapRuns(runs, 1000, 14);
    expect(lines.map((l) => l.map((r) => r.text).join(''))).toEqual(['Training loss', 'A: SSM α=8 · blobs', 'B: CES']);
    expect(lines[2][0]).toEqual({ text: 'B', fill: 'orange' });
  });

  it('wraps at word boundaries and never loses a word', () => {
    const text = 'one two three four five six seven eight nine ten';
    const lines = wrapText(text, 60, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    expect(wrapText('', 100, 10)).toEqual([]);
  });
});

describe('points and scales', () => {
  it('groups points by class with the colour once per group and skips non-finite ones', () => {
    const m = pointsMarkup(
      [
        { x: 1.234, y: 2, cls: 1 },
        { x: 3, y: 4, cls: 0 },
        { x: NaN, y: 4, cls: 0 },
        { x: 5, y: 6, cls: 1 },
      ],
      inks.colour,
      { r: 2, opacity: 0.5 },
    );
    expect(count(m, /<circle /g)).toBe(3);
    expect(m.indexOf('data-class="0"')).toBeLessThan(m.indexOf('data-class="1"'));
    expect(m).toContain('<circle cx="1.23" cy="2" r="2"/>');
    expect(count(m, /fill="#222222"/g)).toBe(1);
  });

  it('reads a d3 axis back into its scale (d3 minus signs, thousands commas)', () => {
    const x = d3.scaleLinear().domain([-1.1, 1.1]).range([28, 412]);
    const ticks = x.ticks(5).map((v) => ({ px: x(v), label: x.tickFormat(5)(v) }));
    expect(ticks.some((t) => t.label.includes('\u2212'))).toBe(true);
    const back = scaleFromTicks(ticks)!;
    for (const v of [-1.1, 0, 0.37, 1.1]) expect(back(v)).toBeCloseTo(x(v), 9);
    expect(scaleFromTicks([{ px: 10, label: '1,000' }, { px: 20, label: '2,000' }])!(1500)).toBeCloseTo(15);
    expect(scaleFromTicks([{ px: 10, label: '1' }])).toBeNull();
    expect(scaleFromTicks([{ px: 10, label: 'a' }, { px: 20, label: '' }])).toBeNull();
  });

  it('sizes PNGs at twice the view box and spreads panels evenly with both ends', () => {
    expect(pngSize(420, 311)).toEqual({ width: 840, height: 622 });
    expect(spreadIndices(20, 6)).toEqual([0, 4, 8, 11, 15, 19]);
    expect(spreadIndices(3, 6)).toEqual([0, 1, 2]);
    expect(spreadIndices(0, 6)).toEqual([]);
  });
});

const snapshot = (step: number, n: number): EmbeddingAtStep =>
  ({
    step,
    dim: 2,
    projection: 'circle',
    explained: 1,
    points: Float32Array.from({ length: 2 * n }, (_, i) => Math.cos(i)),
    labels: Int32Array.from({ length: n }, (_, i) => i % 3),
    weights: new Float32Array(6),
  }) as unknown as EmbeddingAtStep;

describe('canvas views as vector markup', () => {
  it('draws every input-plane point over the class map, with axes and a legend', () => {
    const plane: ClassPlane = {
      size: 4,
      extent: [-2, 2, -1, 3],
      classes: new Int32Array(16),
      points: Float32Array.from([-2, -1, 2, 3, 0, 1]),
      labels: Int32Array.from([0, 1, 2]),
      rule: 'nearest class weight',
    };
    const v = inputPlaneMarkup(plane, 'data:image/png;base64,AAAA', 300, inks);
    expect(count(v.markup, /<circle /g)).toBe(3);
    // Corners of the extent land on the corners of the map.
    expect(v.markup).toContain('<circle cx="44" cy="310"');
    expect(v.markup).toContain('<circle cx="344" cy="10"');
    expect(v.markup).toContain('<image href="data:image/png;base64,AAAA" x="44" y="10" width="300" height="300" preserveAspectRatio="none" opacity="0.35"/>');
    expect(v.markup).toContain('>class 2</text>');
    expect(v.markup).toContain('nearest class weight');
    expect(v.width).toBeGreaterThan(300);
  });

  it('draws the timeline as up to six panels with all their points and steps', () => {
    const timeline = [0, 10, 20, 30, 40, 50, 60, 70].map((s) => snapshot(s, 12));
    const v = timelineMarkup(timeline, 35, inks);
    expect(count(v.markup, /class="timeline-panel"/g)).toBe(6);
    expect(count(v.markup, /<circle cx=/g)).toBe(6 * 12 + 6); // points, plus one unit circle per panel
    expect(v.markup).toContain('data-step="0"');
    expect(v.markup).toContain('step 70 · after heating-up');
    expect(v.markup).not.toContain('step 0 · after');
  });

  it('writes axis ticks as d3 labels them', () => {
    const m = axisMarkup(d3.scaleLinear().domain([0, 100]).range([0, 200]), 'bottom', 50, '#000', 5);
    for (const t of ['0', '20', '40', '60', '80', '100']) expect(m).toContain(`>${t}</text>`);
  });
});
