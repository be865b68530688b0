/**
 * The presets: one declarative table of configurations that reproduce a figure or a claim of the
 * three papers. A preset is a title, what it reproduces, one sentence of what to look for, and
 * one link per run it shows (several when the claim is a comparison: α = 0.25 against α = 16,
 * SSM against CES). Adding a preset is adding a row. Each claim was measured on three seeds
 * before it went in (`measured`), and a browser test trains each preset and checks its direction.
 *
 * Pure TypeScript (no React, no DOM).
 */
import { parseHash, serializeConfig } from './urlSchema';
import type { Config } from './params';
import type { ClaimRule } from './presetClaims';

/** One run of a preset: a label and the link (hash keys on top of the defaults) that makes it. */
export interface PresetRun {
  label: string;
  link: string;
}

/** A claim a preset makes about the numbers the page shows, checked by training it (`presets check`). */
export interface PresetClaim extends ClaimRule {
  /** What `metric-playground presets check --seeds 1,2,3,4,5` printed (mean ± half-range), in words. */
  measured: string;
}

export interface Preset {
  id: string;
  title: string;
  /** The figure or claim it reproduces. */
  reproduces: string;
  /** One sentence: what to look at. */
  lookFor: string;
  runs: readonly [PresetRun, ...PresetRun[]];
  claim?: PresetClaim;
}

/**
 * HU Fig. 3 on the MLP: a 2-D LN softmax that shows its lesson within seconds on a CPU (the paper's
 * LeNet-like CNN shows the same arcs, ~7× slower per step here: set `model=cnn`).
 */
const HU = 'data=mnist&dim=2&loss=softmax&head=ln&steps=400&metricsEvery=100';
const CE = 'data=mnist&dim=16&alpha=20&steps=350&metricsEvery=50';
const TCM = 'data=mnist&dim=16&loss=softmax&head=ln&alpha=16&steps=300&metricsEvery=50';

export const PRESETS: readonly Preset[] = [
  {
    id: 'hu-temperature',
    title: 'Temperature on the circle (HU Fig. 3)',
    reproduces: 'HU Fig. 3: with a 2-D LN softmax, a small α (high temperature) leaves each class smeared over a wide arc; a moderate α gathers it tightly; a very large α spreads it again. (The paper trains a LeNet-like CNN; this preset trains the MLP so the lesson shows in seconds — set the model to CNN to see the same arcs.)',
    lookFor: 'Compare the two circles: how wide each colour’s arc is, how big the gaps between arcs are, and whether each diamond (class weight) sits in its arc; the compactness row of the table sums it up (lower = tighter). Then pick α = 16 or 64 as B: past the best α the arcs spread again.',
    runs: [
      { label: 'α = 0.25', link: `${HU}&alpha=0.25` },
      { label: 'α = 4', link: `${HU}&alpha=4` },
      { label: 'α = 16', link: `${HU}&alpha=16` },
      { label: 'α = 64', link: `${HU}&alpha=64` },
    ],
    claim: {
      metric: 'compactness',
      steps: 400,
      from: 300,
      compare: 'lower',
      measured: 'MEASURED-HU-TEMPERATURE',
    },
  },
  {
    id: 'heating-up',
    title: 'Heating-up: lower α late in training (HU §3.3)',
    reproduces: 'HU §3.3 and Table 2: train at a moderate α, then “heat up” — switch to a smaller α (a higher temperature) late in training. The smaller α gives boundary and centroid samples their gradient back (HU Fig. 2), so the classes are pulled tighter and the ranking improves after the switch.',
    lookFor: 'Both runs are the same until the switch at step 200 (marked on the loss curve and in the embedding’s timeline, the embedding just before it drawn faintly behind). After it, watch B’s arcs narrow and B’s PR-AUC rise above A’s in the table and the curves. Honest caveat: here the gain is in PR-AUC; Recall@1 barely moves, unlike the Cars196 gains HU reports.',
    runs: [
      { label: 'α = 16', link: `${HU}&alpha=16` },
      { label: 'heated 16 → 4 at step 200', link: `${HU}&alpha=16&heat=step&alpha2=4&heatAt=200&heatLr=1` },
    ],
    claim: {
      metric: 'ap',
      steps: 400,
      from: 300,
      compare: 'higher',
      measured: 'MEASURED-HEATING-UP',
    },
  },
  {
    id: 'hu-gradient',
    title: 'Gradient against α (HU Fig. 2)',
    reproduces: 'HU Fig. 2: as α grows, hard samples get ever larger gradients while boundary and centroid samples get vanishing ones; as α → 0 every gradient vanishes.',
    lookFor: 'In “Gradient magnitude against α”, follow the three curves from left to right, and see where the dashed line (the α in force) sits: at α = 16 the centroid samples already get almost no gradient.',
    runs: [{ label: 'LN softmax, α = 16', link: `${HU}&alpha=16` }],
    // Checked by its own test in e2e/presets.spec.ts: hard medians grow with α, centroid medians vanish.
  },
  {
    id: 'ce-vs-ssm',
    title: 'Cross-Example Softmax vs sampled softmax (CE Fig. 4)',
    reproduces: 'CE Fig. 4 and Table 1: scoring each positive against the negatives of the whole batch, not only its own row, makes one global threshold fit better: OPIS falls and PR-AUC rises.',
    lookFor: 'In the table, B (CES) gathers each class tighter than A (SSM): its compactness is lower once both have trained ~300 steps. Its OPIS and PR-AUC are often better too, but on MNIST at this length that difference is about the size of the seed-to-seed spread — watch how they move between evaluations before reading a verdict into them.',
    runs: [
      { label: 'SSM', link: `${CE}&loss=ssm` },
      { label: 'CES', link: `${CE}&loss=ces` },
    ],
    claim: {
      metric: 'compactness',
      steps: 350,
      from: 300,
      compare: 'lower',
      measured: 'MEASURED-CE-VS-SSM',
    },
  },
  {
    id: 'cenm-vs-snm',
    title: 'Negative mining across the batch vs per row',
    reproduces: 'CE Table 1: mining the hardest half of the negatives over the whole batch (CENM) instead of per row (SNM) spends the loss where a global threshold fails.',
    lookFor: 'Compare compactness, OPIS and PR-AUC in the table and the two PR curves. Honest caveat: on MNIST within a lesson’s length the two are within seed noise on every number the page shows; the gains CE reports come from large retrieval sets.',
    runs: [
      { label: 'SNM', link: `${CE}&loss=snm&rho=0.5` },
      { label: 'CENM', link: `${CE}&loss=cenm&rho=0.5` },
    ],
    claim: {
      metric: 'compactness',
      steps: 350,
      from: 300,
      compare: 'lower',
      measured: 'MEASURED-CENM-VS-SNM',
    },
  },
  {
    id: 'tcm',
    title: 'Threshold-consistent margin (TCM)',
    reproduces: 'TCM Fig. 3 and Table: adding the TCM regulariser to a base loss makes one distance threshold fit every class better: the ranking over all pairs (PR-AUC) rises, classes tighten, and OPIS (how much the best threshold differs from class to class) falls, without losing Recall@1.',
    lookFor: 'Compare the PR-AUC and compactness rows of the table and the two PR curves: with TCM (B) the curve lies above from the first evaluations on. OPIS is lower at most evaluations too, but it is a noisy number (it swings 2–5× between evaluations of one run), so the claim is on PR-AUC. Honest caveat: on the open split (digits 6–9 unseen) TCM did not help reliably.',
    runs: [
      { label: 'LN softmax', link: `${TCM}&tcm=off` },
      { label: 'LN softmax + TCM', link: `${TCM}&tcm=on` },
    ],
    claim: {
      metric: 'ap',
      steps: 300,
      from: 100,
      compare: 'higher',
      measured: 'MEASURED-TCM',
    },
  },
  {
    id: 'blobs',
    title: 'Gaussian blobs',
    reproduces: 'A first run: five blobs of unequal spread separate on the circle within ~100 steps.',
    lookFor: 'Watch each colour gather into its own arc of the circle while the input plane splits into five regions, one per blob.',
    runs: [{ label: 'LN softmax, α = 8', link: 'data=blobs&loss=softmax&head=ln&alpha=8&lr=0.01&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, atLeast: 0.99, measured: 'accuracy 1.000 at step 200 on every seed (0.77–1.00 at step 100).' },
  },
  {
    id: 'rings',
    title: 'Concentric rings',
    reproduces: 'Classes no straight line separates: the encoder has to bend the plane into rings.',
    lookFor: 'The input plane turns into concentric bands as the encoder learns; in the embedding (PCA of 8 dimensions) each ring becomes its own cluster.',
    runs: [{ label: 'LN softmax, d = 8, α = 4', link: 'data=rings&dim=8&loss=softmax&head=ln&alpha=4&lr=0.03&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, atLeast: 0.95, measured: 'accuracy 0.994–1.000 at step 200, 0.998 at step 400 on every seed.' },
  },
  {
    id: 'spirals',
    title: 'Interleaved spirals',
    reproduces: 'The hardest toy set: the decision regions must wind along five spiral arms.',
    lookFor: 'The input plane winds into spiral arms; the accuracy climbs as the arms separate. (With d = 2 and CES at α = 16 this set collapses onto one point — try it to see the collapse warning.)',
    runs: [{ label: 'LN softmax, d = 8, α = 4', link: 'data=spirals&dim=8&loss=softmax&head=ln&alpha=4&lr=0.03&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, atLeast: 0.9, measured: 'accuracy 0.944–0.988 at step 200 and 0.992–0.996 at step 400 over three seeds.' },
  },
];

/** The presets by id. */
export const PRESET_BY_ID: ReadonlyMap<string, Preset> = new Map(PRESETS.map((p) => [p.id, p]));

/** The full configuration of a preset's run (link keys on top of the defaults; the backend is kept). */
export function presetConfig(run: PresetRun, backend: Config['backend']): Config {
  return { ...parseHash(`#${run.link}`).config, backend };
}

/** Which of `preset`'s runs `config` is (the backend aside), or -1 when it is none of them. */
export function presetRunIndex(preset: Preset, config: Config): number {
  const key = (c: Config) => JSON.stringify({ ...c, backend: 'auto' });
  return preset.runs.findIndex((run) => key(presetConfig(run, config.backend)) === key(config));
}

/** The link hash (no '#') that opens `preset`: its first run, its second beside it, and its guide. */
export function presetLink(preset: Preset): string {
  const a = presetConfig(preset.runs[0], 'auto');
  const b = preset.runs[1] ? presetConfig(preset.runs[1], 'auto') : null;
  return serializeConfig(a, b, { ui: 'full', autoplay: false, preset: preset.id });
}
