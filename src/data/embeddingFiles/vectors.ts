/**
 * A user's embeddings file — NumPy `.npy` (N × d floats) or text (the Embedding Projector's
 * `vectors.tsv`: one row per item, tab-, comma- or space-separated, no header) — read into one
 * row-major Float32Array, or refused with an {@link EmbeddingFileError} that says what to fix.
 * Takes bytes and a file name (not a DOM File) so the page's worker and the Node CLI share it.
 */
import { parseNumericTable, lineEnd, nextLine, textStart, isBlank, detectDelimiter, splitDelimited, type Delimiter } from './delimited';
import { EmbeddingFileError, MAX_DIM, MAX_ITEMS, asBytes, checkFileSize, count, extensionOf, listRows, quoteText } from './errors';
import { isNpy, parseNpy, readNpyHeader } from './npy';
import { isNumberText } from './numbers';

/** Embeddings as read: `n` rows of `d` values, row-major float32. */
export interface Vectors {
  fileName: string;
  /** How the file was read: .npy, or text with this delimiter. */
  format: 'npy' | 'tsv' | 'csv' | 'space';
  n: number;
  d: number;
  data: Float32Array;
  /** The header row that was skipped (only with `skipHeader`), else null. */
  header: string[] | null;
  /** The 1-based file line of row 0 (text files; 2 after a skipped header), or 0 for .npy. */
  firstLine: number;
}

/** Choices the user can make about a vectors file. */
export interface VectorsOptions {
  /**
   * Skip a first row of names. Off by default: the Projector's vectors.tsv has no header, and a
   * silently dropped row would shift every label by one; the 'header' error offers this instead.
   */
  skipHeader?: boolean;
  /** Most rows read (default {@link MAX_ITEMS}, the page's; the command line reads more). */
  maxItems?: number;
}

/** Refuses files that are binary but not .npy (a .pt, .h5, .npz, …), before reading them as text. */
function checkText(b: Uint8Array, file: string): void {
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 3 && b[3] === 4) {
    throw new EmbeddingFileError('format', `${file} is a zip archive (an .npz of several arrays?): save one array with np.save(path, arr) and drop that .npy.`, file);
  }
  const head = b.subarray(0, 4096);
  if (head.includes(0)) {
    throw new EmbeddingFileError('format', `${file} is neither a NumPy .npy file nor text (TSV/CSV): it holds binary data.`, file);
  }
}

/** The fields of line [p, e) split as `delimiter` splits them (of its first 256 KiB: enough to tell a header). */
function fieldsOf(b: Uint8Array, p: number, e: number, delimiter: Delimiter): string[] {
  const text = new TextDecoder().decode(b.subarray(p, Math.min(e, p + (1 << 18))));
  if (delimiter === 'space') return text.trim().split(/[ \t]+/);
  return splitDelimited(text, delimiter).rows[0] ?? [''];
}

/** Rows of `data` (n × d) holding NaN or ±Infinity: the first few, and how many in all. */
function nonFiniteRows(data: Float32Array, n: number, d: number): { rows: number[]; total: number } {
  const rows: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    for (let k = i * d, e = k + d; k < e; k++) {
      if (!Number.isFinite(data[k])) {
        if (rows.length < 100) rows.push(i);
        total++;
        break;
      }
    }
  }
  return { rows, total };
}

/** Throws 'non-finite' when rows hold NaN/Inf, naming them as the user finds them in the file. */
function checkFinite(v: Vectors): void {
  const { rows, total } = nonFiniteRows(v.data, v.n, v.d);
  if (!total) return;
  const npy = v.format === 'npy';
  const where = npy ? rows : rows.map((i) => i + v.firstLine);
  const named = npy ? `rows ${listRows(where, total)} (NumPy indices, from 0)` : `line${total === 1 ? '' : 's'} ${listRows(where, total)}`;
  throw new EmbeddingFileError(
    'non-finite',
    `${v.fileName}: ${count(total)} of ${count(v.n)} rows hold NaN or infinite values (or values beyond float32's ±3.4e38), at ${named}. ` +
      'The metrics need finite vectors: fix or remove those rows (and their labels).',
    v.fileName,
    where,
  );
}

/** Checks n and d against the limits and the sense of an embedding. */
function checkSize(file: string, n: number, d: number, what: string, maxItems: number): void {
  if (n === 0) throw new EmbeddingFileError('empty', `${file} holds no ${what}.`, file);
  if (n > maxItems) throw new EmbeddingFileError('too-large', `${file} has ${count(n)} rows; this app reads at most ${count(maxItems)} items.`, file);
  if (d > MAX_DIM) throw new EmbeddingFileError('too-large', `${file} has ${count(d)} values per row; this app reads at most ${count(MAX_DIM)}.`, file);
  if (d < 2) {
    throw new EmbeddingFileError('shape', `${file} has ${d} value per row; an embedding needs at least 2 (is this the labels file?).`, file);
  }
}

/** The embeddings in an .npy: a 2-D float array. */
function vectorsFromNpy(b: Uint8Array, file: string, maxItems: number): Vectors {
  const h = readNpyHeader(b, file);
  if (h.kind !== 'float') {
    const what = h.kind === 'int' ? 'integers' : 'strings';
    throw new EmbeddingFileError('dtype', `${file} holds ${what} ('${h.descr}'); embeddings must be floats (float16, float32 or float64) (is this the labels file?).`, file);
  }
  if (h.shape.length !== 2) {
    const dims = h.shape.length === 0 ? 'a single number' : `a ${h.shape.length}-D array of shape (${h.shape.join(', ')})`;
    const hint = h.shape.length === 1 ? ' (is this the labels file?)' : h.shape.length > 2 ? ': reshape it to (N, d)' : '';
    throw new EmbeddingFileError('shape', `${file} is ${dims}; embeddings are a 2-D array, one row of d values per item${hint}.`, file);
  }
  const [n, d] = h.shape;
  checkSize(file, n, d, 'rows', maxItems);
  const { data } = parseNpy(b, file);
  return { fileName: file, format: 'npy', n, d, data: data as Float32Array, header: null, firstLine: 0 };
}

/** The embeddings in a text file: detects the delimiter and a header row, then reads the numbers. */
function vectorsFromText(b: Uint8Array, file: string, opts: VectorsOptions): Vectors {
  checkText(b, file);
  let start = textStart(b);
  if (isAllSpace(b, start)) {
    throw new EmbeddingFileError('empty', `${file} has no rows: it is blank.`, file);
  }
  const end1 = lineEnd(b, start);
  const delimiter = detectDelimiter(b, start, end1);
  let firstLine = 1;
  let header: string[] | null = null;
  const cells = fieldsOf(b, start, end1, delimiter);
  if (cells.every((c) => !isNumberText(c)) && !isBlank(b, start, end1)) {
    const p2 = nextLine(b, end1);
    const cells2 = p2 < b.length ? fieldsOf(b, p2, lineEnd(b, p2), delimiter) : [];
    if (cells2.length && cells2.every((c) => !isNumberText(c))) {
      throw new EmbeddingFileError('not-a-number', `${file}: its lines hold words, not numbers (line 1: ${quoteText(cells.join(' '), 40)}). Is this the labels file?`, file, [1]);
    }
    if (!opts.skipHeader) {
      throw new EmbeddingFileError(
        'header',
        `${file}: line 1 (${quoteText(cells.join(' '), 40)}) is a header of names, not numbers. A vectors file holds numbers only ` +
          '(the Projector’s vectors.tsv has no header): remove that line, or choose to skip it.',
        file,
        [1],
      );
    }
    header = cells;
    start = p2;
    firstLine = 2;
  }
  const t = parseNumericTable(b, start, { fileName: file, delimiter, firstLine, maxRows: opts.maxItems ?? MAX_ITEMS, maxCols: MAX_DIM });
  checkSize(file, t.rows, t.cols, header ? 'rows below its header' : 'rows', opts.maxItems ?? MAX_ITEMS);
  const format = delimiter === '\t' ? 'tsv' : delimiter === ',' ? 'csv' : 'space';
  return { fileName: file, format, n: t.rows, d: t.cols, data: t.data, header, firstLine };
}

/** Whether every byte from `p` on is whitespace (space, tab, newline). */
function isAllSpace(b: Uint8Array, p: number): boolean {
  for (; p < b.length; p++) if (b[p] !== 32 && b[p] !== 9 && b[p] !== 10 && b[p] !== 13) return false;
  return true;
}

/**
 * Reads embeddings from `bytes`: an .npy (by its magic, or an `.npy` name) or TSV/CSV/space-
 * separated text. Throws {@link EmbeddingFileError}: 'empty', 'too-large', 'format', 'dtype',
 * 'order', 'shape', 'ragged', 'not-a-number', 'header', 'non-finite'.
 */
export function parseVectors(bytes: Uint8Array | ArrayBuffer, fileName: string, opts: VectorsOptions = {}): Vectors {
  const b = asBytes(bytes);
  checkFileSize(b, fileName);
  const v = isNpy(b) || extensionOf(fileName) === 'npy' ? vectorsFromNpy(b, fileName, opts.maxItems ?? MAX_ITEMS) : vectorsFromText(b, fileName, opts);
  checkFinite(v);
  return v;
}
