/**
 * What the page gets at each embedding refresh (every `evalEvery` steps): the evaluation set in
 * 2-D, the one accuracy and the compactness every loss shares, HU Fig. 2 for the current model,
 * and a toy set's input plane. The training worker prepares it (`prepareSnapshot`); its
 * arithmetic (`finishSnapshot`, 20–60 ms at 2,000 items) runs on the metrics worker where it can.
 */
import type { Trainer, EvalEmbeddings } from '../../ml/trainer';
import { scheduleAt } from '../../ml/schedule';
import { classCentroids, nearestCentroid, planeGrid } from '../../eval/views/inputPlane';
import type { EmbeddingSnapshot, InputPlane } from '../protocol';
import { finishSnapshot, type SnapshotJob } from './snapshotView';

export { snapshotTransfers } from './snapshotView';

/** Cells per side of the input plane: 48² = 2,304 points through a 2-64-64-d MLP, ~a step's cost. */
const PLANE_SIZE = 48;
/** Training points drawn over the plane. */
const PLANE_POINTS = 600;

/**
 * The part of a refresh only the training worker can do — which α HU Fig. 2 uses, the input plane
 * (the encoder on a grid) — with copies of `ev`'s arrays, so `ev` stays usable and the job can be
 * handed over to the metrics worker.
 */
export async function prepareSnapshot(run: Trainer, ev: EvalEmbeddings, between: () => Promise<void>): Promise<SnapshotJob> {
  return {
    step: ev.step,
    dim: ev.dim,
    n: ev.n,
    embeddings: ev.embeddings.slice(0, ev.n * ev.dim),
    labels: Int32Array.from(ev.labels),
    weights: ev.weights.slice(),
    accuracy: ev.accuracy,
    ...gradientAlpha(run, ev.step),
    plane: hasInputPlane(run) ? await inputPlane(run, ev, between) : null,
  };
}

/** Builds the snapshot of `ev` (the evaluation embeddings of `run` at its current step) in place. */
export async function buildSnapshot(run: Trainer, ev: EvalEmbeddings, between: () => Promise<void>): Promise<EmbeddingSnapshot> {
  return finishSnapshot(await prepareSnapshot(run, ev, between));
}

/** True for a run on 2-D points, whose view includes its input plane. */
export const hasInputPlane = (run: Trainer): boolean => run.split.train.itemShape.length === 1 && run.split.train.itemShape[0] === 2;

/** The α of HU Fig. 2 for this run at `step`, or why the view does not apply. */
export function gradientAlpha(run: Trainer, step: number): Pick<SnapshotJob, 'gradientAlpha' | 'gradientNote'> {
  const { spec } = run;
  if (!run.objective.classifier) {
    return { gradientAlpha: null, gradientNote: 'This loss compares items with each other and learns no class weights, so there are no class logits whose gradient HU Fig. 2 plots. Pick a softmax, ArcFace or CosFace loss to see it.' };
  }
  if (spec.loss === 'softmax' && spec.head === 'sm') {
    return { gradientAlpha: null, gradientNote: 'The plain SM head does not normalise features or weights, so it has no scale α to vary. Pick the LN or BN head to see how α shapes the gradient.' };
  }
  const margin = spec.loss === 'softmax' ? '' : ' (the plain softmax of the normalised logits, without the margin)';
  return {
    gradientAlpha: scheduleAt(Math.max(0, step - 1), spec).alpha,
    gradientNote: `Gradient of the cross-entropy${margin} w.r.t. the normalised embedding, for the current model's evaluation items.`,
  };
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
