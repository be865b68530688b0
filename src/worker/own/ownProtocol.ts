/**
 * The typed messages between the page and the "your own embeddings" worker
 * (src/worker/own/ownEmbeddings.worker.ts), imported by both sides. The page hands over the chosen
 * files (File handles: their bytes are read in the worker) or a set it remembered (its Float32Array
 * transferred, not copied); the worker reads, parses, evaluates and answers with the report and the
 * 2-D view. Nothing leaves the browser.
 */
import type { EvalReport } from '../../eval/report';
import type { EmbeddingFileErrorCode } from '../../data/embeddingFiles';
import type { EmbeddingSnapshot } from '../protocol';

/** What the worker is doing, in the order it does it (a restored set starts at 'evaluating'). */
export type OwnStage = 'reading' | 'parsing' | 'evaluating';

/** A parsed set: what the page remembers (IndexedDB) and hands back to be evaluated again. */
export interface OwnSetData {
  n: number;
  d: number;
  /** n × d, row-major. */
  data: Float32Array;
  /** Class index 0 … C−1 per item. */
  labels: Int32Array;
  classNames: string[];
  vectorsName: string;
  labelsName: string;
  /** The labels file's header columns (empty without a header) and the one the labels came from. */
  columns: string[];
  column: string | null;
}

/** From the page to the worker. */
export type ToOwnWorker =
  /**
   * Read, parse and evaluate two files. `roles: 'guess'` (two files dropped at once): the worker
   * decides which holds the vectors, by content. `column`: the labels column (null: `label`, else
   * the first). `keepUpTo`: the most bytes of vectors the page will remember (the set comes back then).
   */
  | { type: 'files'; job: number; vectors: File; labels: File; roles: 'given' | 'guess'; column: string | null; keepUpTo: number }
  /** Evaluate a set the page remembered (its arrays transferred). */
  | { type: 'set'; job: number; set: OwnSetData };

/** The set as evaluated: everything the page shows about it, without the vectors. */
export interface OwnSetInfo {
  n: number;
  d: number;
  classNames: string[];
  /** Items per class. */
  classSizes: number[];
  /** Things the user should know that did not stop the evaluation. */
  warnings: string[];
  vectorsName: string;
  labelsName: string;
  columns: string[];
  column: string | null;
  /** 'exact' (every pair sorted, up to the app's exact limit) or 'binned' (4096 cosine bins). */
  path: 'exact' | 'binned';
  /** Threads the retrieval pass was split between (evalWorkers.ts; 1, or absent in older reports: one). */
  retrievalThreads?: number;
  /** Threads k-means's restarts were dealt to (evalWorkers.ts; absent in older reports: one). */
  kmeansThreads?: number;
  /** Whether a float32 screen ranked the retrieval pass (the same numbers; absent in older reports: no). */
  retrievalScreened?: boolean;
  /** Milliseconds the worker spent reading, parsing and evaluating (reading and parsing are 0 for a restored set). */
  ms: { read: number; parse: number; evaluate: number };
}

/** From the worker to the page, each about one job. */
export type FromOwnWorker =
  /** Progress of job `job`: `fraction` in [0, 1] of the stage. */
  | { type: 'progress'; job: number; stage: OwnStage; fraction: number }
  /**
   * The evaluation of job `job`. `kept`: the parsed set handed back (transferred) for the page to
   * remember, or null when it was not asked for or is over `keepUpTo` bytes.
   */
  | { type: 'result'; job: number; info: OwnSetInfo; report: EvalReport; snapshot: EmbeddingSnapshot; kept: OwnSetData | null }
  /** Job `job` was refused: the parser's (or the evaluation's) reason, for the user. */
  | { type: 'failed'; job: number; code: EmbeddingFileErrorCode | 'internal'; message: string; file: string | null; rows: number[] };
