/**
 * The presets: one declarative table of configurations that reproduce a figure or a claim of the
 * three papers. A preset is a title, what it reproduces, one sentence of what to look for, and
 * one link per run it shows (several when the claim is a comparison: α = 0.25 against α = 16,
 * SSM against CES). Adding a preset is adding a row. Each claim is a property checked on seeds
 * 1–5 by `metric-playground presets check` (its numbers are `measured`), and a browser test trains
 * each preset and checks the claim at every evaluation from its `from` step on.
 *
 * Pure TypeScript (no React, no DOM).
 */
import { parseHash, serializeConfig } from '../link/urlSchema';
import type { Config } from '../params';
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
  /** On which seeds `presets check` found the claim to hold, in a few words (the guide shows it beside the claim). */
  heldOn: string;
}

/** A view a preset can name as key: the comparison's pieces, or a single run's views. */
export type KeyView =
  | 'compare-embedding-a'
  | 'compare-embedding-b'
  | 'compare-table'
  | 'compare-loss'
  | 'compare-metrics'
  | 'compare-pr'
  | 'embedding-plot'
  | 'input-plane'
  | 'gradient-vs-alpha';

export interface Preset {
  id: string;
  title: string;
  /** The figure or claim it reproduces. */
  reproduces: string;
  /** One sentence: what to look at. */
  lookFor: string;
  runs: readonly [PresetRun, ...PresetRun[]];
  claim?: PresetClaim;
  /**
   * The views the lesson is in (their data-testid), shown first and whole on the first screen when
   * the preset opens, and alone in lecture mode (the others one click away).
   */
  keyViews?: readonly KeyView[];
  /** Without a claim: what was measured, and why no direction is claimed (within seed noise). */
  measured?: string;
  /**
   * How many seeds the comparison opens on (default 1): 3 where the six runs still show the lesson
   * within the time budget, else 2, so the table's verdict is "on every seed", not one seed's luck
   * (the claim itself is checked on seeds 1–8 by `presets check`, whatever the page opens on).
   */
  seeds?: number;
}

/**
 * HU Fig. 3 on the MLP: a 2-D LN softmax that shows its lesson within seconds on a CPU (the paper's
 * LeNet-like CNN shows the same arcs, ~7× slower per step here: set `model=cnn`).
 */
const HU = 'data=mnist&dim=2&loss=softmax&head=ln&steps=400&metricsEvery=100';
/** The all-pairs metrics every 70 steps (5 evaluations): the claim is on compactness, which every refresh measures. */
const CE = 'data=mnist&dim=16&alpha=20&steps=350&metricsEvery=70';
/** The mining comparison stops at 300 steps, its metrics every 100: four runs reach the last step within the 30 s budget. */
const CENM = 'data=mnist&dim=16&alpha=20&steps=300&metricsEvery=100';
const TCM = 'data=mnist&dim=16&loss=softmax&head=ln&alpha=16&steps=300&metricsEvery=50';
/** Heating-up on the 16-D LN softmax the map in the README measured (`scripts/heating-map.mjs`). */
const HEAT = 'data=mnist&dim=16&loss=softmax&head=ln&alpha=16&steps=400&metricsEvery=100';

export const PRESETS: readonly Preset[] = [
  {
    id: 'hu-temperature',
    seeds: 3,
    title: 'Temperature on the circle (HU Fig. 3)',
    keyViews: ['compare-embedding-a', 'compare-embedding-b', 'compare-table'],
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
      heldOn: 'every one of seeds 1–5, and of untuned seeds 6–8',
      measured: 'compactness at step 400 (MLP, seeds 1–5): α = 0.25 0.63 ± 0.26, α = 4 0.32 ± 0.04 — tighter at α = 4 on every seed, at every refresh from step 225 on; the difference is 1.2× the seed half-range. Same seeds, step 400: α = 1 0.44 ± 0.11, α = 16 0.46 ± 0.16, α = 64 0.73 ± 0.51 — past α = 4 the arcs spread again. (The CNN, 600 steps: α = 4 0.255 ± 0.002.)',
    },
  },
  {
    id: 'heating-up',
    seeds: 2,
    title: 'Heating-up: lower α late in training (HU §3.3)',
    keyViews: ['compare-loss', 'compare-metrics', 'compare-table'],
    reproduces: 'HU §3.3 and Table 2: train at a moderate α, then “heat up” — switch to a smaller α (a higher temperature) late in training, with the learning rate lowered as HU does. The smaller α gives boundary and centroid samples their gradient back (HU Fig. 2), so the ranking of all pairs improves after the switch.',
    lookFor: 'Both runs are the same until step 200, where both lower the learning rate ×0.1 and B also drops α from 16 to 2 (marked on the overlaid curves). After it, B’s PR-AUC rises above A’s on every seed — the temperature’s doing, since the learning rate changed alike in both. Then open “Heating-up on unseen digits” to see the same trick hurt.',
    runs: [
      { label: 'α = 16, lr × 0.1 at step 200', link: `${HEAT}&heat=step&alpha2=16&heatAt=200&heatLr=0.1` },
      { label: 'heated 16 → 2 at step 200, lr × 0.1', link: `${HEAT}&heat=step&alpha2=2&heatAt=200&heatLr=0.1` },
    ],
    claim: {
      metric: 'ap',
      steps: 400,
      from: 300,
      compare: 'higher',
      heldOn: 'every one of seeds 1–5, and of untuned seeds 6–8',
      measured:
        'PR-AUC at step 400 (seeds 1–5): 0.888 ± 0.007 with the learning rate lowered alone → 0.934 ± 0.010 heated 16 → 2 (4.8× the seed half-range), higher at every evaluation from step 300 on every seed; untuned seeds 6–8: 0.887 → 0.931, 3 of 3. The learning-rate drop alone lowers PR-AUC (over every item, seeds 1–5: 0.897 at a constant rate → 0.876), so the gain is the temperature’s. The README’s map: on unseen digits heating-up helps only with the learning rate lowered, and with it kept it hurts.',
    },
  },
  {
    id: 'heating-up-unseen',
    seeds: 2,
    title: 'Heating-up on unseen digits: a paper’s trick is a hypothesis',
    keyViews: ['compare-loss', 'compare-metrics', 'compare-table'],
    reproduces: 'HU reports heating-up improving retrieval on Cars196, classes never seen in training. Here the model trains on digits 0–5 and is evaluated on 6–9; heated 16 → 4 at step 200 with the learning rate kept, it retrieves the unseen digits worse — the opposite of the paper’s direction, measured on every seed.',
    lookFor: 'Both runs are the same until the switch at step 200. After it, B’s Recall@1 on the unseen digits falls below A’s on every seed by the last step (the ✗ in the table’s first row). A trick from a paper is a hypothesis: measure it on your data — the README’s map shows where heating-up helps here and where it hurts.',
    runs: [
      { label: 'α = 16', link: `${HEAT}&split=open` },
      { label: 'heated 16 → 4 at step 200', link: `${HEAT}&split=open&heat=step&alpha2=4&heatAt=200&heatLr=1` },
    ],
    claim: {
      metric: 'recallAt1',
      steps: 400,
      from: 400,
      compare: 'lower',
      heldOn: 'every one of seeds 1–5, and of untuned seeds 6–8 (from step 300 on all but seed 5)',
      measured:
        'Recall@1 on the unseen digits at step 400 (seeds 1–5): 0.810 ± 0.016 → 0.763 ± 0.030, lower on 5 of 5 (from step 300 on 4 of them); untuned seeds 6–8: 0.802 → 0.752, 3 of 3 from step 300.',
    },
  },
  {
    id: 'hu-gradient',
    title: 'Gradient against α (HU Fig. 2)',
    keyViews: ['gradient-vs-alpha'],
    reproduces: 'HU Fig. 2: as α grows, hard samples get ever larger gradients while boundary and centroid samples get vanishing ones; as α → 0 every gradient vanishes.',
    lookFor: 'In “Gradient magnitude against α”, follow the three curves from left to right, and see where the dashed line (the α in force) sits: at α = 16 the centroid samples already get almost no gradient.',
    runs: [{ label: 'LN softmax, α = 16', link: `${HU}&alpha=16` }],
    // Checked by its own test in e2e/presets.spec.ts: hard medians grow with α, centroid medians vanish.
  },
  {
    id: 'ce-vs-ssm',
    seeds: 2,
    title: 'Cross-Example Softmax vs sampled softmax (CE Fig. 4)',
    keyViews: ['compare-table', 'compare-pr'],
    reproduces: 'CE Fig. 4 and Table 1: scoring each positive against the negatives of the whole batch, not only its own row, makes one global threshold fit better: OPIS falls and PR-AUC rises.',
    lookFor: 'In the table, B (CES) gathers each class tighter than A (SSM): its compactness is lower by the end (step 350). Its OPIS and PR-AUC are often better too, but on MNIST at this length that difference is about the size of the seed-to-seed spread — watch how they move between evaluations before reading a verdict into them.',
    runs: [
      { label: 'SSM', link: `${CE}&loss=ssm` },
      { label: 'CES', link: `${CE}&loss=ces` },
    ],
    claim: {
      metric: 'compactness',
      steps: 350,
      from: 350,
      compare: 'lower',
      heldOn: 'every one of seeds 1–8 at step 350',
      measured:
        'compactness at step 350 (seeds 1–8): SSM 0.240 ± 0.011, CES 0.220 ± 0.012 — tighter with CES on all 8 seeds (1.6× the seed half-range), but it settles late: at every refresh from step 300 on, on 6 of 8. At step 300 (seeds 1–5) OPIS 9.0e-4 ± 5.6e-4 → 6.5e-4 ± 4.8e-4 (lower on 4 of 5) and PR-AUC 0.950 → 0.955 (higher on 4 of 5): the paper’s direction, within the seed spread at this length.',
    },
  },
  {
    id: 'cenm-vs-snm',
    seeds: 2,
    title: 'Negative mining across the batch vs per row',
    keyViews: ['compare-table', 'compare-pr'],
    reproduces: 'CE Table 1: mining the hardest half of the negatives over the whole batch (CENM) instead of per row (SNM) spends the loss where a global threshold fails.',
    lookFor: 'Compare compactness, OPIS and PR-AUC in the table and the two PR curves — then change the seed of both and watch the verdicts change: on MNIST within a lesson’s length the two are within seed noise on every number the page shows (the gains CE reports come from large retrieval sets).',
    runs: [
      { label: 'SNM', link: `${CENM}&loss=snm&rho=0.5` },
      { label: 'CENM', link: `${CENM}&loss=cenm&rho=0.5` },
    ],
    // No claim: nothing the page shows separates the two on every seed within a lesson's length.
    measured:
      'at step 300 (seeds 1–8) compactness SNM 0.240 ± 0.010, CENM 0.230 ± 0.014 (CENM tighter on 7 of 8); over every evaluation item OPIS 4.1e-4 → 4.9e-4 (lower with CENM on 3 of 8) and PR-AUC 0.949 → 0.947 (higher on 2 of 8): within seed noise here.',
  },
  {
    id: 'tcm',
    seeds: 3,
    title: 'Threshold-consistent margin (TCM)',
    keyViews: ['compare-table', 'compare-pr'],
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
      heldOn: 'every one of seeds 1–8',
      measured: 'PR-AUC at step 300 (seeds 1–5): 0.892 ± 0.012 → 0.948 ± 0.004 with TCM, higher on every seed at every evaluation from step 50 (4.8× the seed half-range). At step 400 (sweep, same seeds): compactness 0.38 → 0.22, Recall@1 0.940 → 0.939 (kept); OPIS lower at 37 of 40 evaluations (steps 50–400) but not at every one (seed 4, step 400: 1.2e-3 → 3.3e-3), which is why the claim is on PR-AUC.',
    },
  },
  {
    id: 'blobs',
    title: 'Gaussian blobs',
    keyViews: ['embedding-plot', 'input-plane'],
    reproduces: 'A first run: five blobs of unequal spread separate on the circle within ~100 steps.',
    lookFor: 'Watch each colour gather into its own arc of the circle while the input plane splits into five regions, one per blob.',
    runs: [{ label: 'LN softmax, α = 8', link: 'data=blobs&loss=softmax&head=ln&alpha=8&lr=0.01&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, from: 150, atLeast: 0.99, heldOn: 'every one of seeds 1–5', measured: 'accuracy 1.000 at step 200 on seeds 1–5, at least 0.99 from step 130 on at the latest.' },
  },
  {
    id: 'rings',
    title: 'Concentric rings',
    keyViews: ['embedding-plot', 'input-plane'],
    reproduces: 'Classes no straight line separates: the encoder has to bend the plane into rings.',
    lookFor: 'The input plane turns into concentric bands as the encoder learns; in the embedding (PCA of 8 dimensions) each ring becomes its own cluster.',
    runs: [{ label: 'LN softmax, d = 8, α = 4', link: 'data=rings&dim=8&loss=softmax&head=ln&alpha=4&lr=0.03&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, from: 150, atLeast: 0.95, heldOn: 'every one of seeds 1–5', measured: 'accuracy 0.995 ± 0.008 (0.984–1.000) at step 200 on seeds 1–5, at least 0.95 from step 110 on at the latest.' },
  },
  {
    id: 'spirals',
    title: 'Interleaved spirals',
    keyViews: ['embedding-plot', 'input-plane'],
    reproduces: 'The hardest toy set: the decision regions must wind along five spiral arms.',
    lookFor: 'The input plane winds into spiral arms; the accuracy climbs as the arms separate. (With d = 2 and CES at α = 16 this set collapses onto one point — try it to see the collapse warning.)',
    runs: [{ label: 'LN softmax, d = 8, α = 4', link: 'data=spirals&dim=8&loss=softmax&head=ln&alpha=4&lr=0.03&steps=200&evalEvery=10&metricsEvery=50' }],
    claim: { metric: 'accuracy', steps: 200, from: 190, atLeast: 0.9, heldOn: 'every one of seeds 1–5', measured: 'accuracy 0.973 ± 0.022 (0.944–0.988) at step 200 on seeds 1–5, at least 0.9 from step 180 on at the latest.' },
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
  return serializeConfig(a, b, { ui: 'full', autoplay: false, preset: preset.id, lesson: null }, b ? (preset.seeds ?? 1) : 1);
}
