/**
 * Guard of every metric path: all-pairs counting walks ties by equality and sorts by value, and
 * NaN breaks both (a tie walk on NaN never ends). Embeddings with a non-finite entry are refused
 * with a message that says how many rows and which, so the page and the CLI can say it plainly.
 */

/** Thrown by the evaluation when some embedding rows hold NaN or ±Infinity. */
export class NonFiniteEmbeddingsError extends Error {
  constructor(
    /** Indices of the offending rows (all of them). */
    readonly rows: number[],
    readonly n: number,
  ) {
    const shown = rows.slice(0, 5).join(', ') + (rows.length > 5 ? `, … (${rows.length - 5} more)` : '');
    super(
      `${rows.length} of ${n} embeddings hold NaN or Infinity (rows ${shown}); the metrics need finite vectors. ` +
        'A run that diverged produces these: reset it with a lower learning rate or α.',
    );
    this.name = 'NonFiniteEmbeddingsError';
  }
}

/** Rows of the n × d row-major `emb` that hold a non-finite entry, in order. */
export function nonFiniteRows(emb: ArrayLike<number>, n: number, d: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < d; k++) {
      if (!Number.isFinite(emb[i * d + k])) {
        rows.push(i);
        break;
      }
    }
  }
  return rows;
}

/** Throws {@link NonFiniteEmbeddingsError} when any row of `emb` is not finite. */
export function assertFiniteEmbeddings(emb: ArrayLike<number>, n: number, d: number): void {
  const rows = nonFiniteRows(emb, n, d);
  if (rows.length) throw new NonFiniteEmbeddingsError(rows, n);
}
