/**
 * Evaluation reports from seeded embeddings, for the charts' tests and snapshots: the same report on
 * every run and machine.
 */
import { Rng } from '../../data/rng';
import { evaluateEmbeddings } from '../../eval/evaluate';

/** A report of C classes whose spread grows with the class index (class C − 1 is the loosest). */
export async function spreadReport(C: number, perClass: number) {
  const rng = new Rng(4);
  const n = C * perClass;
  const d = 6;
  const emb = new Float32Array(n * d);
  const labels = Int32Array.from({ length: n }, (_, i) => i % C);
  for (let i = 0; i < n; i++) {
    const c = labels[i];
    for (let k = 0; k < d; k++) emb[i * d + k] = (k === c % d ? 2 + Math.floor(c / d) : 0) + (0.2 + (0.8 * c) / C) * rng.normal();
  }
  return evaluateEmbeddings(emb, labels, n, d, C, { path: 'exact', queries: 5 });
}
