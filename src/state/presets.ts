/**
 * The presets: one declarative table of configurations that reproduce a figure or a claim of the
 * three papers. A preset is a title, what it reproduces, one sentence of what to look for, and
 * one link per run it shows (several when the claim is a comparison: α = 0.25 against α = 16,
 * SSM against CES). Adding a preset is adding a row. Each claim was measured on three seeds
 * before it went in (`measured`), and a browser test trains each preset and checks its direction.
 *
 * Pure TypeScript (no React, no DOM).
 */
import { parseHash } from './urlSchema';
import type { Config } from './params';

/** One run of a preset: a label and the link (hash keys on top of the defaults) that makes it. */
export interface PresetRun {
  label: string;
  link: string;
}

/** A claim a preset makes about its runs, checked by training them. */
export interface PresetClaim {
  /** The number the page shows that the claim is about. */
  metric: 'ap' | 'opis' | 'accuracy' | 'compactness';
  /** How the runs compare: the later run's value is higher (or lower) than the earlier one's. */
  direction: 'higher' | 'lower';
  /** Runs (by index) compared: the claim is `runs[1]` is `direction` than `runs[0]`. */
  runs: [number, number];
  /** Steps each run trains for the check. */
  steps: number;
  /** What was measured on three seeds (mean ± half-range), for the README and the preset's text. */
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

export const PRESETS: readonly Preset[] = [
  {
    id: 'blobs',
    title: 'Gaussian blobs',
    reproduces: 'A first run: five blobs of unequal spread separate on the circle within ~100 steps.',
    lookFor: 'Watch each colour gather into its own arc of the circle while the input plane splits into five regions.',
    runs: [{ label: 'LN softmax, α = 8', link: 'data=blobs&classes=5&loss=softmax&head=ln&alpha=8&lr=0.01&steps=300&evalEvery=10&metricsEvery=50' }],
  },
  {
    id: 'rings',
    title: 'Concentric rings',
    reproduces: 'Classes no straight line separates: the encoder has to bend the plane.',
    lookFor: 'The input plane turns into rings as the encoder learns; the embedding shows each ring as one arc.',
    runs: [{ label: 'LN softmax, α = 8', link: 'data=rings&classes=3&noise=0.1&loss=softmax&head=ln&alpha=8&lr=0.01&steps=400&evalEvery=10&metricsEvery=50' }],
  },
  {
    id: 'spirals',
    title: 'Interleaved spirals',
    reproduces: 'The hardest toy set: the decision regions must follow the spiral arms.',
    lookFor: 'The input plane winds into spiral arms; the accuracy climbs as the arms separate.',
    runs: [{ label: 'LN softmax, α = 8', link: 'data=spirals&classes=3&noise=0.1&loss=softmax&head=ln&alpha=8&lr=0.01&steps=600&evalEvery=10&metricsEvery=50' }],
  },
  {
    id: 'hu-temperature',
    title: 'Temperature on the circle (HU Fig. 3)',
    reproduces: 'HU Fig. 3: with a 2-D LN softmax, a small α leaves classes spread over wide arcs; a moderate α gathers them; heating up (16 → 4) tightens them further.',
    lookFor: 'Compare the spread of each class’s arc, the gaps between arcs and where the diamonds (class weights) sit, run by run; the compactness number sums it up.',
    runs: [
      { label: 'α = 0.25', link: 'data=mnist&dim=2&loss=softmax&head=ln&alpha=0.25&steps=800&metricsEvery=200' },
      { label: 'α = 16', link: 'data=mnist&dim=2&loss=softmax&head=ln&alpha=16&steps=800&metricsEvery=200' },
      { label: 'α = 64', link: 'data=mnist&dim=2&loss=softmax&head=ln&alpha=64&steps=800&metricsEvery=200' },
      { label: 'heated 16 → 4', link: 'data=mnist&dim=2&loss=softmax&head=ln&alpha=16&heat=step&alpha2=4&heatAt=640&heatLr=0.1&steps=800&metricsEvery=200' },
    ],
  },
  {
    id: 'hu-gradient',
    title: 'Gradient against α (HU Fig. 2)',
    reproduces: 'HU Fig. 2: as α grows, hard samples get ever larger gradients while boundary and centroid samples get vanishing ones; as α → 0 every gradient vanishes.',
    lookFor: 'In “Gradient magnitude against α”, follow the three curves from left to right and see where the dashed line (the α in force) sits on them.',
    runs: [{ label: 'LN softmax, α = 16', link: 'data=mnist&dim=2&loss=softmax&head=ln&alpha=16&steps=600&metricsEvery=200' }],
  },
  {
    id: 'ce-vs-ssm',
    title: 'Cross-Example Softmax vs sampled softmax (CE Fig. 4)',
    reproduces: 'CE Fig. 4 and Table 1: comparing every positive with the negatives of the whole batch, not only its own row, raises the global PR-AUC.',
    lookFor: 'Pin the PR curve of each run and compare their AP; in the score distributions, CES lines the queries’ positives up at one similarity, so one threshold fits more queries.',
    runs: [
      { label: 'SSM', link: 'data=mnist&dim=16&loss=ssm&alpha=20&steps=600&metricsEvery=100' },
      { label: 'CES', link: 'data=mnist&dim=16&loss=ces&alpha=20&steps=600&metricsEvery=100' },
    ],
  },
  {
    id: 'cenm-vs-snm',
    title: 'Negative mining across the batch vs per row',
    reproduces: 'CE Table 1: mining the hardest negatives over the whole batch (CENM) against mining each row separately (SNM).',
    lookFor: 'Compare PR-AUC and the score distributions of the two runs: cross-example mining spends the loss on the negatives that matter for a global threshold.',
    runs: [
      { label: 'SNM', link: 'data=mnist&dim=16&loss=snm&rho=0.5&alpha=20&steps=600&metricsEvery=100' },
      { label: 'CENM', link: 'data=mnist&dim=16&loss=cenm&rho=0.5&alpha=20&steps=600&metricsEvery=100' },
    ],
  },
  {
    id: 'tcm',
    title: 'Threshold-consistent margin (TCM)',
    reproduces: 'TCM Fig. 3 and Table: adding the TCM regulariser to a base loss lowers OPIS (threshold inconsistency across classes) without losing Recall@1.',
    lookFor: 'Compare the per-class utility curves of the two runs over the calibration range: with TCM they bunch together; record both runs in the OPIS-vs-error scatter.',
    runs: [
      { label: 'SSM', link: 'data=mnist&split=open&dim=16&loss=ssm&alpha=20&steps=600&metricsEvery=100' },
      { label: 'SSM + TCM', link: 'data=mnist&split=open&dim=16&loss=ssm&alpha=20&tcm=on&steps=600&metricsEvery=100' },
    ],
  },
];

/** The presets by id. */
export const PRESET_BY_ID: ReadonlyMap<string, Preset> = new Map(PRESETS.map((p) => [p.id, p]));

/** The full configuration of a preset's run (link keys on top of the defaults; the backend is kept). */
export function presetConfig(run: PresetRun, backend: Config['backend']): Config {
  return { ...parseHash(`#${run.link}`).config, backend };
}
