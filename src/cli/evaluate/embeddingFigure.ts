/**
 * The evaluated items in 2-D for `metric-playground evaluate`, as the page's embedding view shows
 * a set: l2-normalised (the evaluation compares cosines), on the unit circle for d = 2, else on the
 * top two principal components (src/eval/views/projection.ts). Above MAX_DRAWN items a seeded sample,
 * stratified by class, is drawn (and fitted), so that the file stays a few hundred kB.
 */
import { Rng } from '../../data/rng';
import { fitProjection, project } from '../../eval/views/projection';
import { embeddingMarkup, projectionText } from '../../charts/embedding/embeddingMarkup';
import type { Inks, ViewMarkup } from '../../charts/viewMarkup';

/** Items drawn at most (a circle each, ~45 bytes of SVG). */
export const MAX_DRAWN = 3000;
/** The sample's seed: the same file gives the same figure. */
const SAMPLE_SEED = 1;

/** The items of the sample, ascending. */
export function stratifiedSample(labels: ArrayLike<number>, max: number, seed = SAMPLE_SEED): Int32Array {
  const n = labels.length;
  if (n <= max) return Int32Array.from({ length: n }, (_, i) => i);
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const list = members.get(labels[i]);
    if (list) list.push(i);
    else members.set(labels[i], [i]);
  }
  // Seats by largest remainder: each class its share of `max`, the seats left to the largest fractions.
  const classes = [...members.keys()].sort((a, b) => a - b);
  const exact = classes.map((c) => (max * members.get(c)!.length) / n);
  const seats = exact.map(Math.floor);
  const order = classes.map((_, k) => k).sort((a, b) => exact[b] - seats[b] - (exact[a] - seats[a]) || a - b);
  for (let k = 0, left = max - seats.reduce((s, v) => s + v, 0); k < left; k++) seats[order[k]]++;
  const rng = new Rng(seed);
  const out: number[] = [];
  classes.forEach((c, k) => out.push(...rng.shuffle(members.get(c)!.slice()).slice(0, seats[k])));
  return Int32Array.from(out.sort((a, b) => a - b));
}

/** A set of embeddings as `evaluate` reads it (src/data/embeddingFiles EmbeddingSet). */
export interface EmbeddedItems {
  n: number;
  d: number;
  data: Float32Array;
  labels: Int32Array;
  classNames: string[];
}

/** The embedding figure of `set`: its markup (EmbeddingPlot's geometry) and its title. */
export function embeddingView(set: EmbeddedItems, inks: Inks): { view: ViewMarkup; title: string; drawn: number } {
  const { n, d, data } = set;
  const idx = stratifiedSample(set.labels, MAX_DRAWN);
  const m = idx.length;
  const rows = new Float32Array(m * d);
  const labels = new Int32Array(m);
  idx.forEach((i, r) => {
    let s = 0;
    for (let k = i * d; k < (i + 1) * d; k++) s += data[k] * data[k];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let k = 0; k < d; k++) rows[r * d + k] = data[i * d + k] * inv;
    labels[r] = set.labels[i];
  });
  const p = fitProjection(rows, m, d);
  const v = { dim: d, projection: p.kind, explained: p.explained, points: project(p, rows, m), labels, classNames: set.classNames };
  const count = (k: number) => k.toLocaleString('en-US');
  const caption = `${projectionText(v)} · ${m < n ? `${count(m)} of ${count(n)} items` : `${count(n)} items`}`;
  const title = `Embedding of the evaluated items, ${projectionText(v)}${m < n ? `: a seeded, class-stratified sample of ${count(m)} of the ${count(n)} items` : `, all ${count(n)} items`}`;
  return { view: embeddingMarkup(v, inks, caption), title, drawn: m };
}
