/**
 * Collapse detection, the embedding's counterpart of the worker's divergence check. A collapsed
 * run maps every item to (nearly) one direction, so no distance tells classes apart, and its loss
 * sits flat at the value equal similarities give (CES: log(1 + |N_B|)). Pure TypeScript: the
 * worker runs it on each embedding refresh; the thresholds were measured on real runs (the notes
 * on COLLAPSE_LIMITS say which).
 */
import { topKCount } from '../../ml/ops/topk';

/** Thresholds of {@link detectCollapse}. R is the class-balanced mean resultant length. */
export const COLLAPSE_LIMITS = {
  /**
   * R at or above which the embedding is collapsed once the loss has stopped falling: an RMS angle
   * to the mean direction of ≲ 3.6°. Real collapses (CE family, triplet, softmax heads) sit at
   * 0.998–1. A run that plateaus at chance before learning (spirals, LN softmax at α = 4, d = 8)
   * passes 0.991, untrained encoders 0.9943 (d = 2, worst of 300 seeds), MNIST + CES 0.998 in its
   * first 15 steps before recovering: hence no verdict without `window` losses or while they fall.
   */
  resultant: 0.998,
  /** R at or above which the embedding is collapsed whatever the loss does (RMS angle ≲ 0.8°). */
  resultantTotal: 0.9999,
  /** R enough with the loss pinned at the collapsed value: CES collapses sit at 0.991–0.997 in 64-d, 0.983–0.993 at α = 2. */
  resultantWithLoss: 0.98,
  /** Step losses judged (the latest ones); fewer than this and there is no verdict. */
  window: 20,
  /** The loss is falling when the window's second half is below its first by ≥ 1% and by ≥ 2 standard errors of the noise. */
  minDrop: 0.01,
  /** The loss sits at the collapsed value v when |mean − v| ≤ 0.05 + 0.01·v (batch composition alone moves CES's v by ±0.02 at the defaults). */
  lossTolAbs: 0.05,
  lossTolRel: 0.01,
} as const;

/** The part of a run's configuration the collapsed loss depends on (the app's Config and TrainSpec satisfy it). */
export interface CollapseLossSpec {
  loss: string;
  pairs: 'class' | 'instance';
  rho: number;
  alpha: number;
  batch: number;
  perClass: number;
  conMargin: number;
  triMargin: number;
  tcm: 'off' | 'on';
  tcmNeg: number;
  tcmNegW: number;
}

/** What {@link detectCollapse} measured; plain numbers and strings, so it can be posted or stored. */
export interface CollapseDetail {
  /** Class-balanced mean resultant length of the unit embeddings: |mean over classes of the class means| ∈ [0, 1]. */
  resultant: number;
  /** Root-mean-square angle (degrees) from the points to the mean direction. */
  rmsAngleDeg: number;
  /** Angle (degrees) within which 95% of the points lie around the mean direction. */
  p95AngleDeg: number;
  /** Largest angle (degrees) from a point to the mean direction. */
  maxAngleDeg: number;
  /** Largest angle (degrees) between two class-mean directions (0 with one class). */
  classSpreadDeg: number;
  /** Number of classes in the evaluation labels. */
  classes: number;
  /** Mean of the judged loss window, null when there were fewer than `window` finite losses. */
  recentLoss: number | null;
  /** Whether the judged window's loss still falls; 'unknown' without enough history. */
  lossTrend: 'falling' | 'flat' | 'unknown';
  /** The loss every batch gives once all embeddings coincide (null when it depends on learned weights). */
  collapsedLoss: number | null;
  /** True when the recent loss sits at `collapsedLoss`. */
  atCollapsedLoss: boolean;
  /** Which rule fired: total concentration, concentration with a stalled loss, or the loss pinned at the collapsed value. */
  rule: 'total' | 'geometry' | 'loss' | null;
}

/** The detector's answer: `kind` null means healthy (or not judged yet), and `message` is then ''. */
export interface CollapseVerdict {
  kind: 'collapse' | null;
  /** Plain words: what happened and what to change. */
  message: string;
  detail: CollapseDetail;
}

/** What the detector reads: the evaluation embeddings (rows l2-normalised) and the recent step losses. */
export interface CollapseInput {
  /** n × dim, row-major, rows l2-normalised. */
  embeddings: ArrayLike<number>;
  labels: ArrayLike<number>;
  n: number;
  dim: number;
  /** Step losses, oldest first; only the last `COLLAPSE_LIMITS.window` are judged. */
  losses: ArrayLike<number>;
  /** From {@link expectedCollapsedLoss} or {@link collapsedBatchLoss}; omit when unknown. */
  collapsedLoss?: number | null;
  /** The loss kind (the app's `loss` key), to tailor the advice. */
  loss?: string;
}

const PAIR_LOSSES = new Set(['ssm', 'snm', 'ces', 'cenm']);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const deg = (cos: number) => (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;

/**
 * The loss once every embedding coincides, from a batch's class counts (entries may be
 * fractional, for an expected batch). All scaled similarities are then equal, so each CE-family
 * row costs log(1 + its number of (mined) negatives); contrastive costs margin² per negative pair,
 * triplet the margin, TCM adds λ⁻(1 − m⁻). Null for classifier losses (the value depends on the
 * class weights) and for α < 1, where every embedding's CE loss lies within 2α of that value.
 */
function collapsedFromCounts(spec: CollapseLossSpec, counts: number[]): number | null {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n < 2) return null;
  const sumSq = counts.reduce((a, c) => a + c * c, 0);
  const negPairs = PAIR_LOSSES.has(spec.loss);
  // Negatives of a pair batch's row i: every other document (instance mode), or those of other classes.
  const rowNeg = (c: number) => (spec.pairs === 'instance' ? n - 1 : n - c);
  const byRow = (f: (neg: number) => number) => counts.reduce((a, c) => a + c * f(rowNeg(c)), 0) / n;
  const total = spec.pairs === 'instance' ? n * (n - 1) : n * n - sumSq;
  if (negPairs && spec.alpha < 1) return null;
  let base: number;
  switch (spec.loss) {
    case 'ssm':
      base = byRow((k) => Math.log1p(k));
      break;
    case 'snm':
      base = byRow((k) => Math.log1p(k > 0 ? topKCount(spec.rho, Math.round(k)) : 0));
      break;
    case 'ces':
      base = Math.log1p(total);
      break;
    case 'cenm':
      base = Math.log1p(total > 0 ? topKCount(spec.rho, Math.round(total)) : 0);
      break;
    case 'contrastive':
      base = (spec.conMargin ** 2 * (n * (n - 1) - (sumSq - n))) / (n * (n - 1));
      break;
    case 'triplet':
      // Only anchors with a positive and a negative count (as tripletBatchHardLoss).
      base = counts.some((c) => c >= 2 && c < n) ? spec.triMargin : 0;
      break;
    default:
      return null;
  }
  // TCM: at one point every cosine is 1, so every negative costs c − m⁻ = 1 − m⁻ and no positive costs.
  const hasNeg = negPairs ? total > 0 : sumSq < n * n;
  return spec.tcm === 'on' && hasNeg ? base + spec.tcmNegW * Math.max(0, 1 - spec.tcmNeg) : base;
}

/** Class counts of a label list. */
function countLabels(labels: ArrayLike<number>): Map<number, number> {
  const m = new Map<number, number>();
  for (const y of Array.from(labels)) m.set(y, (m.get(y) ?? 0) + 1);
  return m;
}

/**
 * The loss of one batch whose embeddings all coincide, from its labels: one label per pair for
 * the CE family, one per item for contrastive/triplet. Null for classifier losses.
 */
export function collapsedBatchLoss(spec: CollapseLossSpec, labels: ArrayLike<number>): number | null {
  return collapsedFromCounts(spec, [...countLabels(labels).values()]);
}

/**
 * The collapsed loss of the batches a run draws from `trainLabels`, as the samplers build them:
 * P×K batches exactly, pair batches at their expected class counts (within 0.01 of the sampled
 * mean at the defaults). Null for classifier losses.
 */
export function expectedCollapsedLoss(spec: CollapseLossSpec, trainLabels: ArrayLike<number>): number | null {
  const counts = [...countLabels(trainLabels).values()];
  if (spec.loss === 'contrastive' || spec.loss === 'triplet') {
    const eligible = counts.filter((c) => c >= spec.perClass).length;
    const P = Math.min(eligible, Math.max(2, Math.floor(spec.batch / spec.perClass)));
    return collapsedFromCounts(spec, Array<number>(P).fill(spec.perClass));
  }
  // Class-mode pairs draw their queries from classes with ≥ 2 items.
  const pool = spec.pairs === 'class' ? counts.filter((c) => c >= 2) : counts;
  const size = pool.reduce((a, b) => a + b, 0);
  const n = Math.min(spec.batch, size);
  return size > 0 ? collapsedFromCounts(spec, pool.map((c) => (n * c) / size)) : null;
}

/** Geometry of the unit embeddings around their class-balanced mean direction. */
function geometry(emb: ArrayLike<number>, labels: ArrayLike<number>, n: number, d: number) {
  // Class means weigh every class equally, so one large class cannot fake (or hide) a collapse.
  const byClass = new Map<number, { sum: Float64Array; size: number }>();
  for (let i = 0; i < n; i++) {
    const cls = byClass.get(labels[i]) ?? { sum: new Float64Array(d), size: 0 };
    byClass.set(labels[i], cls);
    cls.size++;
    for (let k = 0; k < d; k++) cls.sum[k] += emb[i * d + k];
  }
  const sums = [...byClass.values()].map((c) => c.sum.map((v) => v / c.size));
  const C = sums.length;
  const mean = new Float64Array(d);
  for (const m of sums) for (let k = 0; k < d; k++) mean[k] += m[k] / C;
  const resultant = Math.hypot(...mean);
  const u = mean.map((v) => v / (resultant || 1));
  const angles = new Float64Array(n);
  let sq = 0;
  for (let i = 0; i < n; i++) {
    let dot = 0;
    for (let k = 0; k < d; k++) dot += emb[i * d + k] * u[k];
    angles[i] = deg(dot);
    sq += angles[i] ** 2;
  }
  angles.sort();
  const dirs = sums.map((s) => s.map((v) => v / (Math.hypot(...s) || 1)));
  let minCos = 1;
  for (let a = 0; a < C; a++)
    for (let b = a + 1; b < C; b++) minCos = Math.min(minCos, dirs[a].reduce((t, v, k) => t + v * dirs[b][k], 0));
  const p95AngleDeg = angles[Math.min(n - 1, Math.ceil(0.95 * n) - 1)];
  return { resultant, rmsAngleDeg: Math.sqrt(sq / n), p95AngleDeg, maxAngleDeg: angles[n - 1], classSpreadDeg: deg(minCos), classes: C };
}

/** Mean and trend of the last `window` losses; 'unknown' when fewer are finite. */
function lossWindow(losses: ArrayLike<number>): { recent: number | null; trend: CollapseDetail['lossTrend'] } {
  const w = COLLAPSE_LIMITS.window;
  const tail = Array.from(losses).slice(-w);
  if (tail.length < w || !tail.every(Number.isFinite)) return { recent: null, trend: 'unknown' };
  const h = Math.floor(w / 2);
  const first = mean(tail.slice(0, h));
  const drop = first - mean(tail.slice(-h));
  // Step-to-step noise from the median absolute deviation of the differences: robust to the trend
  // itself and to a few spikes (a plain standard deviation of a falling window is mostly trend).
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const diffs = tail.slice(1).map((x, i) => x - tail[i]);
  const mid = median(diffs.slice());
  const sd = (1.4826 * median(diffs.map((x) => Math.abs(x - mid)))) / Math.SQRT2;
  // A two-sample z of 2 on halves of h steps: noise alone rarely drops this far.
  const falling = drop > COLLAPSE_LIMITS.minDrop * Math.abs(first) && drop > 2 * sd * Math.sqrt(2 / h);
  return { recent: mean(tail), trend: falling ? 'falling' : 'flat' };
}

/** What to change, by loss family: what did and did not end the collapses measured on the toy sets. */
function advice(loss: string | undefined): string {
  if (loss && PAIR_LOSSES.has(loss))
    return (
      'With every similarity equal, the pull on positives and the push on negatives cancel, so training barely moves: ' +
      'a run can sit there for a thousand steps or more before it escapes on its own. Press play to wait it out, or reset with ' +
      'a classifier loss (softmax, ArcFace) or other data; a smaller α or learning rate alone did not prevent it on the toy sets.'
    );
  if (loss === 'triplet')
    return (
      'Batch-hard triplet loss is known to do this early in training (its loss then equals the margin). Reset with the ' +
      'contrastive or a classifier loss; a lower learning rate, smaller margin or larger K did not prevent it on the toy sets.'
    );
  if (loss === 'arcface')
    return "Past θ + m = 180° ArcFace's target logit s·cos(θ + m) rises again, so features opposite every class weight can score well without separating classes. Lower s (α) and the learning rate, then reset.";
  if (loss === 'softmax' || loss === 'cosface')
    return 'Every item then gets the same class probabilities. A too-large learning rate (units that stop responding) or scale α, or an unlucky init seed, does this: lower them or change the seed, then reset.';
  return 'Lower the learning rate or the scale α, or try another loss, then reset.';
}

const fmt = (x: number) => x.toFixed(x < 1 ? 2 : x < 10 ? 1 : 0);

/**
 * Judges one embedding refresh. Collapse when, with at least `window` step losses seen: every
 * class sits within ~0.8° of one direction (R ≥ 0.9999); or R ≥ 0.998 and the loss has stopped
 * falling; or R ≥ 0.98 and the loss has stopped falling at the collapsed value. One class, fewer
 * than two points or non-finite embeddings give no verdict (divergence is reported elsewhere).
 */
export function detectCollapse(input: CollapseInput): CollapseVerdict {
  const { n, dim, embeddings, labels } = input;
  const collapsedLoss = input.collapsedLoss ?? null;
  const { recent, trend } = lossWindow(input.losses);
  const finite = n >= 2 && Array.prototype.every.call(embeddings, Number.isFinite);
  const g = finite
    ? geometry(embeddings, labels, n, dim)
    : { resultant: NaN, rmsAngleDeg: NaN, p95AngleDeg: NaN, maxAngleDeg: NaN, classSpreadDeg: NaN, classes: countLabels(labels).size };
  const tol = collapsedLoss === null ? 0 : COLLAPSE_LIMITS.lossTolAbs + COLLAPSE_LIMITS.lossTolRel * Math.abs(collapsedLoss);
  const atCollapsedLoss = recent !== null && collapsedLoss !== null && Math.abs(recent - collapsedLoss) <= tol;
  let rule: CollapseDetail['rule'] = null;
  // One class has no other class to be confused with: a tight single cluster is a good embedding.
  if (finite && g.classes >= 2 && trend !== 'unknown') {
    if (g.resultant >= COLLAPSE_LIMITS.resultantTotal) rule = 'total';
    else if (g.resultant >= COLLAPSE_LIMITS.resultant && trend === 'flat') rule = 'geometry';
    else if (g.resultant >= COLLAPSE_LIMITS.resultantWithLoss && trend === 'flat' && atCollapsedLoss) rule = 'loss';
  }
  const detail: CollapseDetail = { ...g, recentLoss: recent, lossTrend: trend, collapsedLoss, atCollapsedLoss, rule };
  if (!rule) return { kind: null, message: '', detail };

  // Outliers should not hide how tight the bulk is: quote the 95% angle when the farthest point strays.
  const where =
    g.maxAngleDeg <= Math.max(15, 2 * g.p95AngleDeg)
      ? `Every evaluation point now lies within ${fmt(g.maxAngleDeg)}° of one direction`
      : `95% of the evaluation points now lie within ${fmt(g.p95AngleDeg)}° of one direction`;
  const classes = `the centres of all ${g.classes} classes within ${fmt(g.classSpreadDeg)}° of each other`;
  const window = COLLAPSE_LIMITS.window;
  const equal = `the value it takes when every point coincides (${collapsedLoss?.toFixed(2)})`;
  const lossText =
    atCollapsedLoss && trend === 'flat'
      ? ` The loss has sat at ${recent!.toFixed(2)} for ${window} steps: ${equal}.`
      : atCollapsedLoss
        ? ` The loss is close to ${equal}.`
        : trend === 'flat'
          ? ` The loss has stopped falling (${recent!.toPrecision(4)} over the last ${window} steps).`
          : '';
  const message = `${where}, ${classes}: the embedding has collapsed, so no distance can tell the classes apart.${lossText} ${advice(input.loss)}`;
  return { kind: 'collapse', message, detail };
}
