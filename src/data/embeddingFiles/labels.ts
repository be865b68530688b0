/**
 * A user's labels file, read by the Embedding Projector's rules for `metadata.tsv`: a file of one
 * column has no header (every line is a label); a file of more columns starts with a header row,
 * and the labels are the column named `label` (else the first), unless the user picks another.
 * Labels may be numbers or words; an `.npy` of integers, integral floats or strings also works.
 * Empty label cells are refused (with their lines) rather than made a class "": a missing label
 * would otherwise join every other missing one as a class and count as positives.
 */
import { splitDelimited } from './delimited';
import { EmbeddingFileError, MAX_ITEMS, asBytes, checkFileSize, count, extensionOf, listRows } from './errors';
import { isNpy, parseNpy } from './npy';
import { numberOfText } from './numbers';

/** Labels as read: a class index per item and the names of the classes. */
export interface Labels {
  fileName: string;
  n: number;
  /** Class index 0 … C−1 of each item. */
  labels: Int32Array;
  /** The label text of each class; numbers sort numerically, before words, words by code point. */
  classNames: string[];
  /** The header's column names (empty when the file has no header). */
  columns: string[];
  /** The column the labels came from, or null for a single-column file or an .npy. */
  column: string | null;
}

/** Choices the user can make about a labels file. */
export interface LabelsOptions {
  /** The header column to read labels from (exact name, else a unique case-insensitive match). */
  column?: string;
  /** Most labels read (default {@link MAX_ITEMS}, the page's; the command line reads more). */
  maxItems?: number;
}

/** Class indices for label texts; class order: numbers ascending, then words by code point. */
export function indexClasses(texts: string[]): { labels: Int32Array; classNames: string[] } {
  const distinct = [...new Set(texts)];
  const num = new Map(distinct.map((t) => [t, numberOfText(t)]));
  distinct.sort((a, b) => {
    const x = num.get(a), y = num.get(b);
    const xn = x !== undefined && !Number.isNaN(x), yn = y !== undefined && !Number.isNaN(y);
    if (xn && yn && x !== y) return (x as number) - (y as number);
    if (xn !== yn) return xn ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const index = new Map(distinct.map((t, i) => [t, i]));
  return { labels: Int32Array.from(texts, (t) => index.get(t) as number), classNames: distinct };
}

/** Throws 'empty-label' when some labels are empty, naming where (`where[i]` = how row i is found). */
function checkNoEmpty(texts: string[], where: (i: number) => number, file: string, place: string): void {
  const rows: number[] = [];
  let total = 0;
  texts.forEach((t, i) => {
    if (t !== '') return;
    if (rows.length < 100) rows.push(where(i));
    total++;
  });
  if (!total) return;
  throw new EmbeddingFileError(
    'empty-label',
    `${file}: ${count(total)} item${total === 1 ? ' has' : 's have'} no label, at ${place}${total === 1 ? '' : 's'} ${listRows(rows, total)}. Give every item a label (or remove it from both files).`,
    file,
    rows,
  );
}

/** Labels from an .npy: a 1-D (or N × 1) array of integers, integral floats or strings. */
function labelsFromNpy(b: Uint8Array, file: string, opts: LabelsOptions): Labels {
  if (opts.column !== undefined) {
    throw new EmbeddingFileError('unknown-column', `${file} is an .npy array, which has no named columns (asked for column “${opts.column}”).`, file);
  }
  const a = parseNpy(b, file);
  const [n, ...rest] = a.shape;
  if (a.shape.length === 0 || rest.some((k) => k !== 1)) {
    throw new EmbeddingFileError('shape', `${file} has shape (${a.shape.join(', ')}); labels are a 1-D array, one per item (is this the embeddings file?).`, file);
  }
  if (n === 0) throw new EmbeddingFileError('empty', `${file} holds no labels.`, file);
  const most = opts.maxItems ?? MAX_ITEMS;
  if (n > most) throw new EmbeddingFileError('too-large', `${file} has ${count(n)} labels; this app reads at most ${count(most)} items.`, file);
  let texts: string[];
  if (a.kind === 'string') {
    texts = (a.data as string[]).map((t) => t.trim());
    checkNoEmpty(texts, (i) => i, file, 'index');
  } else {
    const d = a.data as Float32Array | Float64Array;
    const bad = d.findIndex((x) => !Number.isInteger(x));
    if (bad >= 0) {
      throw new EmbeddingFileError('dtype', `${file}, index ${bad}: ${d[bad]} is not a whole number; labels must be integers or strings (this array is '${a.descr}' — is this the embeddings file?).`, file, [bad]);
    }
    texts = Array.from(d, String);
  }
  return { fileName: file, n, ...indexClasses(texts), columns: [], column: null };
}

/** The delimiter of a labels file: by extension, else by the first line; null = one column. */
function labelDelimiter(text: string, file: string): '\t' | ',' | null {
  const ext = extensionOf(file);
  if (ext === 'tsv' || ext === 'tab') return '\t';
  if (ext === 'csv') return ',';
  const first = text.slice(0, text.search(/\r|\n|$/));
  return first.includes('\t') ? '\t' : first.includes(',') ? ',' : null;
}

/** The index of the labels column in `header`, or an 'unknown-column' error listing the columns. */
function pickColumn(header: string[], file: string, wanted: string | undefined): number {
  const find = (name: string) => {
    const exact = header.indexOf(name);
    if (exact >= 0) return exact;
    const loose = header.flatMap((h, i) => (h.toLowerCase() === name.toLowerCase() ? [i] : []));
    return loose.length === 1 ? loose[0] : -1;
  };
  if (wanted === undefined) return Math.max(0, find('label'));
  const i = find(wanted);
  if (i < 0) {
    const list = header.map((h) => `“${h}”`).join(', ');
    throw new EmbeddingFileError('unknown-column', `${file} has no column “${wanted}”; its columns are ${list}.`, file);
  }
  return i;
}

/** Labels from text (TSV/CSV/one per line), by the Projector's header rule. */
function labelsFromText(b: Uint8Array, file: string, opts: LabelsOptions): Labels {
  if (b.subarray(0, 4096).includes(0)) {
    throw new EmbeddingFileError('format', `${file} is neither a NumPy .npy file nor text (TSV/CSV): it holds binary data.`, file);
  }
  const text = new TextDecoder().decode(b);
  const { rows, lines } = splitDelimited(text, labelDelimiter(text, file));
  if (!rows.length || rows.every((r) => r.every((f) => f === ''))) throw new EmbeddingFileError('empty', `${file} has no labels: it is blank.`, file);
  const width = rows[0].length;
  const ragged = (i: number, want: number, what: string) => {
    const got = rows[i].length;
    const msg = got === 1 && rows[i][0] === '' ? 'the line is empty' : `${got} field${got === 1 ? '' : 's'}`;
    return new EmbeddingFileError('ragged', `${file}, line ${lines[i]}: ${msg}, but ${what} has ${want}.`, file, [lines[i]]);
  };
  let texts: string[];
  let columns: string[] = [];
  let column: string | null = null;
  let body: number[];
  if (width === 1) {
    if (opts.column !== undefined) {
      throw new EmbeddingFileError(
        'unknown-column',
        `${file} has a single column, so it has no header and no column “${opts.column}” (the Projector reads a one-column file as labels only).`,
        file,
      );
    }
    body = rows.map((_, i) => i);
    for (const i of body) if (rows[i].length !== 1) throw ragged(i, 1, 'the first line');
    texts = rows.map((r) => r[0]);
    // The Projector splits metadata lines on tabs: a tab in a one-column file's line is a second field, not part of a label.
    const tabbed = texts.findIndex((t) => t.includes('\t'));
    if (tabbed >= 0) {
      const fields = texts[tabbed].split('\t').length;
      throw new EmbeddingFileError('ragged', `${file}, line ${lines[tabbed]}: ${fields} tab-separated fields, but the first line has 1.`, file, [lines[tabbed]]);
    }
  } else {
    columns = rows[0];
    const c = pickColumn(columns, file, opts.column);
    column = columns[c];
    body = rows.slice(1).map((_, i) => i + 1);
    if (!body.length) throw new EmbeddingFileError('empty', `${file} has only a header row (${columns.join(', ')}), no labels.`, file);
    for (const i of body) if (rows[i].length !== width) throw ragged(i, width, 'the header');
    texts = body.map((i) => rows[i][c]);
  }
  const most = opts.maxItems ?? MAX_ITEMS;
  if (texts.length > most) throw new EmbeddingFileError('too-large', `${file} has ${count(texts.length)} labels; this app reads at most ${count(most)} items.`, file);
  checkNoEmpty(texts, (i) => lines[body[i]], file, 'line');
  return { fileName: file, n: texts.length, ...indexClasses(texts), columns, column };
}

/**
 * Reads labels from `bytes`: an .npy (by magic or name) or text. Throws {@link EmbeddingFileError}:
 * 'empty', 'too-large', 'format', 'dtype', 'order', 'shape', 'ragged', 'empty-label', 'unknown-column'.
 */
export function parseLabels(bytes: Uint8Array | ArrayBuffer, fileName: string, opts: LabelsOptions = {}): Labels {
  const b = asBytes(bytes);
  checkFileSize(b, fileName);
  return isNpy(b) || extensionOf(fileName) === 'npy' ? labelsFromNpy(b, fileName, opts) : labelsFromText(b, fileName, opts);
}
