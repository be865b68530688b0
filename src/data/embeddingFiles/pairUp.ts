/**
 * Embeddings and labels put together into the set the evaluation reads, with the checks that need
 * both files: as many labels as vectors, at least two classes, at least one positive pair. A class
 * of one item is allowed: SPEC "Evaluation" leaves it out of OPIS and ε-OPIS (it has no positive
 * pair) while its pairs still count as negatives; the set says so in `warnings`.
 */
import { EmbeddingFileError, count, extensionOf } from './errors';
import type { Labels } from './labels';
import type { Vectors } from './vectors';

/** Embeddings with a class per item, ready for the evaluation. */
export interface EmbeddingSet {
  n: number;
  d: number;
  /** n × d, row-major. */
  data: Float32Array;
  /** Class index 0 … C−1 per item. */
  labels: Int32Array;
  classNames: string[];
  /** Items per class. */
  classSizes: number[];
  /** Things the user should know that do not stop the evaluation (one sentence each). */
  warnings: string[];
}

/** A few class names for a message: “a”, “b”, “c” and 4 more. */
function someNames(names: string[], shown = 3): string {
  const head = names.slice(0, shown).map((s) => `“${s}”`).join(', ');
  return names.length > shown ? `${head} and ${count(names.length - shown)} more` : head;
}

/** Why the counts differ by one, when the Projector's header rule explains it. */
function headerHint(v: Vectors, l: Labels): string {
  if (l.n === v.n + 1 && l.column === null && extensionOf(l.fileName) !== 'npy') {
    return ` If the first line of ${l.fileName} is a header, remove it: a labels file with one column has no header row (the Embedding Projector's rule).`;
  }
  if (l.n === v.n - 1 && l.column !== null) {
    return ` ${l.fileName} has ${l.columns.length} columns, so its first line was read as a header (the Embedding Projector's rule); if it has no header, add one.`;
  }
  if (v.n === l.n + 1 && v.header === null && v.format !== 'npy') {
    return ` If the first line of ${v.fileName} is a header, remove it: a vectors file has numbers only.`;
  }
  return '';
}

/**
 * `vectors` and `labels` as one set, or an {@link EmbeddingFileError}: 'row-count' (the counts
 * differ: both are said, with the Projector's header rule when they differ by one),
 * 'single-class' (pair metrics need two classes) or 'no-pairs' (no two items share a label).
 */
export function pairEmbeddings(vectors: Vectors, labels: Labels): EmbeddingSet {
  const { n, d } = vectors;
  if (labels.n !== n) {
    throw new EmbeddingFileError(
      'row-count',
      `${vectors.fileName} has ${count(n)} rows but ${labels.fileName} has ${count(labels.n)} labels; they must match, one label per row.` + headerHint(vectors, labels),
      labels.fileName,
    );
  }
  const C = labels.classNames.length;
  const from = labels.column !== null ? ` (column “${labels.column}”${labels.columns.length > 1 ? '; pick another column?' : ''})` : '';
  if (C < 2) {
    throw new EmbeddingFileError(
      'single-class',
      `${labels.fileName}${from} gives all ${count(n)} items the same label, “${labels.classNames[0]}”. ` +
        'The metrics compare same-class with different-class pairs, so they need at least two classes.',
      labels.fileName,
    );
  }
  const classSizes = new Array<number>(C).fill(0);
  for (let i = 0; i < n; i++) classSizes[labels.labels[i]]++;
  const singles = labels.classNames.filter((_, c) => classSizes[c] === 1);
  if (singles.length === C) {
    throw new EmbeddingFileError(
      'no-pairs',
      `${labels.fileName}${from}: every one of the ${count(n)} labels is different, so no two items share a class and there is no positive pair to measure (is it an id column?).`,
      labels.fileName,
    );
  }
  const warnings: string[] = [];
  if (singles.length) {
    warnings.push(
      `${count(singles.length)} of ${count(C)} classes have a single item (${someNames(singles)}): with no positive pair, they are left out of OPIS and ε-OPIS; their pairs still count as negatives.`,
    );
  }
  const x = vectors.data;
  let zeros = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = i * d; k < (i + 1) * d; k++) s += x[k] * x[k];
    if (s === 0) zeros++;
  }
  if (zeros) warnings.push(`${count(zeros)} row${zeros === 1 ? ' is' : 's are'} all zeros: with no direction, their cosine with every item is taken as 0.`);
  return { n, d, data: vectors.data, labels: labels.labels, classNames: labels.classNames, classSizes, warnings };
}
