/**
 * The typed messages between the page and the training worker. The page owns the configuration and
 * the history; the worker owns tfjs, the data and the run, and reports what happened.
 */
import type { Config } from '../state/params';
import type { StepPoint } from '../ml/trainer';
import type { EvalReport } from '../eval/evaluate';
import type { GradientVsAlphaResult } from '../eval/gradientVsAlpha';
import type { Extent } from '../eval/inputPlane';
import type { Faults } from './faults';

/** The tfjs backend in use and the WebGPU adapter seen, for the status bar. */
export interface BackendInfo {
  requested: Config['backend'];
  active: string;
  adapter: { vendor: string; architecture: string; description: string; fallback: boolean } | null;
  /** Why the active backend differs from the request, or other facts worth showing. */
  note: string | null;
  /** On wasm: the threads it computes with, whether tfjs's threaded build runs, and why not more. */
  threads?: { count: number; threaded: boolean; why: string | null } | null;
}

/** The evaluation set in 2-D, ready to draw. */
export interface EmbeddingSnapshot {
  step: number;
  dim: number;
  projection: 'circle' | 'pca';
  /** Share of the variance the 2-D view shows (1 on the circle). */
  explained: number;
  /** n × 2 coordinates of the evaluation items. */
  points: Float32Array;
  labels: Int32Array;
  /** M × 2 coordinates of the l2-normalised class weights. */
  weights: Float32Array;
  /**
   * Nearest-class-centroid accuracy, leave-one-out on the evaluation items: the one accuracy the
   * page shows, comparable across every loss family and the open-world split.
   */
  accuracy: number;
  /** Mean angle of items to their class centroid ÷ mean angle from each centroid to the nearest other (lower = tighter classes). */
  compactness: number;
  /** The classifier's own accuracy (nearest class weight) when the loss has weights for every evaluated class. */
  classifierAccuracy: number | null;
  /** HU Fig. 2 for the current model, or null with the reason in `gradientNote`. */
  gradient: GradientVsAlphaResult | null;
  gradientNote: string;
  /** The input plane of a 2-D toy set (null for MNIST). */
  plane: InputPlane | null;
  /** A loaded set's name, which the view's caption shows instead of the step (sets of one's own have no step). */
  label?: string;
  /** The class names by label, for the legend (absent: the label numbers). */
  classNames?: string[];
}

/** A toy set's input plane: the class the model assigns to each cell, and training points to draw over it. */
export interface InputPlane {
  /** Cells per side; `classes` holds size × size class indices, row by row from the top (-1: none). */
  size: number;
  extent: Extent;
  classes: Int32Array;
  /** A sample of training points (n × 2) and their labels. */
  points: Float32Array;
  labels: Int32Array;
  rule: 'nearest class weight' | 'nearest class centroid';
}

export type ToWorker =
  /** (Re)build the run from this configuration; data are cached across inits. `run` numbers it. */
  | { type: 'init'; config: Config; dataUrl: string; run: number; faults?: Faults }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step' }
  /** Evaluate now: all of the evaluation set (`full`) or the periodic subsample. */
  | { type: 'evaluate'; full: boolean }
  /** Rebuild the same run from its seeds, as run number `run`. */
  | { type: 'reset'; run: number }
  | RunFileCommand;

/** Commands about the run's files (src/worker/runFiles.ts): saving, and opening a saved model. */
export type RunFileCommand =
  /** Send the run as a tfjs model artifact (`modelFile`). */
  | { type: 'exportModel' }
  /** Send the evaluation set's embeddings and labels as the Embedding Projector's TSVs (`embeddingsFile`). */
  | { type: 'exportEmbeddings' }
  /** Open a saved model (model.json's text and the chosen .bin files); answered by `modelOpened` or an error notice. */
  | { type: 'loadModel'; jsonName: string; json: string; weights: { name: string; data: ArrayBuffer }[] }
  /** The page took the opened model's configuration: report it as run number `run`. */
  | { type: 'adoptModel'; run: number };

/**
 * A report from the worker, stamped with the number of the run it belongs to: reports of a run
 * still in flight when the page started another are recognised and dropped.
 */
export type FromWorker = WorkerReport & { run: number };

export type WorkerReport =
  | { type: 'backend'; info: BackendInfo }
  | { type: 'progress'; label: string; fraction: number }
  /** The dataset could not be loaded (the reason follows as an error notice): the page offers the toy sets. */
  | { type: 'dataFailed'; message: string }
  | { type: 'ready'; description: string; trainSize: number; evalSize: number; encoder: string; kernels: 'tfjs' | 'wgsl' }
  | { type: 'steps'; points: StepPoint[] }
  /** The run goes on from `step` (after a lost GPU device): the history after it is dropped, to be redrawn. */
  | { type: 'resumed'; step: number }
  | { type: 'snapshot'; snapshot: EmbeddingSnapshot }
  /** All-pairs evaluation (SPEC "Evaluation") of the embeddings at `step`. */
  | { type: 'evaluation'; step: number; full: boolean; report: EvalReport }
  /** Progress of a running evaluation in [0, 1]; 1 when it is done. */
  | { type: 'evalProgress'; fraction: number }
  /** `diverged`: the loss became non-finite; only a reset or a new run continues. */
  | { type: 'state'; running: boolean; step: number; finished: boolean; diverged: boolean; numTensors: number }
  | { type: 'notice'; level: 'info' | 'warn' | 'error'; message: string }
  /** The run cannot continue in this worker (e.g. the GPU device was lost). */
  | { type: 'fatal'; message: string }
  /** The run as a model artifact: model.json's text and its weights file (transferred). */
  | { type: 'modelFile'; step: number; json: string; weightsName: string; weights: ArrayBuffer }
  /** The evaluation set at `step` as the Embedding Projector's vectors.tsv and metadata.tsv. */
  | { type: 'embeddingsFile'; step: number; vectors: string; metadata: string }
  /** A saved model passed every check and replaced the run (paused); the page answers `adoptModel`. */
  | { type: 'modelOpened'; config: Config; step: number };
