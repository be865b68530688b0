import { describe, it, expect } from 'vitest';
import { CLI_MAX_ITEMS, MAX_ITEMS } from './errors';
import { parseLabels } from './labels';
import { writeNpy } from './npy';
import { enc, errorOf } from './files.testkit';

/** Each item's class name, as read. */
const names = (l: { labels: Int32Array; classNames: string[] }) => Array.from(l.labels, (c) => l.classNames[c]);

describe('parseLabels reads (the Projector’s metadata.tsv rules)', () => {
  it('one column: no header, every line is a label — words, spaces and commas kept', () => {
    const l = parseLabels(enc('golden retriever\ncat\r\nSmith, John\ncat\n\n'), 'metadata.tsv');
    expect(l).toMatchObject({ n: 4, columns: [], column: null });
    expect(names(l)).toEqual(['golden retriever', 'cat', 'Smith, John', 'cat']);
    expect(l.classNames).toEqual(['Smith, John', 'cat', 'golden retriever']); // code-point order
  });

  it('one column of numbers: classes in numeric order (2 before 10), BOM skipped', () => {
    const l = parseLabels(enc('\ufeff10\n2\n10\n-1\n2\n'), 'y.txt');
    expect(l.classNames).toEqual(['-1', '2', '10']);
    expect([...l.labels]).toEqual([2, 1, 2, 0, 1]);
  });

  it('a header `label\\tsplit`: the `label` column, wherever it is; columns listed', () => {
    const l = parseLabels(enc('split\tlabel\ntrain\t3\ntest\t1\ntrain\t3\n'), 'metadata.tsv');
    expect(l).toMatchObject({ n: 3, columns: ['split', 'label'], column: 'label' });
    expect(names(l)).toEqual(['3', '1', '3']);
  });

  it('no `label` column: the first; a named one on request (any case if unique)', () => {
    const text = enc('Name,Breed\n"Rex, Jr.",dog\nTom,cat\n');
    expect(names(parseLabels(text, 'meta.csv'))).toEqual(['Rex, Jr.', 'Tom']);
    const b = parseLabels(text, 'meta.csv', { column: 'breed' });
    expect(b.column).toBe('Breed');
    expect(names(b)).toEqual(['dog', 'cat']);
  });

  it('CSV quoting: "" inside quotes, a quoted comma, a quoted newline', () => {
    const l = parseLabels(enc('id,label\n1,"say ""hi"""\n2,"a,b"\n3,"two\nlines"\n4,plain\n'), 'm.csv');
    expect(names(l)).toEqual(['say "hi"', 'a,b', 'two\nlines', 'plain']);
  });

  it('.npy labels: integers, integral floats, strings', () => {
    expect(names(parseLabels(writeNpy([3, 1, 3, 0], [4], '<i8'), 'y.npy'))).toEqual(['3', '1', '3', '0']);
    expect(parseLabels(writeNpy([7, 7, 9], [3, 1], '|u1'), 'y.npy').classNames).toEqual(['7', '9']);
    expect(names(parseLabels(writeNpy([1, 0, 1], [3], '<f8'), 'y.npy'))).toEqual(['1', '0', '1']);
  });
});

describe('parseLabels refuses, saying where and why', () => {
  it('an empty file, a blank one, a header with no rows → empty', () => {
    expect(errorOf(() => parseLabels(new Uint8Array(0), 'y.tsv')).message).toBe('y.tsv is empty (0 bytes).');
    expect(errorOf(() => parseLabels(enc('\n\n  \n'), 'y.tsv')).code).toBe('empty');
    expect(errorOf(() => parseLabels(enc('label\tsplit\n'), 'y.tsv')).message).toMatch(/only a header row \(label, split\)/);
  });

  it('an unknown column → unknown-column, listing the columns; a column asked of a one-column file or an .npy too', () => {
    const e = errorOf(() => parseLabels(enc('label\tsplit\na\tx\n'), 'y.tsv', { column: 'class' }));
    expect(e.code).toBe('unknown-column');
    expect(e.message).toBe('y.tsv has no column “class”; its columns are “label”, “split”.');
    expect(errorOf(() => parseLabels(enc('a\nb\n'), 'y.tsv', { column: 'label' })).message).toMatch(/single column, so it has no header/);
    expect(errorOf(() => parseLabels(writeNpy([1, 2], [2], '<i4'), 'y.npy', { column: 'label' })).code).toBe('unknown-column');
  });

  it('empty labels → empty-label with their lines; a ragged row → ragged with both counts', () => {
    const e = errorOf(() => parseLabels(enc('label\tsplit\na\tx\n\ty\nb\tz\n\tw\n'), 'y.tsv'));
    expect(e.code).toBe('empty-label');
    expect(e.message).toMatch(/2 items have no label, at lines 3, 5\./);
    expect(e.rows).toEqual([3, 5]);
    const one = errorOf(() => parseLabels(enc('a\n\nb\n'), 'y.txt'));
    expect(one.message).toMatch(/1 item has no label, at line 2\./);
    const r = errorOf(() => parseLabels(enc('label\tsplit\na\tx\nb\n'), 'y.tsv'));
    expect(r.code).toBe('ragged');
    expect(r.message).toBe('y.tsv, line 3: 1 field, but the header has 2.');
    // One column by its first line, whatever the name: a tab later is a second field, never part of a label.
    const tab = errorOf(() => parseLabels(enc('a\nb\nc\textra\n'), 'labels.txt'));
    expect(tab.code).toBe('ragged');
    expect(tab.message).toBe('labels.txt, line 3: 2 tab-separated fields, but the first line has 1.');
    expect(tab.rows).toEqual([3]);
    // Commas in a one-column file's labels stay labels (its first line has none: not a CSV).
    expect(parseLabels(enc('a\nb, c\n'), 'labels.txt').classNames).toEqual(['a', 'b, c']);
  });

  it('an .npy of fractions, of 2-D shape, of another dtype → dtype / shape, naming it', () => {
    const f = errorOf(() => parseLabels(writeNpy([1, 0.5], [2], '<f4'), 'y.npy'));
    expect(f.code).toBe('dtype');
    expect(f.message).toMatch(/index 1: 0\.5 is not a whole number.*'<f4'/);
    const s = errorOf(() => parseLabels(writeNpy([1, 2, 3, 4], [2, 2], '<f4'), 'e.npy'));
    expect(s.code).toBe('shape');
    expect(s.message).toMatch(/shape \(2, 2\).*is this the embeddings file/);
  });

  it('more labels than the limit → too-large; binary → format', () => {
    const e = errorOf(() => parseLabels(enc('a\n'.repeat(MAX_ITEMS + 1)), 'y.txt'));
    expect(e.code).toBe('too-large');
    expect(e.message).toMatch(/100,001 labels; this app reads at most 100,000/);
    // The command line reads more (maxItems), from text and from .npy.
    expect(parseLabels(enc('a\n'.repeat(MAX_ITEMS + 1)), 'y.txt', { maxItems: CLI_MAX_ITEMS }).n).toBe(MAX_ITEMS + 1);
    expect(parseLabels(writeNpy(new Array(MAX_ITEMS + 1).fill(3), [MAX_ITEMS + 1], '<i4'), 'y.npy', { maxItems: CLI_MAX_ITEMS }).n).toBe(MAX_ITEMS + 1);
    expect(errorOf(() => parseLabels(enc('a\n'.repeat(60)), 'y.txt', { maxItems: 50 })).message).toMatch(/60 labels; this app reads at most 50 items/);
    expect(errorOf(() => parseLabels(Uint8Array.from([1, 0, 2]), 'y.bin')).code).toBe('format');
  });
});
