/**
 * The TensorFlow Embedding Projector's two files for a set of embeddings: `vectors.tsv` (one row
 * per item, tab-separated numbers, no header) and `metadata.tsv` (one label per line; no header,
 * because the Projector reads a single-column file as labels only). Pure TypeScript.
 */

/** The shortest decimal that reads back as the same float32 (so a round trip is exact, rows stay short). */
export function formatFloat32(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const f = Math.fround(x);
  for (let p = 6; p < 9; p++) {
    const d = Number(f.toPrecision(p));
    if (Math.fround(d) === f) return String(d);
  }
  return String(Number(f.toPrecision(9)));
}

/** `vectors.tsv` and `metadata.tsv` for `n` items of `dim` values (row-major) and their labels. */
export function projectorTsv(embeddings: Float32Array, labels: ArrayLike<number>, n: number, dim: number): { vectors: string; metadata: string } {
  if (embeddings.length !== n * dim || labels.length !== n) throw new Error(`projectorTsv: expected ${n}×${dim} values and ${n} labels`);
  const rows: string[] = new Array(n);
  const row: string[] = new Array(dim);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < dim; j++) row[j] = formatFloat32(embeddings[i * dim + j]);
    rows[i] = row.join('\t');
  }
  return { vectors: rows.join('\n') + '\n', metadata: Array.from(labels, String).join('\n') + '\n' };
}
