import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { classColouring, classLegend, legendText, PALETTE_SIZE, textWidth } from './classLegend';
import { embeddingMarkup, embeddingScales, EMBEDDING_SIZE } from '../embedding/embeddingMarkup';
import { CLASS_COLOURS, OTHER_COLOUR } from './palette';

/** Labels with `sizes[c]` items of class c, interleaved. */
function labelsOf(sizes: number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < Math.max(...sizes); k++) sizes.forEach((s, c) => k < s && out.push(c));
  return out;
}

describe('class colouring', () => {
  it('has ten colours', () => expect(PALETTE_SIZE).toBe(10));

  it('up to ten classes: class c keeps colour c, every class listed, nothing grey', () => {
    const col = classColouring(labelsOf([5, 1, 9, 3, 3, 7, 2, 2, 8, 4]));
    expect(col.limited).toBe(false);
    expect(col.coloured).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(col.others).toEqual([]);
    for (let c = 0; c < 10; c++) expect(col.slot(c)).toBe(c);
    // Classes absent from the set (the weights of an open-world run's training classes) too.
    const some = classColouring([7, 5, 7, 9]);
    expect(some.coloured).toEqual([5, 7, 9]);
    expect([0, 3, 5, 7, 9].map(some.slot)).toEqual([0, 3, 5, 7, 9]);
    expect(classLegend(some, String)).toMatchObject({ note: null, rows: [{ cls: 5, slot: 5, text: '5' }, { cls: 7, slot: 7, text: '7' }, { cls: 9, slot: 9, text: '9' }] });
  });

  it('more classes than colours: the ten largest coloured in the order of their index, the rest grey', () => {
    // 50 classes: class c has 10 items, but every fifth (2, 7, …, 47) 30 and class 0 20.
    const sizes = Array.from({ length: 50 }, (_, c) => (c % 5 === 2 ? 30 : c === 0 ? 20 : 10));
    const col = classColouring(labelsOf(sizes));
    expect(col.limited).toBe(true);
    expect(col.coloured).toEqual([2, 7, 12, 17, 22, 27, 32, 37, 42, 47]);
    expect(col.coloured.map(col.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(col.others).toHaveLength(40);
    expect(col.others[0]).toBe(0);
    for (const c of col.others) expect(col.slot(c)).toBe(-1);
    // A class not in the set (a weight without items) is grey too.
    expect(col.slot(50)).toBe(-1);
  });

  it('breaks ties in size by class index', () => {
    // Eleven classes of equal size: 0–9 coloured, 10 grey.
    const even = classColouring(labelsOf(Array(11).fill(4)));
    expect(even.coloured).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(even.others).toEqual([10]);
    // Class 11 is the largest; of the eleven of size 3 the lowest indices take the nine colours left.
    const sizes = Array(13).fill(3);
    sizes[11] = 9;
    sizes[0] = 1;
    const tie = classColouring(labelsOf(sizes).reverse());
    expect(tie.coloured).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(tie.others).toEqual([0, 10, 12]);
    expect(tie.slot(11)).toBe(9);
  });

  it('ten classes or fewer with labels beyond the palette: each its own colour, none grey', () => {
    const col = classColouring([12, 3, 40, 3]);
    expect(col.limited).toBe(false);
    expect(col.coloured).toEqual([3, 12, 40]);
    expect([3, 12, 40].map(col.slot)).toEqual([0, 1, 2]);
  });
});

describe('class legend', () => {
  it('lists the coloured classes by name and one grey entry for the rest, under a note', () => {
    const sizes = Array.from({ length: 50 }, (_, c) => (c % 5 === 2 ? 30 : 10));
    const names = Array.from({ length: 50 }, (_, c) => `class-${String(c).padStart(2, '0')}`);
    const legend = classLegend(classColouring(labelsOf(sizes)), (c) => names[c]);
    expect(legend.note).toBe('top 10 by size');
    expect(legend.rows.map((r) => r.text)).toEqual([...[2, 7, 12, 17, 22, 27, 32, 37, 42, 47].map((c) => names[c]), '40 other classes']);
    expect(legend.rows.map((r) => r.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1]);
    expect(legend.rows[0].title).toBe('class-02: 30 items');
    expect(legend.rows[10]).toMatchObject({ cls: null, title: expect.stringMatching(/^40 classes drawn grey, beneath the 10 largest: class-00, class-01, class-03, .*, …$/) });
    expect(legend.height).toBe(12 * 14);
    expect(legend.width).toBeGreaterThanOrEqual(13 + textWidth('40 other classes'));
    expect(classLegend(classColouring(labelsOf(Array(11).fill(1))), String).rows.at(-1)!.text).toBe('1 other class');
  });

  it('cuts names at 12 characters and estimates wide characters wider', () => {
    expect(legendText('U+202Eexe.txt')).toBe('U+202Eexe.t…');
    expect(legendText('exactly12chr')).toBe('exactly12chr');
    expect(textWidth('数字')).toBeGreaterThan(textWidth('ab'));
    expect(textWidth('40 other classes')).toBeGreaterThan(75);
  });
});

describe('the view as markup', () => {
  const inks = { colour: (c: number) => CLASS_COLOURS[c % 10], ink: '#111111', muted: '#555555', line: '#cccccc' };
  /** 50 classes on the unit circle, each in its own arc, sized as above. */
  function set() {
    const sizes = Array.from({ length: 50 }, (_, c) => (c % 5 === 2 ? 30 : 10));
    const labels = labelsOf(sizes);
    const points = labels.flatMap((c, i) => [Math.cos((2 * Math.PI * (c + (i % 7) / 10)) / 50), Math.sin((2 * Math.PI * (c + (i % 7) / 10)) / 50)]);
    return { dim: 2, projection: 'circle' as const, explained: 1, points, labels, classNames: Array.from({ length: 50 }, (_, c) => `class-${c}`) };
  }

  it('draws the legend right of the plotted square, the grey classes first, beneath', () => {
    const v = set();
    const view = embeddingMarkup(v, inks, 'unit circle');
    expect([view.width, view.height]).toEqual([EMBEDDING_SIZE, EMBEDDING_SIZE]);
    const { document } = parseHTML(`<svg xmlns="http://www.w3.org/2000/svg">${view.markup}</svg>`);
    const { x, y, layout } = embeddingScales(v);
    // Every point inside the plotted square, the legend right of it and inside the view.
    for (const c of document.querySelectorAll('g.points circle')) {
      expect(Number(c.getAttribute('cx'))).toBeLessThanOrEqual(layout.right + 0.01);
      expect(Number(c.getAttribute('cy'))).toBeGreaterThanOrEqual(layout.top - 0.01);
    }
    expect(x.range()).toEqual([layout.left, layout.right]);
    expect(y.range()).toEqual([layout.bottom, layout.top]);
    expect(layout.right - layout.left).toBe(layout.bottom - layout.top);
    expect(layout.legendX).toBeGreaterThan(layout.right);
    const legend = document.querySelector('g.legend')!;
    expect(legend.getAttribute('transform')).toBe(`translate(${layout.legendX},${layout.legendY})`);
    expect(Array.from(legend.querySelectorAll('g.legend-row text'), (t) => t.textContent)).toEqual([
      ...[2, 7, 12, 17, 22, 27, 32, 37, 42, 47].map((c) => `class-${c}`),
      '40 other classes',
    ]);
    expect(legend.querySelector('.legend-note')!.textContent).toBe('top 10 by size');
    expect(Array.from(legend.querySelectorAll('rect'), (r) => r.getAttribute('fill'))).toEqual([...CLASS_COLOURS, OTHER_COLOUR]);
    // Two point groups: the 40 grey classes (400 items) first, then the ten coloured ones.
    const groups = Array.from(document.querySelectorAll('g.points'));
    expect(groups.map((g) => g.getAttribute('class'))).toEqual(['points others', 'points']);
    expect(groups[0].querySelectorAll('circle')).toHaveLength(400);
    for (const g of groups[0].querySelectorAll('g')) expect(g.getAttribute('fill')).toBe(OTHER_COLOUR);
    expect(Array.from(groups[1].querySelectorAll('g'), (g) => g.getAttribute('fill'))).toEqual([...CLASS_COLOURS]);
    expect(document.querySelectorAll('g.points circle')).toHaveLength(v.labels.length);
    expect(document.querySelector('.legend-more')).toBeNull();
  });

  it('ten classes: the colours of old, every class listed, the square hardly smaller', () => {
    const labels = Array.from({ length: 100 }, (_, i) => i % 10);
    const points = labels.flatMap((_, i) => [Math.cos(i), Math.sin(i)]);
    const v = { dim: 2, projection: 'circle' as const, explained: 1, points, labels };
    const { document } = parseHTML(`<svg xmlns="http://www.w3.org/2000/svg">${embeddingMarkup(v, inks, 'x').markup}</svg>`);
    expect(Array.from(document.querySelectorAll('.legend text'), (t) => t.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(Array.from(document.querySelectorAll('.legend rect'), (r) => r.getAttribute('fill'))).toEqual([...CLASS_COLOURS]);
    expect(document.querySelectorAll('g.points')).toHaveLength(1);
    const { layout } = embeddingScales(v);
    expect(layout.right - layout.left).toBeGreaterThan(370);
    expect(layout.legendX).toBeGreaterThan(layout.right);
    // Without labels (the scales alone), the whole padded square.
    expect(embeddingScales({ projection: 'circle', points }).layout.right).toBe(EMBEDDING_SIZE - 28);
  });
});
