/**
 * The arithmetic half of an embedding refresh — the 2-D view, the one accuracy, compactness and
 * HU Fig. 2 — from embeddings already read back. Plain JS (no tfjs), so it runs on the metrics
 * worker while training goes on, or in place where no second worker can start.
 */
import { fitProjection, project } from '../../eval/views/projection';
import { classCompactness, nearestCentroidAccuracy } from '../../eval/views/compactness';
import { gradientVsAlpha } from '../../eval/views/gradientVsAlpha';
import type { EvalEmbeddings } from '../../ml/trainer';
import type { EmbeddingSnapshot, InputPlane } from '../protocol';

/**
 * What the training worker hands over: the refresh's embeddings (copies the job owns: they may be
 * transferred) and what only it can know.
 */
export interface SnapshotJob extends EvalEmbeddings {
  /** The α in force, where HU Fig. 2 applies; else null and `gradientNote` says why. */
  gradientAlpha: number | null;
  gradientNote: string;
  plane: InputPlane | null;
}

/** The snapshot the page draws, from `job`. */
export function finishSnapshot(job: SnapshotJob): EmbeddingSnapshot {
  const { embeddings, labels, weights, n, dim } = job;
  const proj = fitProjection(embeddings, n, dim);
  let gradient: EmbeddingSnapshot['gradient'] = null;
  let gradientNote = job.gradientNote;
  if (job.gradientAlpha !== null) {
    const result = gradientVsAlpha({ embeddings, labels, weights, dim, alpha: job.gradientAlpha });
    if (result.reason) gradientNote = `No sample has a class weight to be scored against: ${result.reason}`;
    else gradient = result;
  }
  return {
    step: job.step,
    dim,
    projection: proj.kind,
    explained: proj.explained,
    points: project(proj, embeddings, n),
    labels,
    weights: project(proj, weights, weights.length / dim),
    accuracy: nearestCentroidAccuracy(embeddings, labels, n, dim).accuracy,
    compactness: classCompactness(embeddings, labels, n, dim).ratio,
    classifierAccuracy: job.accuracy,
    gradient,
    gradientNote,
    plane: job.plane,
  };
}

/** The buffers a job can hand over to the metrics worker without copying. */
export function snapshotJobTransfers(j: SnapshotJob): Transferable[] {
  const t: Transferable[] = [j.embeddings.buffer, j.labels.buffer, j.weights.buffer];
  if (j.plane) t.push(j.plane.classes.buffer, j.plane.points.buffer, j.plane.labels.buffer);
  return t;
}

/** The buffers a snapshot can hand over to the page without copying. */
export function snapshotTransfers(s: EmbeddingSnapshot): Transferable[] {
  const t: Transferable[] = [s.points.buffer, s.labels.buffer, s.weights.buffer];
  if (s.plane) t.push(s.plane.classes.buffer, s.plane.points.buffer, s.plane.labels.buffer);
  return t;
}
