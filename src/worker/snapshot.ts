/**
 * What the page gets at each embedding refresh: the evaluation set in 2-D, the one accuracy and
 * the compactness every loss shares, HU Fig. 2 for the current model, and a toy set's input plane.
 * All cheap next to a training step (a few ms at 2,000 items), so it is built every `evalEvery`.
 */
import type { Trainer, EvalEmbeddings } from '../ml/trainer';
import { scheduleAt } from '../ml/schedule';
import { fitProjection, project } from '../eval/projection';
import { classCompactness, nearestCentroidAccuracy } from '../eval/compactness';
import { gradientVsAlpha } from '../eval/gradientVsAlpha';
import { classCentroids, nearestCentroid, planeGrid } from '../eval/inputPlane';
import type { EmbeddingSnapshot, InputPlane } from './protocol';

/** Cells per side of the input plane: 48² = 2,304 points through a 2-64-64-d MLP, ~a step's cost. */
const PLANE_SIZE = 48;
/** Training points drawn over the plane. */
const PLANE_POINTS = 600;

/** Builds the snapshot of `ev` (the evaluation embeddings of `run` at its current step). */
export async function buildSnapshot(run: Trainer, ev: EvalEmbeddings, between: () => Promise<void>): Promise<EmbeddingSnapshot> {
  const proj = fitProjection(ev.embeddings, ev.n, ev.dim);
  const { gradient, gradientNote } = gradientView(run, ev);
  return {
    step: ev.step,
    dim: ev.dim,
    projection: proj.kind,
    explained: proj.explained,
    points: project(proj, ev.embeddings, ev.n),
    labels: Int32Array.from(ev.labels),
    weights: project(proj, ev.weights, ev.weights.length / ev.dim),
    accuracy: nearestCentroidAccuracy(ev.embeddings, ev.labels, ev.n, ev.dim).accuracy,
    compactness: classCompactness(ev.embeddings, ev.labels, ev.n, ev.dim).ratio,
    classifierAccuracy: ev.accuracy,
    gradient,
    gradientNote,
    plane: run.split.train.itemShape.length === 1 && run.split.train.itemShape[0] === 2 ? await inputPlane(run, ev, between) : null,
  };
}

/** The buffers a snapshot can hand over to the page without copying. */
export function snapshotTransfers(s: EmbeddingSnapshot): Transferable[] {
  const t: Transferable[] = [s.points.buffer, s.labels.buffer, s.weights.buffer];
  if (s.plane) t.push(s.plane.classes.buffer, s.plane.points.buffer, s.plane.labels.buffer);
  return t;
}

function gradientView(run: Trainer, ev: EvalEmbeddings): Pick<EmbeddingSnapshot, 'gradient' | 'gradientNote'> {
  const { spec } = run;
  if (!run.objective.classifier) {
    return { gradient: null, gradientNote: 'This loss compares items with each other and learns no class weights, so there are no class logits whose gradient HU Fig. 2 plots. Pick a softmax, ArcFace or CosFace loss to see it.' };
  }
  if (spec.loss === 'softmax' && spec.head === 'sm') {
    return { gradient: null, gradientNote: 'The plain SM head does not normalise features or weights, so it has no scale α to vary. Pick the LN or BN head to see how α shapes the gradient.' };
  }
  const { alpha } = scheduleAt(Math.max(0, ev.step - 1), spec);
  const result = gradientVsAlpha({ embeddings: ev.embeddings, labels: ev.labels, weights: ev.weights, dim: ev.dim, alpha });
  if (result.reason) return { gradient: null, gradientNote: `No sample has a class weight to be scored against: ${result.reason}` };
  const margin = spec.loss === 'softmax' ? '' : ' (the plain softmax of the normalised logits, without the margin)';
  return { gradient: result, gradientNote: `Gradient of the cross-entropy${margin} w.r.t. the normalised embedding, for the current model's evaluation items.` };
}

async function inputPlane(run: Trainer, ev: EvalEmbeddings, between: () => Promise<void>): Promise<InputPlane> {
  const train = run.split.train;
  const { extent, centres } = planeGrid(train.x, PLANE_SIZE);
  const { embeddings, predictions } = await run.embed(centres, PLANE_SIZE * PLANE_SIZE, between);
  const classes = predictions ?? nearestCentroid(embeddings, PLANE_SIZE * PLANE_SIZE, classCentroids(ev.embeddings, ev.labels, ev.dim), ev.dim);
  const stride = Math.max(1, Math.floor(train.n / PLANE_POINTS));
  const picked = Array.from({ length: Math.ceil(train.n / stride) }, (_, k) => k * stride);
  return {
    size: PLANE_SIZE,
    extent,
    classes,
    points: Float32Array.from(picked.flatMap((i) => [train.x[2 * i], train.x[2 * i + 1]])),
    labels: Int32Array.from(picked, (i) => train.y[i]),
    rule: predictions ? 'nearest class weight' : 'nearest class centroid',
  };
}
