/**
 * The typed messages between the page and the training worker. The page owns the configuration and
 * the history; the worker owns tfjs, the data and the run, and reports what happened.
 */
import type { Config } from '../state/params';
import type { StepPoint } from '../ml/trainer';
import type { EvalReport } from '../eval/report';
import type { BackendInfo, EmbeddingSnapshot } from '../state/run/reports';
import type { Faults } from './training/faults';
import type { CpuTurns } from './cpuTurns';

// Defined beside the store that keeps them; named here too, as the messages carry them.
export type { BackendInfo, EmbeddingSnapshot, InputPlane } from '../state/run/reports';

/** The backend auto settled on in another worker, and what it measured (its note). */
export interface AutoChoice {
  active: string;
  note: string | null;
}

export type ToWorker =
  /** (Re)build the run from this configuration; data are cached across inits. `run` numbers it. */
  /**
   * Build run `run` of `config`. `autoFrom`: another run's measured auto choice (A's, for B of a
   * comparison) to take instead of measuring again. `turns`: the page's CPU turns and this
   * worker's slot (cpuTurns.ts), where the page has them.
   */
  | { type: 'init'; config: Config; dataUrl: string; run: number; faults?: Faults; autoFrom?: AutoChoice; turns?: CpuTurns | null }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step' }
  /** Evaluate now: all of the evaluation set (`full`) or the periodic subsample. */
  | { type: 'evaluate'; full: boolean }
  /** Rebuild the same run from its seeds, as run number `run`. */
  | { type: 'reset'; run: number }
  | RunFileCommand;

/** Commands about the run's files (src/worker/training/runFiles.ts): saving, and opening a saved model. */
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
