/**
 * The one error type of the "your own embeddings" parsers, and the limits they enforce. Every
 * refusal carries a user-facing `message` (which file, which row, what to do) and a machine `code`
 * the page and the CLI (exit code 2) switch on. Pure TypeScript: page, worker and Node.
 */

/** What went wrong, for programs; the message says it for people. */
export type EmbeddingFileErrorCode =
  /** No data: 0 bytes, only blank lines, or an array with no rows. */
  | 'empty'
  /** Over a limit: rows, dimensions or bytes (the message names the limit). */
  | 'too-large'
  /** Not a file we read: binary that is not .npy, an .npz archive, a truncated or malformed .npy. */
  | 'format'
  /** An .npy element type we do not read here (complex, object, big-endian, ints as vectors, …). */
  | 'dtype'
  /** An .npy in Fortran (column-major) order. */
  | 'order'
  /** The array has the wrong number of dimensions, or vectors of one value. */
  | 'shape'
  /** A row with a different number of values (or fields) than the first, or an empty line inside. */
  | 'ragged'
  /** A cell of a vectors file that is not a number. */
  | 'not-a-number'
  /** Vectors holding NaN or ±Infinity (or values beyond float32's range). */
  | 'non-finite'
  /** A vectors file whose first row is a header of names. */
  | 'header'
  /** A labels file with empty label cells. */
  | 'empty-label'
  /** `--label-column` / the picked column is not in the header. */
  | 'unknown-column'
  /** Vectors and labels have different numbers of rows. */
  | 'row-count'
  /** Every item has the same label. */
  | 'single-class'
  /** No two items share a label, so there is no positive pair at all. */
  | 'no-pairs'
  /** The browser could not read the file's bytes (too large for it to hold, or changed or moved since it was chosen). */
  | 'unreadable';

/** A refused embeddings or labels file: `message` for the user, `code` for the program. */
export class EmbeddingFileError extends Error {
  constructor(
    readonly code: EmbeddingFileErrorCode,
    message: string,
    /** The file the message is about, when there is one. */
    readonly file?: string,
    /** The offending rows (1-based lines for text files, 0-based indices for .npy), when known. */
    readonly rows?: number[],
  ) {
    super(message);
    this.name = 'EmbeddingFileError';
  }
}

/** Most items (rows) a file may hold in the page: what a browser tab evaluates in minutes. */
export const MAX_ITEMS = 100_000;
/**
 * Most items the command line reads (`evaluate`, src/cli): a million-item test set and more; the
 * 1 GiB file limit binds first for most d (4M float32 rows of 64).
 */
export const CLI_MAX_ITEMS = 10_000_000;
/** Most values per embedding. */
export const MAX_DIM = 1024;
/**
 * Most bytes a file may have: 1 GiB holds the largest float64 .npy (100,000 × 1,024 × 8 B) and a
 * float32 TSV of that size; larger files would not fit in a browser tab's memory next to the app.
 */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** `bytes` as a Uint8Array view (no copy). */
export function asBytes(bytes: Uint8Array | ArrayBuffer): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

/** The lower-case extension of `fileName` without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `12,345` — counts in messages read better grouped. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** A cell's text for a message: quoted, and cut short when long. */
export function quoteText(text: string, max = 24): string {
  const t = text.length > max ? text.slice(0, max) + '…' : text;
  return `“${t}”`;
}

/** "4, 17, 90 and 12 more" — the first few of a list of rows, and how many were not shown. */
export function listRows(rows: number[], total = rows.length, shown = 5): string {
  const head = rows.slice(0, shown).join(', ');
  return total > shown ? `${head} and ${count(total - shown)} more` : head;
}

/** Throws 'empty' or 'too-large' for a file that is refused by its size alone. */
export function checkFileSize(bytes: Uint8Array, fileName: string): void {
  if (bytes.length === 0) throw new EmbeddingFileError('empty', `${fileName} is empty (0 bytes).`, fileName);
  if (bytes.length > MAX_FILE_BYTES) {
    const mb = (bytes.length / 2 ** 20).toFixed(0);
    throw new EmbeddingFileError(
      'too-large',
      `${fileName} is ${mb} MiB, over the 1 GiB limit. Save the vectors as a float32 .npy (4 bytes a value) or use fewer items.`,
      fileName,
    );
  }
}
