import { describe, it, expect } from 'vitest';
import { parseLabels } from './labels';
import { writeNpy } from './npy';
import { pairEmbeddings } from './pairUp';
import { parseVectors } from './vectors';
import { enc, errorOf } from './files.testkit';

const vectors4 = () => parseVectors(writeNpy([1, 0, 0, 1, -1, 0, 0, -1], [4, 2]), 'e.npy');

describe('pairEmbeddings', () => {
  it('pairs an .npy of vectors with a Projector metadata.tsv: data, class indices, sizes', () => {
    const set = pairEmbeddings(vectors4(), parseLabels(enc('label\tsplit\ncat\ttrain\ndog\ttrain\ncat\ttest\ndog\ttest\n'), 'metadata.tsv'));
    expect(set).toMatchObject({ n: 4, d: 2, classNames: ['cat', 'dog'], classSizes: [2, 2], warnings: [] });
    expect([...set.labels]).toEqual([0, 1, 0, 1]);
    expect([...set.data]).toEqual([1, 0, 0, 1, -1, 0, 0, -1]);
  });

  it('different row counts → row-count, with both counts', () => {
    const e = errorOf(() => pairEmbeddings(vectors4(), parseLabels(enc('a\nb\n'), 'y.tsv')));
    expect(e.code).toBe('row-count');
    expect(e.message).toBe('e.npy has 4 rows but y.tsv has 2 labels; they must match, one label per row.');
  });

  it('off by one → the Projector header rule as a hint, each way', () => {
    const extra = errorOf(() => pairEmbeddings(vectors4(), parseLabels(enc('label\na\nb\na\nb\n'), 'y.tsv')));
    expect(extra.message).toMatch(/4 rows but y\.tsv has 5 labels.*If the first line of y\.tsv is a header, remove it: a labels file with one column has no header row/);
    const short = errorOf(() => pairEmbeddings(vectors4(), parseLabels(enc('a\tx\nb\tx\na\tx\nb\tx\n'), 'm.tsv')));
    expect(short.message).toMatch(/has 3 labels.*m\.tsv has 2 columns, so its first line was read as a header/);
  });

  it('one class → single-class, naming it and the column', () => {
    const e = errorOf(() => pairEmbeddings(vectors4(), parseLabels(enc('label,split\n7,a\n7,a\n7,b\n7,b\n'), 'y.csv')));
    expect(e.code).toBe('single-class');
    expect(e.message).toMatch(/y\.csv \(column “label”; pick another column\?\) gives all 4 items the same label, “7”.*at least two classes/);
  });

  it('every label different → no-pairs (an id column?)', () => {
    const e = errorOf(() => pairEmbeddings(vectors4(), parseLabels(enc('id\tlabel\n1\ta\n2\tb\n3\tc\n4\td\n'), 'y.tsv', { column: 'id' })));
    expect(e.code).toBe('no-pairs');
    expect(e.message).toMatch(/column “id”.*no two items share a class/);
  });

  it('one-item classes are allowed, with a warning (left out of OPIS, SPEC Evaluation); zero rows warned', () => {
    const v = parseVectors(enc('1 0\n0 0\n1 1\n0 1\n'), 'e.txt');
    const set = pairEmbeddings(v, parseLabels(enc('a\na\nb\nc\n'), 'y.txt'));
    expect(set.classSizes).toEqual([2, 1, 1]);
    expect(set.warnings[0]).toMatch(/^2 of 3 classes have a single item \(“b”, “c”\).*left out of OPIS and ε-OPIS/);
    expect(set.warnings[1]).toMatch(/^1 row is all zeros/);
  });
});
