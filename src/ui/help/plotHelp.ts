/**
 * Help text for every view of the page, keyed by the view's `data-testid`: a one-line caption
 * (what it shows), what to look for, where it comes from, and the glossary terms it uses.
 *
 * Some views depend on the run (class-weight diamonds exist only for losses with class weights;
 * the unit circle only for d = 2; the input plane only for toy sets). Their caption and look-for
 * text is then a function of a small {@link PlotContext}, so that it is true for every run; use
 * {@link plotHelp} (or {@link resolvePlotText}) to get plain strings.
 *
 * Pure data (no React, no DOM).
 */
import type { Config } from '../../state/params';
import type { GlossaryId } from './glossary';
import type { PlotId } from '../plots/plotIds';

/** What about the current run the help text depends on. */
export interface PlotContext {
  /** The loss has class weights (softmax classifier, ArcFace, CosFace). */
  readonly hasClassWeights: boolean;
  /** Embedding size d. */
  readonly dim: number;
  /** The data is a 2-D toy set (not MNIST). */
  readonly toy: boolean;
  /**
   * The loss is the softmax classifier with the plain SM head: class weights, but nothing
   * normalised and no scale α (so no gradient-vs-α view). Absent = false.
   */
  readonly plainSoftmax?: boolean;
}

/** A help text that is either fixed or depends on the run. */
export type PlotText = string | ((ctx: PlotContext) => string);

/** Help for one view. */
export interface PlotHelp {
  readonly id: PlotId;
  /** Short name of the view (as in its figure caption on the page). */
  readonly title: string;
  /** One line: what it shows. */
  readonly caption: PlotText;
  /** 2–4 sentences: what to look for, what good and bad look like, what the loss and α change. */
  readonly lookFor: PlotText;
  /** Paper and figure/equation it follows, e.g. "CE Fig. 4 (left)". */
  readonly source: string;
  /** Glossary ids of the terms it uses. */
  readonly terms: readonly GlossaryId[];
}

/** {@link PlotHelp} with its texts resolved for one run. */
export interface ResolvedPlotHelp {
  readonly id: PlotId;
  readonly title: string;
  readonly caption: string;
  readonly lookFor: string;
  readonly source: string;
  readonly terms: readonly GlossaryId[];
}

/** Losses that keep one weight vector per class. */
const CLASS_WEIGHT_LOSSES: readonly Config['loss'][] = ['softmax', 'arcface', 'cosface'];

/** True if `loss` has class weights (the softmax classifier with any head, ArcFace, CosFace). */
export function hasClassWeights(loss: Config['loss']): boolean {
  return CLASS_WEIGHT_LOSSES.includes(loss);
}

/** The help context of a configuration. */
export function plotContext(c: Pick<Config, 'loss' | 'head' | 'dim' | 'data'>): PlotContext {
  return { hasClassWeights: hasClassWeights(c.loss), dim: c.dim, toy: c.data !== 'mnist', plainSoftmax: c.loss === 'softmax' && c.head === 'sm' };
}

/** Why the gradient-vs-α view is absent for losses without class weights. */
export const GRADIENT_NEEDS_CLASS_WEIGHTS =
  'Not shown for this loss: the gradient α‖Σ_m (p_m − q_m) ŵ_m‖ is taken through a softmax over one weight ŵ_m per class, and the pair losses (SSM, SNM, CES, CENM, contrastive, triplet) have no class weights — they only compare items with each other.';

/** Why the gradient-vs-α view is absent for the plain SM head. */
export const GRADIENT_NEEDS_SCALE =
  'Not shown for the plain SM head: it normalises neither the embedding nor the class weights, so it has no scale α to vary — pick the LN or BN head to see it.';

/** Why the input-plane view is absent on MNIST. */
export const INPUT_PLANE_NEEDS_TOY =
  'Only for the 2-D toy sets: an MNIST input has 784 pixels, so there is no input plane to draw.';

const HELP: { readonly [K in PlotId]: PlotHelp & { readonly id: K } } = {
  'embedding-plot': {
    id: 'embedding-plot',
    title: 'Embedding of the evaluation set',
    caption: ({ dim, hasClassWeights: w }) =>
      dim === 2
        ? `The evaluation items' normalised 2-D embeddings on the unit circle, coloured by class${w ? ', with each class weight as a diamond' : ''}.`
        : `The evaluation items' ${dim}-D embeddings seen through their top two principal components (PCA), coloured by class${w ? ', with the class weights projected as diamonds' : ''}.`,
    lookFor: ({ dim }) =>
      (dim === 2
        ? 'Good: each class is a short, tight arc, well apart from its neighbours. '
        : 'The picture is a shadow of d dimensions: classes that overlap here may still be apart, so trust the metrics more than the picture (the caption says how much of the variance it keeps). Good: tight, separate clusters. ') +
      'With the softmax classifier a large α leaves each class spread out towards its borders (its boundary samples get almost no gradient) and a very small α hardly separates the classes; an intermediate α, then heating-up, gives the tightest classes (HU Fig. 3). ' +
      (dim === 2
        ? 'After heating-up starts, the embedding from just before it stays drawn in grey behind the later ones, so you can see the classes tighten.'
        : 'ArcFace and CosFace margins should also tighten the classes, and TCM should even out their sizes and the gaps between them (TCM Fig. 5).'),
    source: 'HU Fig. 3 (d = 2, weights as diamonds); TCM Fig. 5',
    terms: ['embedding', 'cosine-similarity', 'class-weights', 'temperature', 'heating-up', 'compactness', 'pca'],
  },
  'embedding-timeline': {
    id: 'embedding-timeline',
    title: 'Embedding over training',
    caption: ({ dim }) =>
      `A slider (and a replay button) that shows the evaluation set's embedding ${dim === 2 ? 'on the unit circle' : 'through its top two principal components'} at earlier training steps; when heating-up is on, the step where it starts is marked.`,
    lookFor: ({ dim }) =>
      'Drag back to the start: at initialisation the classes are mixed, and the replay shows the order in which they pull apart. ' +
      'With heating-up on, compare the frame just before the mark with the last one: at the smaller α the boundary samples get gradient again, so classes should tighten (HU Sec. 3.2). ' +
      (dim === 2
        ? 'Points that jump about from frame to frame suggest a learning rate or α that is too large.'
        : 'Each frame has its own PCA, so a sudden flip or turn between frames need not mean the embedding itself changed much.'),
    source: 'HU Fig. 3 and Sec. 3.2 (heating-up), replayed over time',
    terms: ['embedding', 'heating-up', 'temperature', 'sample-types', 'compactness'],
  },
  'input-plane': {
    id: 'input-plane',
    title: 'Classes over the input plane',
    caption: ({ toy, hasClassWeights: w }) =>
      toy
        ? `The training points of the 2-D toy set over the input plane, each location coloured by the class the model assigns to an input there (${w ? 'the classifier\'s prediction, its largest logit' : 'the class whose centroid of evaluation embeddings is nearest to its embedding'}).`
        : INPUT_PLANE_NEEDS_TOY,
    lookFor: ({ toy }) =>
      toy
        ? 'Good: the regions follow the data — one region around each blob, bands along each ring or spiral arm — and the borders run through the empty space between classes. ' +
          'Early in training the regions are crude; spirals and noisy sets need more steps. ' +
          'Points lying in a region of another colour are the mistakes the model still makes.'
        : 'Pick a toy set (blobs, rings or spirals) as the dataset to see how the model divides the plane of its inputs.',
    source: 'The playground\'s own view (not from the papers)',
    terms: ['decision-regions', 'embedding', 'class-weights', 'centroid-accuracy'],
  },
  'loss-plot': {
    id: 'loss-plot',
    title: 'Training loss and scale α',
    caption: 'The training loss at each step (solid, left axis) and the scale α the schedule sets (dashed, right axis).',
    lookFor:
      'The loss should fall quickly, then flatten; a loss that climbs, jumps about or breaks off (NaN) means the learning rate or α is too large. ' +
      'Loss values of different losses, or at different α, are not comparable — compare runs on the evaluation metrics instead. ' +
      'With heating-up on, a vertical line marks where it starts; a step switch to a smaller α usually makes the loss jump up, because the same embedding gives softer probabilities. ' +
      'Contrastive, triplet and the plain SM head ignore α.',
    source: 'HU Sec. 3.2 (heating-up schedule)',
    terms: ['temperature', 'heating-up'],
  },
  'accuracy-plot': {
    id: 'accuracy-plot',
    title: 'Accuracy and compactness',
    caption: 'Nearest-class-centroid accuracy of the evaluation items (leave-one-out, solid) and their compactness (dashed, right axis) over training: the same measures for every loss.',
    lookFor:
      'Accuracy should rise and level off; compactness should fall (lower = tighter classes). ' +
      'Because both use class centroids, not a classifier, they compare classifier and pair losses fairly, and they also work on the open-world split, where the evaluation digits were never trained on — expect lower accuracy there. ' +
      'Two runs with the same accuracy can differ a lot in compactness: HU\'s point is that the temperature, and heating-up, decide how tightly each class gathers (HU Sec. 3.2).',
    source: 'The playground\'s own measures (see "One accuracy"); compactness after HU Sec. 3.2, Fig. 3',
    terms: ['centroid-accuracy', 'compactness', 'open-world', 'temperature', 'heating-up'],
  },
  'gradient-vs-alpha': {
    id: 'gradient-vs-alpha',
    title: 'Gradient size against α',
    caption: ({ hasClassWeights: w, plainSoftmax }) =>
      !w
        ? GRADIENT_NEEDS_CLASS_WEIGHTS
        : plainSoftmax
          ? GRADIENT_NEEDS_SCALE
          : 'The gradient norm ‖∂ℓ/∂f̂‖ = α‖Σ_m (p_m − q_m) ŵ_m‖ against α (log axis) for the current model\'s evaluation items: per sample type (hard, boundary, centroid) the median curve with a band from the 25th to the 75th percentile; the α in force is marked.',
    lookFor: ({ hasClassWeights: w, plainSoftmax }) =>
      w && !plainSoftmax
        ? 'As α → 0 every curve falls to 0: a small α gives every sample a similar, small push. ' +
          'As α grows, the hard sample\'s gradient keeps growing while the boundary and centroid samples\' fall to 0: only mistakes get corrected and boundary samples stay near the border, so classes stay wide. ' +
          'At a good α the boundary sample still gets a real push — and heating-up lowers α late in training to give it one (HU Fig. 2, Sec. 3.2).'
        : 'Choose the softmax classifier with the LN or BN head, ArcFace or CosFace as the loss to see how α shares out the gradient between hard and easy samples.',
    source: 'HU Fig. 2, Eq. 3',
    terms: ['gradient-norm', 'sample-types', 'temperature', 'heating-up', 'class-weights'],
  },
  'pr-curve': {
    id: 'pr-curve',
    title: 'Precision–recall over all pairs',
    caption: 'Precision against recall over every pair of evaluation items ranked by cosine, with its AP and the chance level; a pinned earlier run, if any, is dashed.',
    lookFor:
      'Good: the curve stays near precision 1 far to the right before it drops, and AP is close to 1. ' +
      'A curve that falls early means some negative pairs score above many positive ones, so no single threshold separates them. ' +
      'Pin a sampled-softmax (SSM) run, then train Cross-Example Softmax (CES) with the same settings: CES should lift the curve and its AP (CE Fig. 4 left).',
    source: 'CE Fig. 4 (left), Table 1',
    terms: ['pr-curve', 'positive-negative-pairs', 'cosine-similarity', 'calibration', 'sampled-softmax', 'cross-example-softmax'],
  },
  'score-distribution': {
    id: 'score-distribution',
    title: 'Score distribution per query',
    caption: 'For each of a sample of queries, how many other evaluation items fall in each bin of cosine similarity to it (thin lines), with the 5th and 95th percentiles across queries (bold).',
    lookFor:
      'Each query\'s line has a bump at high cosine (its own class) and a larger mass lower down (the other classes). ' +
      'If the queries\' lines lie on top of each other, a cosine threshold means the same for every query: the scores are calibrated. ' +
      'If they are smeared sideways (a wide band between the percentile curves), a threshold right for one query is wrong for another; CES should align them more than sampled softmax does (CE Fig. 4 right).',
    source: 'CE Fig. 4 (right)',
    terms: ['cosine-similarity', 'calibration', 'sampled-softmax', 'cross-example-softmax'],
  },
  'utility-curves': {
    id: 'utility-curves',
    title: 'Per-class utility over the calibration range',
    caption: 'For each class, the utility U_t(d) of accepting pairs closer than d, over the calibration range (shaded), with OPIS and ε-OPIS.',
    lookFor:
      'Good: inside the shaded band the class curves lie close together, so one threshold serves every class about equally well (low OPIS). ' +
      'A class whose curve sits far below the others is served badly by the shared threshold; the gap between the best and worst classes is what ε-OPIS measures. ' +
      'Turning on the TCM regulariser should bunch the curves together (TCM Fig. 2).',
    source: 'TCM Fig. 2, Eq. 1–4',
    terms: ['utility', 'calibration-range', 'opis', 'eps-opis', 'l2-distance', 'tcm'],
  },
  'threshold-tool': {
    id: 'threshold-tool',
    title: 'One threshold for every class',
    caption: 'The one distance threshold at which the chosen share of all negative pairs is accepted (the target FAR), and what it does to each class: its false-accept rate FAR_t across, its false-reject rate FRR_t up, the global rates dashed.',
    lookFor:
      'Pick the FAR your use-case can live with: the threshold is what a deployed system would use for every query. ' +
      'Good: the class dots bunch around the crossing of the dashed lines, so every class gets about the global rates; classes far up or far right (marked ▲ in the table) pay for the shared threshold with many false rejects or many false accepts. ' +
      'This spread is what OPIS averages over the calibration range, and TCM exists to shrink it: one threshold for all classes, which the usual Recall@K never tests (TCM Sec. 1, Fig. 1).',
    source: 'TCM Sec. 1 and Fig. 1 (one threshold, FAR and FRR per class); threshold at a FAR as SPEC "Calibration range"',
    terms: ['false-accept-rate', 'false-reject-rate', 'calibration', 'calibration-range', 'opis', 'tcm', 'l2-distance'],
  },
  'roc-curve': {
    id: 'roc-curve',
    title: 'ROC / DET: true accepts against false accepts',
    caption: 'As one distance threshold loosens, the share of positive pairs accepted (TAR) against the share of negative pairs accepted (FAR), FAR on a log axis; dots mark TAR at FAR 1e-4, 1e-3 and 1e-2.',
    lookFor:
      'Verification is judged at a small FAR: read the TAR where the curve crosses the FAR your use-case allows (a phone unlock lives near 1e-4, a photo search can take 1e-2). ' +
      'Good: the curve climbs to a high TAR while the FAR is still small. Two models can have the same PR-AUC and very different TAR at 1e-4; the left end is where they differ.',
    source: 'SPEC "ROC / DET and TAR@FAR" (the face-verification convention); threshold at a FAR as SPEC "Calibration range"',
    terms: ['tar-at-far', 'false-accept-rate', 'positive-negative-pairs', 'l2-distance', 'calibration'],
  },
  'distance-histogram': {
    id: 'distance-histogram',
    title: 'Pair distance distributions',
    caption: 'The distances of positive pairs and of negative pairs on the unit sphere, each as a fraction of its own total, overlaid.',
    lookFor:
      'A threshold has to cut where the two shapes overlap: the smaller the overlap, the fewer mistakes the best threshold makes. ' +
      'Good: positive pairs bunched at small distances, negative pairs at large ones, with a clear gap between them. ' +
      'TCM pushes positive pairs below √(2 − 2m⁺) and negative pairs beyond √(2 − 2m⁻) — about 0.45 and 1.0 with the default margins — so with TCM on, look for the shapes to pull apart there (TCM Fig. 10).',
    source: 'TCM Fig. 10',
    terms: ['l2-distance', 'positive-negative-pairs', 'calibration', 'tcm'],
  },
  'metrics-over-steps': {
    id: 'metrics-over-steps',
    title: 'Evaluation metrics over training',
    caption: 'AP, Recall@1 and NMI (left axis, 0–1) and OPIS and ε-OPIS (dashed, right axis) at each evaluation during training.',
    lookFor:
      'The periodic evaluations use the same seeded subsample of evaluation items every time, so the curves compare like with like. ' +
      'AP, Recall@1 and NMI should climb and OPIS and ε-OPIS fall, but they need not move together: accuracy can keep rising while threshold consistency stalls or gets worse (TCM Fig. 3). ' +
      'Watch what heating-up or TCM does to each curve.',
    source: 'Metrics of CE Table 1, HU Sec. 4.2 and TCM Eq. 2–4, over training',
    terms: ['pr-curve', 'recall-at-k', 'nmi', 'opis', 'eps-opis'],
  },
  'opis-scatter': {
    id: 'opis-scatter',
    title: 'Threshold consistency vs error, per run',
    caption: 'One point per recorded run: error (100 − Recall@1, in %) across, OPIS up.',
    lookFor:
      'Lower left is better on both counts. ' +
      'Record a run, change one thing — turn TCM on, say — and record again: TCM should move the point down without moving it right. ' +
      'TCM found that among accurate models, lower error often comes with a higher OPIS (a trade-off, TCM Fig. 3): being accurate does not make a model threshold-consistent.',
    source: 'TCM Fig. 3',
    terms: ['opis', 'recall-at-k', 'tcm'],
  },
};

/** Help for every view, by data-testid. Frozen. */
export const PLOT_HELP: { readonly [K in PlotId]: PlotHelp & { readonly id: K } } = Object.freeze(HELP);

/** A text resolved for one run. */
export function resolvePlotText(text: PlotText, ctx: PlotContext): string {
  return typeof text === 'function' ? text(ctx) : text;
}

/** The help of view `id`, with caption and look-for text resolved for the run described by `ctx`. */
export function plotHelp(id: PlotId, ctx: PlotContext): ResolvedPlotHelp {
  const h = PLOT_HELP[id];
  return {
    id: h.id,
    title: h.title,
    caption: resolvePlotText(h.caption, ctx),
    lookFor: resolvePlotText(h.lookFor, ctx),
    source: h.source,
    terms: h.terms,
  };
}
