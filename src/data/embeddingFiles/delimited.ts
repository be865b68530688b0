/**
 * TSV/CSV reading for embeddings and labels. Two readers share the same rules (a UTF-8 BOM is
 * skipped; lines end in \n, \r\n or \r; blank lines at the end are ignored, blank lines inside are
 * refused; CSV fields may be "quoted", with "" for a quote inside):
 * - {@link parseNumericTable} walks the bytes and writes numbers straight into a Float32Array, so a
 *   100,000 × 1,024 vectors file makes no string per cell;
 * - {@link splitDelimited} makes strings, for labels (one short field a line).
 */
import { EmbeddingFileError, count, quoteText } from './errors';
import { parseNumberPrefix } from './numbers';

/** How cells are separated: a tab, a comma, or any run of spaces/tabs ('space'). */
export type Delimiter = '\t' | ',' | 'space';

const TAB = 9, LF = 10, CR = 13, SPACE = 32, QUOTE = 34, COMMA = 44;

/** Where the text starts: after a UTF-8 byte-order mark, if there is one. */
export function textStart(b: Uint8Array): number {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
}

/** The end of the line starting at `p` (the index of its \n or \r, or b.length). */
export function lineEnd(b: Uint8Array, p: number): number {
  while (p < b.length && b[p] !== LF && b[p] !== CR) p++;
  return p;
}

/** The start of the line after the one ending at `end` (skips \n, \r\n or \r). */
export function nextLine(b: Uint8Array, end: number): number {
  if (end >= b.length) return end;
  if (b[end] === CR && b[end + 1] === LF) return end + 2;
  return end + 1;
}

/** Whether bytes [p, e) are only spaces and tabs. */
export function isBlank(b: Uint8Array, p: number, e: number): boolean {
  for (; p < e; p++) if (b[p] !== SPACE && b[p] !== TAB) return false;
  return true;
}

/** The delimiter of a vectors file, from its first line: tab, else comma, else whitespace. */
export function detectDelimiter(b: Uint8Array, p: number, e: number): Delimiter {
  let comma = false;
  for (; p < e; p++) {
    if (b[p] === TAB) return '\t';
    if (b[p] === COMMA) comma = true;
  }
  return comma ? ',' : 'space';
}

/** About how many lines follow `p` (counts \n natively; a file of bare \r lines counts 1). */
function estimateLines(b: Uint8Array, p: number): number {
  let n = 1;
  for (let i = b.indexOf(LF, p); i >= 0; i = b.indexOf(LF, i + 1)) n++;
  return n;
}

/** A refusal at a line of a table. */
function tableError(code: 'ragged' | 'not-a-number' | 'too-large', file: string, line: number, msg: string): EmbeddingFileError {
  return new EmbeddingFileError(code, `${file}, line ${line}: ${msg}`, file, [line]);
}

/** A numeric table read from text: `rows` × `cols` values, row-major. */
export interface NumericTable {
  rows: number;
  cols: number;
  data: Float32Array;
}

/** What {@link parseNumericTable} needs to know: names for messages and the limits. */
export interface NumericTableOptions {
  fileName: string;
  delimiter: Delimiter;
  /** The 1-based line number of the line at the start offset (2 when a header was skipped). */
  firstLine: number;
  maxRows: number;
  maxCols: number;
}

/**
 * Reads the numbers of `b` from offset `start` on: one row a line, the same number of values in
 * every row. Throws {@link EmbeddingFileError} 'ragged', 'not-a-number' or 'too-large' naming the
 * line (1-based, as an editor shows it) and the column. NaN/Infinity cells are stored as such.
 */
export function parseNumericTable(b: Uint8Array, start: number, o: NumericTableOptions): NumericTable {
  const { fileName, delimiter, maxRows, maxCols } = o;
  const sep = delimiter === '\t' ? TAB : delimiter === ',' ? COMMA : -1;
  const len = b.length;
  const firstRow = new Float32Array(maxCols);
  const cell = new Float64Array(1);
  let data = firstRow;
  let cols = -1, rows = 0, line = o.firstLine - 1, blankLine = 0;
  // Line ends by native search; the next \r and \n are remembered, so each is searched for once.
  let nextLF = -2, nextCR = -2;
  let p = start;
  while (p < len) {
    if (nextLF !== -1 && nextLF < p) nextLF = b.indexOf(LF, p);
    if (nextCR !== -1 && nextCR < p) nextCR = b.indexOf(CR, p);
    const end = nextLF < 0 ? (nextCR < 0 ? len : nextCR) : nextCR < 0 ? nextLF : Math.min(nextLF, nextCR);
    const after = end >= len ? len : b[end] === CR && b[end + 1] === LF ? end + 2 : end + 1;
    line++;
    if (isBlank(b, p, end)) {
      if (!blankLine) blankLine = line;
      p = after;
      continue;
    }
    if (blankLine) throw tableError('ragged', fileName, blankLine, 'the line is empty, but rows follow it. Remove blank lines inside the file.');
    if (rows === maxRows) throw tableError('too-large', fileName, line, `more than ${count(maxRows)} rows, the most this app reads.`);
    if (cols >= 0 && (rows + 1) * cols > data.length) {
      // The estimate missed (lines ended by bare \r): grow.
      const grown = new Float32Array(Math.min(maxRows, rows * 2 + 1) * cols);
      grown.set(data);
      data = grown;
    }
    const base = rows * cols;
    let col = 0;
    let q = p;
    for (;;) {
      // One cell: skip leading blanks, read a number, skip trailing blanks, expect a delimiter.
      while (q < end && (b[q] === SPACE || (b[q] === TAB && sep !== TAB))) q++;
      if (sep < 0 && q === end) break; // whitespace-separated: trailing blanks end the row
      if (cols < 0 && col === maxCols) throw tableError('too-large', fileName, line, `more than ${count(maxCols)} values in a row, the most this app reads.`);
      const s = q;
      const quoted = sep >= 0 && q < end && b[q] === QUOTE;
      if (quoted) q++;
      const r = parseNumberPrefix(b, q, end, cell, 0);
      let ok = r >= 0;
      if (cols < 0 || col < cols) data[base + col] = cell[0]; // a ragged row's extra cells are only counted
      q = r;
      if (ok && quoted) ok = q < end && b[q++] === QUOTE;
      if (ok) {
        const stop = q;
        while (q < end && (b[q] === SPACE || (b[q] === TAB && sep !== TAB))) q++;
        ok = q === end || (sep >= 0 ? b[q] === sep : q > stop);
      }
      if (!ok) throw notANumber(b, s, end, sep, fileName, line, col);
      col++;
      if (q >= end) break;
      if (sep >= 0) q++; // past the delimiter
    }
    if (cols < 0) {
      cols = col;
      data = new Float32Array(Math.min(estimateLines(b, p), maxRows) * cols);
      data.set(firstRow.subarray(0, cols));
    } else if (col !== cols) {
      throw tableError('ragged', fileName, line, `${count(col)} value${col === 1 ? '' : 's'}, but the first row has ${count(cols)}.`);
    }
    rows++;
    p = after;
  }
  if (cols < 0) return { rows: 0, cols: 0, data: new Float32Array(0) };
  return { rows, cols, data: rows * cols === data.length ? data : data.slice(0, rows * cols) };
}

/** The 'not-a-number' error for the cell starting at `s` of line `line`, column `col` (0-based). */
function notANumber(b: Uint8Array, s: number, end: number, sep: number, file: string, line: number, col: number): EmbeddingFileError {
  let e = s;
  if (sep >= 0 && b[s] === QUOTE) {
    e = b.indexOf(QUOTE, s + 1);
    e = e < 0 || e > end ? end : e + 1;
  }
  while (e < end && (sep >= 0 ? b[e] !== sep : b[e] !== SPACE && b[e] !== TAB)) e++;
  while (e > s && (b[e - 1] === SPACE || b[e - 1] === TAB)) e--;
  const hint = line === 1 ? ' (a vectors file holds numbers only, with no header row)' : '';
  if (s === e) return tableError('not-a-number', file, line, `column ${col + 1} is empty${hint}.`);
  const text = new TextDecoder().decode(b.subarray(s, Math.min(e, s + 64)));
  return tableError('not-a-number', file, line, `column ${col + 1}, ${quoteText(text)} is not a number${hint}.`);
}

/** Rows of fields read from text, each with the 1-based line it starts on. */
export interface SplitText {
  rows: string[][];
  lines: number[];
}

/**
 * Splits `text` into rows of fields at `delimiter` (null: one field a line). Fields are trimmed;
 * a field starting with a quote runs to its closing quote ("" is a quote inside, newlines
 * allowed). Blank lines are kept as a row of one empty field; blank lines at the end are dropped.
 */
export function splitDelimited(text: string, delimiter: '\t' | ',' | null): SplitText {
  const rows: string[][] = [];
  const lines: number[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const row: string[] = [];
    const startLine = line;
    for (;;) {
      while (i < n && (text[i] === ' ' || (text[i] === '\t' && delimiter !== '\t'))) i++;
      let field: string;
      if (delimiter !== null && text[i] === '"') {
        let j = i + 1;
        field = '';
        for (;;) {
          const k = text.indexOf('"', j);
          if (k < 0) { field += text.slice(j); j = n; break; }
          field += text.slice(j, k);
          if (text[k + 1] === '"') { field += '"'; j = k + 2; } else { j = k + 1; break; }
        }
        for (const ch of field) if (ch === '\n') line++;
        // Anything after the closing quote, up to the delimiter, stays part of the field.
        let k = j;
        while (k < n && text[k] !== delimiter && text[k] !== '\n' && text[k] !== '\r') k++;
        field += text.slice(j, k).trimEnd();
        i = k;
      } else {
        let k = i;
        while (k < n && text[k] !== delimiter && text[k] !== '\n' && text[k] !== '\r') k++;
        field = text.slice(i, k).trim();
        i = k;
      }
      row.push(field);
      if (i < n && text[i] === delimiter) { i++; continue; }
      break;
    }
    if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1;
    else if (text[i] === '\n') i++;
    line++;
    rows.push(row);
    lines.push(startLine);
  }
  while (rows.length && rows[rows.length - 1].length === 1 && rows[rows.length - 1][0] === '') {
    rows.pop();
    lines.pop();
  }
  return { rows, lines };
}
