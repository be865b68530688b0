/**
 * The one declarative parameter table behind the playground's configuration.
 *
 * Every configurable knob is a row here: the URL hash (see `link/urlSchema.ts`), the controls, their
 * tooltips and the README all read this table, so adding a knob is adding a row. Pure TypeScript
 * (no React, no DOM) so it also runs in Node/Vitest and inside the training Web Worker.
 *
 * The keys are public: they appear in shared links. Never rename one without a migration in
 * `link/urlSchema.ts` (and a bump of `SCHEMA_VERSION`).
 */

/** The groups parameters are shown under, in display order. */
export const GROUPS = ['run', 'data', 'model', 'loss', 'schedule', 'eval'] as const;

/** One of {@link GROUPS}. */
export type ParamGroup = (typeof GROUPS)[number];

/** Fields every row of the table has. */
interface RowBase {
  /** The URL key (public: it appears in shared links). */
  readonly key: string;
  /** Short UI label. */
  readonly label: string;
  /** One sentence for a tooltip / the README. */
  readonly help: string;
  /** The group the control is shown under. */
  readonly group: ParamGroup;
}

/** Shape of an enum row before `when` is attached (internal; used to check the table). */
interface EnumRow extends RowBase {
  readonly kind: 'enum';
  readonly options: readonly [string, ...string[]];
  readonly default: string;
  /** Words to show for the options (the keys stay in links); an option without one shows its key. */
  readonly optionLabels?: { readonly [option: string]: string };
}

/** Shape of an int/float row before `when` is attached (internal; used to check the table). */
interface NumberRow extends RowBase {
  readonly kind: 'int' | 'float';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** Hint: show a log-scale slider. */
  readonly log?: true;
  /** Hint: slider step (ints step by 1 when absent). Values off the step are still valid. */
  readonly step?: number;
}

const TABLE = [
  {
    key: 'backend',
    kind: 'enum',
    options: ['auto', 'webgpu', 'webgl', 'wasm', 'cpu'],
    default: 'auto',
    optionLabels: {
      auto: 'Auto (best available)',
      webgpu: 'WebGPU',
      webgl: 'WebGL',
      wasm: 'WebAssembly (wasm)',
      cpu: 'CPU (plain JavaScript)',
    },
    label: 'Backend',
    help: 'TensorFlow.js backend; auto measures a few steps on each available backend and takes the fastest; a CPU-fallback WebGPU adapter is skipped.',
    group: 'run',
  },
  {
    key: 'data',
    kind: 'enum',
    options: ['mnist', 'blobs', 'rings', 'spirals'],
    default: 'mnist',
    optionLabels: {
      mnist: 'MNIST digits',
      blobs: 'Blobs (2-D toy set)',
      rings: 'Rings (2-D toy set)',
      spirals: 'Spirals (2-D toy set)',
    },
    label: 'Dataset',
    help: 'The dataset: MNIST digits or a generated 2-D toy set.',
    group: 'data',
  },
  {
    key: 'split',
    kind: 'enum',
    options: ['closed', 'open'],
    default: 'closed',
    optionLabels: {
      closed: 'Closed — all digits, 80/20',
      open: 'Open world — train on 0–5, evaluate on 6–9',
    },
    label: 'Split',
    help: 'closed: a seeded 80/20 split of all digits; open: train on digits 0–5 and evaluate on unseen digits 6–9.',
    group: 'data',
  },
  {
    key: 'classes',
    kind: 'int',
    min: 2,
    max: 10,
    default: 5,
    label: 'Classes',
    help: 'Number of classes in the toy set.',
    group: 'data',
  },
  {
    key: 'noise',
    kind: 'float',
    min: 0,
    max: 1,
    step: 0.01,
    default: 0.15,
    label: 'Noise',
    help: 'How noisy the toy set is (0 = clean, 1 = heavily overlapping).',
    group: 'data',
  },
  {
    key: 'model',
    kind: 'enum',
    options: ['mlp', 'cnn'],
    default: 'mlp',
    optionLabels: {
      mlp: 'MLP (multi-layer perceptron)',
      cnn: 'CNN (small, LeNet-like)',
    },
    label: 'Encoder',
    help: 'The encoder network: a multi-layer perceptron or a small convolutional net.',
    group: 'model',
  },
  {
    key: 'dim',
    kind: 'int',
    min: 2,
    max: 128,
    default: 2,
    label: 'Embedding size',
    help: 'Dimension of the embedding the encoder outputs (2 can be plotted directly).',
    group: 'model',
  },
  {
    key: 'loss',
    kind: 'enum',
    options: ['softmax', 'arcface', 'cosface', 'ssm', 'snm', 'ces', 'cenm', 'contrastive', 'triplet'],
    default: 'softmax',
    optionLabels: {
      softmax: 'Softmax classifier (HU)',
      arcface: 'ArcFace (angular margin)',
      cosface: 'CosFace (cosine margin)',
      ssm: 'Sampled softmax (SSM)',
      snm: 'Stochastic negative mining (SNM)',
      ces: 'Cross-Example Softmax (CES)',
      cenm: 'Cross-Example Negative Mining (CENM)',
      contrastive: 'Contrastive',
      triplet: 'Batch-hard triplet',
    },
    label: 'Loss',
    help: 'softmax: the HU classifier family; arcface/cosface: margin classifiers; ssm/snm/ces/cenm: sampled softmax, stochastic negative mining, Cross-Example Softmax and Negative Mining on pair batches; contrastive/triplet: on P×K batches.',
    group: 'loss',
  },
  {
    key: 'head',
    kind: 'enum',
    options: ['sm', 'ln', 'bn'],
    default: 'ln',
    optionLabels: {
      sm: 'SM — plain softmax',
      ln: 'LN — normalised features and weights',
      bn: 'BN — batch-normalised features',
    },
    label: 'Softmax head',
    help: 'Softmax variant: SM plain, LN with L2-normalised embeddings and weights, BN with batch-normalised embeddings (heated-up paper).',
    group: 'loss',
  },
  {
    key: 'alpha',
    kind: 'float',
    min: 0.01,
    max: 128,
    log: true,
    default: 16,
    label: 'Scale α',
    help: 'Scale of the normalised similarities, α = λ = s = 1/temperature (HU calls it α, CE λ, ArcFace s).',
    group: 'loss',
  },
  {
    key: 'rho',
    kind: 'float',
    min: 0.01,
    max: 1,
    step: 0.01,
    default: 0.5,
    label: 'Mined fraction ρ',
    help: 'Fraction of the negatives the mining losses keep: k = ceil(ρ·|negatives|) per row (snm) or over the batch (cenm).',
    group: 'loss',
  },
  {
    key: 'pairs',
    kind: 'enum',
    options: ['class', 'instance'],
    default: 'class',
    optionLabels: {
      class: 'Class — another item of the same class',
      instance: 'Instance — an augmented view of the item',
    },
    label: 'Pair mode',
    help: 'class: the document is another item of the query class; instance: an augmented view of the query itself.',
    group: 'loss',
  },
  {
    key: 'perClass',
    kind: 'int',
    min: 2,
    max: 64,
    default: 8,
    label: 'Items per class K',
    help: 'K of the P×K sampler: each batch holds P = batch / K classes (at most all classes) of K items each.',
    group: 'loss',
  },
  {
    key: 'arcMargin',
    kind: 'float',
    min: 0,
    max: 1.5,
    step: 0.01,
    default: 0.3,
    label: 'ArcFace margin',
    help: 'Additive angular margin m (radians): z_y = s·cos(θ_y + m).',
    group: 'loss',
  },
  {
    key: 'cosMargin',
    kind: 'float',
    min: 0,
    max: 1,
    step: 0.01,
    default: 0.35,
    label: 'CosFace margin',
    help: 'Additive cosine margin m: z_y = s·(cos θ_y − m).',
    group: 'loss',
  },
  {
    key: 'conMargin',
    kind: 'float',
    min: 0,
    max: 2,
    step: 0.01,
    default: 1,
    label: 'Contrastive margin',
    help: 'Negative pairs are pushed past this distance on the unit sphere (distances lie in [0, 2]).',
    group: 'loss',
  },
  {
    key: 'triMargin',
    kind: 'float',
    min: 0,
    max: 2,
    step: 0.01,
    default: 0.2,
    label: 'Triplet margin',
    help: 'Batch-hard triplet margin: the hardest negative must be this much farther than the hardest positive.',
    group: 'loss',
  },
  {
    key: 'tcm',
    kind: 'enum',
    options: ['off', 'on'],
    default: 'off',
    optionLabels: {
      off: 'Off',
      on: 'On — add the TCM regulariser',
    },
    label: 'TCM regulariser',
    help: 'Adds the Threshold-Consistent Margin regulariser (TCM paper, equation 5) to the loss.',
    group: 'loss',
  },
  {
    key: 'tcmPos',
    kind: 'float',
    min: -1,
    max: 1,
    step: 0.01,
    default: 0.9,
    label: 'TCM m⁺',
    help: 'Positive pairs with cosine at most m⁺ are penalised by (m⁺ − cos).',
    group: 'loss',
  },
  {
    key: 'tcmNeg',
    kind: 'float',
    min: -1,
    max: 1,
    step: 0.01,
    default: 0.5,
    label: 'TCM m⁻',
    help: 'Negative pairs with cosine at least m⁻ are penalised by (cos − m⁻).',
    group: 'loss',
  },
  {
    key: 'tcmPosW',
    kind: 'float',
    min: 0,
    max: 10,
    step: 0.1,
    default: 1,
    label: 'TCM λ⁺',
    help: 'Weight of the positive TCM term.',
    group: 'loss',
  },
  {
    key: 'tcmNegW',
    kind: 'float',
    min: 0,
    max: 10,
    step: 0.1,
    default: 1,
    label: 'TCM λ⁻',
    help: 'Weight of the negative TCM term.',
    group: 'loss',
  },
  {
    key: 'heat',
    kind: 'enum',
    options: ['off', 'step', 'linear', 'geometric'],
    default: 'off',
    optionLabels: {
      off: 'Off — constant α',
      step: 'Step — switch to α₂ (HU)',
      linear: 'Linear ramp to α₂',
      geometric: 'Geometric ramp to α₂',
    },
    label: 'Heating-up',
    help: 'Heating-up schedule that moves α from its initial value to α₂ late in training.',
    group: 'schedule',
  },
  {
    key: 'alpha2',
    kind: 'float',
    min: 0.01,
    max: 128,
    log: true,
    default: 4,
    label: 'α after heating',
    help: 'The scale α₂ reached by heating up.',
    group: 'schedule',
  },
  {
    key: 'heatAt',
    kind: 'int',
    min: 0,
    max: 100000,
    default: 1600,
    label: 'Heat from step',
    help: 'Step at which heating-up starts (a step schedule switches α to α₂ and scales the learning rate here).',
    group: 'schedule',
  },
  {
    key: 'heatEnd',
    kind: 'int',
    min: 0,
    max: 100000,
    default: 2000,
    label: 'Heat until step',
    help: 'Step at which a linear or geometric schedule reaches α₂.',
    group: 'schedule',
  },
  {
    key: 'heatLr',
    kind: 'float',
    min: 0.001,
    max: 1,
    log: true,
    default: 0.1,
    label: 'LR factor when heating',
    help: 'Factor the learning rate is multiplied by from the heating-up start on.',
    group: 'schedule',
  },
  {
    key: 'lr',
    kind: 'float',
    min: 0.00001,
    max: 1,
    log: true,
    default: 0.003,
    label: 'Learning rate',
    help: 'Adam learning rate.',
    group: 'schedule',
  },
  {
    key: 'batch',
    kind: 'int',
    min: 8,
    max: 1024,
    log: true,
    default: 128,
    label: 'Batch size',
    help: 'Number of examples per training step.',
    group: 'data',
  },
  {
    key: 'steps',
    kind: 'int',
    min: 0,
    max: 100000,
    default: 2000,
    label: 'Steps',
    help: 'Training stops after this many steps (0 = no limit).',
    group: 'run',
  },
  {
    key: 'seed',
    kind: 'int',
    min: 0,
    max: 2147483647,
    default: 1,
    label: 'Init seed',
    help: 'Seed of the weight initialisation.',
    group: 'run',
  },
  {
    key: 'dataSeed',
    kind: 'int',
    min: 0,
    max: 2147483647,
    default: 1,
    label: 'Data seed',
    help: 'Seed of the data order and of the toy-set generator (the MNIST split is fixed).',
    group: 'run',
  },
  {
    key: 'evalEvery',
    kind: 'int',
    min: 1,
    max: 1000,
    default: 25,
    label: 'Evaluate every',
    help: 'Training steps between evaluations and embedding-plot refreshes.',
    group: 'eval',
  },
  {
    key: 'metricsEvery',
    kind: 'int',
    min: 0,
    max: 10000,
    default: 100,
    label: 'Metrics every',
    help: 'Training steps between all-pairs evaluations of PR-AUC, OPIS, Recall@K and NMI on a subsample (0 = only when asked).',
    group: 'eval',
  },
  {
    key: 'evalItems',
    kind: 'int',
    min: 100,
    max: 10000,
    log: true,
    default: 1000,
    label: 'Items evaluated',
    help: 'Size of the seeded subsample of the evaluation set that the periodic evaluation uses ("Evaluate all" uses every item).',
    group: 'eval',
  },
] as const satisfies readonly (EnumRow | NumberRow)[];

type Row = (typeof TABLE)[number];

/** A parameter name, i.e. a URL key: `'backend' | 'data' | … | 'evalEvery'`. */
export type ParamKey = Row['key'];

type ValueOfRow<R> = R extends { readonly kind: 'enum'; readonly options: readonly (infer O)[] } ? O : number;

/**
 * A full configuration, derived from the table: enum keys are the union of their options
 * (e.g. `Config['backend']` is `'auto' | 'webgpu' | 'webgl' | 'wasm' | 'cpu'`), numeric keys are
 * `number`. Treat it as immutable; use `withValue` (link/urlSchema.ts) to change a value.
 */
export type Config = { [R in Row as R['key']]: ValueOfRow<R> };

/** Applicability of a parameter: a predicate on the config plus a short human reason. */
interface When {
  readonly test: (c: Config) => boolean;
  readonly note: string;
}

const isToy = (c: Config) => c.data !== 'mnist';
const heats = (c: Config) => c.heat !== 'off';
/** Losses whose logits are scaled similarities (everything but the plain SM head and the distance losses). */
const scaled = (c: Config) =>
  c.loss === 'softmax' ? c.head !== 'sm' : c.loss !== 'contrastive' && c.loss !== 'triplet';
const pairLoss = (c: Config) => c.loss === 'ssm' || c.loss === 'snm' || c.loss === 'ces' || c.loss === 'cenm';
const tcmOn = (c: Config) => c.tcm === 'on';

/** Kept apart from TABLE because `Config` is derived from TABLE's type. */
const WHEN: { readonly [K in ParamKey]?: When } = {
  split: { test: (c) => c.data === 'mnist', note: 'MNIST only' },
  classes: { test: isToy, note: 'toy sets only' },
  noise: { test: isToy, note: 'toy sets only' },
  head: { test: (c) => c.loss === 'softmax', note: 'softmax loss only' },
  alpha: { test: scaled, note: 'scaled losses only' },
  rho: { test: (c) => c.loss === 'snm' || c.loss === 'cenm', note: 'snm and cenm only' },
  pairs: { test: pairLoss, note: 'ssm, snm, ces, cenm only' },
  perClass: { test: (c) => c.loss === 'contrastive' || c.loss === 'triplet', note: 'contrastive and triplet only' },
  arcMargin: { test: (c) => c.loss === 'arcface', note: 'arcface only' },
  cosMargin: { test: (c) => c.loss === 'cosface', note: 'cosface only' },
  conMargin: { test: (c) => c.loss === 'contrastive', note: 'contrastive only' },
  triMargin: { test: (c) => c.loss === 'triplet', note: 'triplet only' },
  tcmPos: { test: tcmOn, note: 'TCM on only' },
  tcmNeg: { test: tcmOn, note: 'TCM on only' },
  tcmPosW: { test: tcmOn, note: 'TCM on only' },
  tcmNegW: { test: tcmOn, note: 'TCM on only' },
  alpha2: { test: (c) => heats(c) && scaled(c), note: 'heating-up of a scaled loss only' },
  heatAt: { test: heats, note: 'heating-up only' },
  heatEnd: {
    test: (c) => c.heat === 'linear' || c.heat === 'geometric',
    note: 'linear or geometric heating-up only',
  },
  heatLr: { test: heats, note: 'heating-up only' },
};

/**
 * The full description of parameter `K`: its table row (with literal types, so an enum's
 * `options` is its tuple) plus optional applicability: `when(c)` is false when the parameter has
 * no effect under config `c` (the UI greys it out), and `whenNote` says why in a few words.
 * Distributes over a union of keys, so `ParamSpec` alone is a union discriminated by `kind`.
 */
export type ParamSpec<K extends ParamKey = ParamKey> = K extends ParamKey
  ? Extract<Row, { key: K }> &
      (Extract<Row, { key: K }> extends { kind: 'enum' } ? EnumHints : NumberHints) & {
        /** False when the parameter has no effect under `c` (grey the control out). Absent = always applies. */
        readonly when?: (c: Config) => boolean;
        /** Why it may not apply, in a few words (e.g. 'toy sets only'). Present iff `when` is. */
        readonly whenNote?: string;
      }
  : never;

/** Optional UI hints every numeric spec may carry (so `p.log` / `p.step` type-check on any numeric spec). */
export interface NumberHints {
  /** Show a log-scale slider. */
  readonly log?: boolean;
  /** Slider step; ints step by 1 when absent. Values off the step are still valid. */
  readonly step?: number;
}

/**
 * Optional UI hints every enum spec may carry (so `spec.optionLabels?.[option]` type-checks on any
 * enum spec). A type alias, not an interface, so that specs stay comparable to plain records.
 */
export type EnumHints = {
  /** Words to show for the options, by option key (the keys stay in links). */
  readonly optionLabels?: { readonly [option: string]: string };
};

/** An enum parameter's spec. */
export type EnumParamSpec = Extract<ParamSpec, { kind: 'enum' }>;

/** An int or float parameter's spec. */
export type NumberParamSpec = Extract<ParamSpec, { kind: 'int' | 'float' }>;

/** Every parameter, in table order (= URL order = display order within a group). Frozen. */
export const PARAMS: readonly ParamSpec[] = Object.freeze(
  TABLE.map((row) => {
    const w = WHEN[row.key];
    const spec: Record<string, unknown> = { ...row };
    if ('options' in row) spec.options = Object.freeze([...row.options]);
    if ('optionLabels' in row) spec.optionLabels = Object.freeze({ ...row.optionLabels });
    if (w) {
      spec.when = w.test;
      spec.whenNote = w.note;
    }
    return Object.freeze(spec) as ParamSpec;
  }),
);

/**
 * The parameters by key, strongly typed (`PARAM_BY_KEY.head.options` is `readonly ['sm','ln','bn']`).
 * Frozen. For lookups with an untrusted string use {@link isParamKey} first.
 */
export const PARAM_BY_KEY: { readonly [K in ParamKey]: ParamSpec<K> } = Object.freeze(
  Object.fromEntries(PARAMS.map((p) => [p.key, p])),
) as { readonly [K in ParamKey]: ParamSpec<K> };

/** All keys in table order. */
export const PARAM_KEYS: readonly ParamKey[] = Object.freeze(PARAMS.map((p) => p.key));

/** True if `key` is a parameter name (own keys only: `'__proto__'`, `'toString'` are not). */
export function isParamKey(key: string): key is ParamKey {
  return Object.prototype.hasOwnProperty.call(PARAM_BY_KEY, key);
}

/** A fresh config holding every parameter's default. */
export function defaultConfig(): Config {
  const c: Record<string, string | number> = {};
  for (const p of PARAMS) c[p.key] = p.default;
  return c as Config;
}

/**
 * The words to show for `option` of enum parameter `spec` (e.g. loss `ces` → "Cross-Example
 * Softmax (CES)"); falls back to the key itself when the option has no label.
 */
export function optionLabel(spec: EnumParamSpec, option: string): string {
  const labels = spec.optionLabels;
  return labels && Object.prototype.hasOwnProperty.call(labels, option) ? labels[option] : option;
}

/** True if parameter `key` has an effect under config `c` (false → grey the control out). */
export function isApplicable(key: ParamKey, c: Config): boolean {
  const when = PARAM_BY_KEY[key].when;
  return when ? when(c) : true;
}
