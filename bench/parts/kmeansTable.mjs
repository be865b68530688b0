// Writes src/eval/clustering/sklearnTable.json: scikit-learn's KMeans(n_init=10) NMI and inertia
// over 10 seeds on the bench's Zipf sets of 10, 100 and 1,000 classes (peer.py --sklearn-seeds), the
// table the k-means agreement test (src/eval/clustering/agreement.test.ts) holds our k-means to, so
// that no test needs Python. Run it again only when the sets change: `node bench/parts/kmeansTable.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peerPython, writeZipfFiles } from './peer.mjs';

/** The sets of the table: items, dimensions, classes drawn (seed 1, noise 0.11). */
export const AGREEMENT_SETS = [
  { n: 5000, dim: 64, classes: 10 },
  { n: 5000, dim: 64, classes: 100 },
  { n: 5000, dim: 64, classes: 1000 },
];

const { python, missing } = peerPython();
if (!python) throw new Error(missing);
const dir = mkdtempSync(join(tmpdir(), 'mp-kmeans-table-'));
try {
  const rows = AGREEMENT_SETS.map((set) => {
    const { vectors, metadata } = writeZipfFiles(dir, set);
    const out = JSON.parse(execFileSync(python, [new URL('./peer.py', import.meta.url).pathname, '--sklearn-seeds', '10', vectors, metadata], { encoding: 'utf8' }));
    const row = { ...set, present: out.classes, nmi: out.nmi, inertia: out.inertia };
    console.log(JSON.stringify(row));
    return row;
  });
  const sklearn = execFileSync(python, ['-c', 'import sklearn; print(sklearn.__version__)'], { encoding: 'utf8' }).trim();
  writeFileSync(new URL('../../src/eval/clustering/sklearnTable.json', import.meta.url), JSON.stringify({ sklearn, made: new Date().toISOString().slice(0, 10), rows }, null, 1) + '\n');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
