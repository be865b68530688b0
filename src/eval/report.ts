/**
 * What an evaluation is asked ({@link EvalOptions}) and what it reports ({@link EvalReport}): the
 * report is small enough to post to the page every few seconds. evaluate.ts makes it.
 */
import type { OperatingPoints } from './metrics/operatingPoints';
import type { RocCurve } from './metrics/roc';
import type { RetrievalPass } from './retrieval/retrieval';
import type { ClusteringPass } from './clustering/restarts';

export interface EvalOptions {
  path: 'js' | 'tf' | 'wgsl' | 'exact';
  /** Cosine bins of the binned paths (default 4096). */
  bins?: number;
  farLo?: number;
  farHi?: number;
  /** Grid thresholds G of OPIS and the utility curves (default 101). */
  grid?: number;
  eps?: number;
  /** Target FARs to report operating points at, besides the default grid (operatingPoints.ts DEFAULT_FARS). */
  fars?: number[];
  /** Score-distribution queries Q (default 200, capped at n). */
  queries?: number;
  /**
   * Opt-in: Recall@K, MAP@R and R-precision as means over this many seeded queries instead of every
   * item (each query still against EVERY other item: the gallery is never subsampled). Unset, or ≥ n:
   * every item. The report says so (`recall.sampled`).
   */
  recallSample?: number;
  /** Seed of the recall sample (if asked for), the score-distribution queries and k-means (default 1). */
  seed?: number;
  /** Runs the retrieval pass (default in this thread; the CLI's splits it between worker threads). */
  retrievalPass?: RetrievalPass;
  /** Runs k-means's restarts (default in this thread; the CLI's deals them to worker threads). */
  clusteringPass?: ClusteringPass;
  /**
   * Awaited every ~50 ms of work so the thread can take messages. The histograms and the retrieval
   * pass may run at once, so both may await it together: it must let each go (a queue, not one slot).
   */
  between?: () => Promise<void>;
  onProgress?: (fraction: number) => void;
}

export interface EvalReport {
  n: number;
  /** n(n−1)/2. */
  pairs: number;
  /** Positive pairs (same label). */
  positives: number;
  /** Which all-pairs path produced ap … distance ('exact', or 'js' / 'tf' with `bins` cosine bins). */
  path: 'js' | 'tf' | 'wgsl' | 'exact';
  bins: number | null;
  ap: number;
  /** PR curve, descending threshold, downsampled to ≤ 512 points (first and last kept). */
  pr: { precision: number[]; recall: number[] };
  /** The distances where the global FAR reaches `farLo` and `farHi` (SPEC "Calibration range"). */
  calibration: { dMin: number; dMax: number; farLo: number; farHi: number };
  /** The global threshold at each target FAR (default grid + EvalOptions.fars) and its per-class FAR/FRR. */
  operating: OperatingPoints;
  /** Class names by label, when the items came with names (not set here: the caller may add them). */
  classNames?: string[];
  /** U_t on the OPIS grid, for the classes with a positive pair (rows follow `classes`). */
  utility: { grid: number[]; perClass: number[][]; classes: number[] };
  opis: number;
  epsOpis: number;
  /**
   * Recall@K (src/eval/retrieval/retrieval.ts) over `items` queries, each against every other item: every
   * item (items = n), unless EvalOptions.recallSample asked for a seeded sample of queries
   * (`sampled`; absent in reports made before it, which used a 2,000-item subsample); `screened`
   * when a float32 screen ranked them (the tfjs paths: the same numbers, faster).
   */
  recall: { k: number[]; value: number[]; items: number; sampled?: boolean; screened?: boolean };
  /**
   * MAP@R and R-precision (SPEC; pytorch-metric-learning's AccuracyCalculator) over the same
   * queries, leaving out those whose class has no other item; R capped at `rCounts.cap` (1,000).
   * NaN when no query has a same-class other. Optional only for reports made before them.
   */
  mapAtR?: number;
  rPrecision?: number;
  /** Queries in MAP@R and R-precision, the cap on R, and how many queries it capped. */
  rCounts?: { items: number; cap: number; capped: number };
  /**
   * NMI of k-means++ (k = distinct labels) on every l2-normalised item vs the labels: the lowest
   * inertia of 10 seeded restarts (SPEC; scikit-learn's n_init=10).
   */
  nmi: number;
  /** The kept clustering's inertia (Σ squared distances to its centres) and the restart it came from. Optional only for older reports. */
  kmeans?: { inertia: number; restart: number };
  scoreDistribution: { edges: number[]; perQuery: number[][]; p5: number[]; p95: number[] };
  /** Pair counts per distance bin over [0, 2] (100 bins). */
  distance: { edges: number[]; pos: number[]; neg: number[] };
  /** TAR against FAR over all pairs, FAR log-spaced from max(1e-6, 1/|neg|) to 1 (SPEC ROC / DET; roc.ts). Optional only for older reports. */
  roc?: RocCurve;
  /**
   * The binned path's error bounds (SPEC: the binning error stated): PR-AUC's bracket, OPIS's and
   * ε-OPIS's bounds on the distance from the exact values (opisBounds.ts; ε-OPIS's null only where
   * ε-OPIS is NaN), and whether the bins told ε-OPIS's best and worst classes apart (when not, its
   * bound holds for every grouping the exact values could make, and is wider). Null on the exact
   * path (nothing binned).
   */
  bounds?: { prAuc: [number, number]; opis: number; epsOpis: number | null; epsOpisGroupsKnown?: boolean } | null;
  /** Wall time of the whole evaluation. */
  ms: number;
  /** Its parts: the all-pairs histograms with the retrieval pass (they run together), then k-means. */
  msParts?: { pairsAndRetrieval: number; kmeans: number };
}
