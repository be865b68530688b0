/**
 * Seeded 2-D toy sets: small enough to train in a blink and to draw every point, so a learner can
 * watch a loss reshape the embedding. Coordinates stay roughly within [-3, 3].
 */
import type { DataSplit } from './dataset';
import { Rng } from './rng';

/** The toy set shapes the app offers. */
export type ToyKind = 'blobs' | 'rings' | 'spirals';

/** Options of makeToySplit; out-of-range values are clamped rather than rejected. */
export interface ToyOptions {
  /** Number of classes, clamped to 2..10. */
  classes: number;
  /** Noise level, clamped to 0..1 (0 still leaves a little jitter so points don't coincide). */
  noise: number;
  /** Seed: equal seeds give identical sets. */
  seed: number;
  /** Points per class (default 300, at least 3); 2/3 go to train, 1/3 to evaluation. */
  perClass?: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Point generator for class c: writes one (x, y) into out. */
type Gen = (c: number, rng: Rng, out: [number, number]) => void;

/**
 * Blobs on a circle of radius 2. Spreads are deliberately unequal — σ grows linearly with the
 * class index, 3× from class 0 to the last — so one distance threshold cannot suit every class
 * (the situation TCM's OPIS measures).
 */
function blobs(classes: number, noise: number): Gen {
  const base = 0.05 + 0.4 * noise;
  return (c, rng, out) => {
    const a = Math.PI / 2 + (2 * Math.PI * c) / classes;
    const sigma = base * (0.5 + c / (classes - 1));
    out[0] = 2 * Math.cos(a) + sigma * rng.normal();
    out[1] = 2 * Math.sin(a) + sigma * rng.normal();
  };
}

/** Concentric rings, class c at radius (c+1)·Δ (outer ring at 2.5), Gaussian radial noise. */
function rings(classes: number, noise: number): Gen {
  const gap = 2.5 / classes;
  const sigma = gap * (0.05 + 0.4 * noise);
  return (c, rng, out) => {
    const a = rng.uniform(0, 2 * Math.PI);
    const r = (c + 1) * gap + sigma * rng.normal();
    out[0] = r * Math.cos(a);
    out[1] = r * Math.sin(a);
  };
}

/** `classes` interleaved arms of 1.25 turns from radius 0.25 to 2.5, isotropic Gaussian noise. */
function spirals(classes: number, noise: number): Gen {
  // More arms sit closer together, so the noise shrinks with them to keep the arms readable.
  const sigma = (0.02 + 0.25 * noise) * Math.min(1, 4 / classes);
  return (c, rng, out) => {
    const t = rng.next();
    const a = (2 * Math.PI * c) / classes + t * 1.25 * 2 * Math.PI;
    const r = 0.25 + 2.25 * t;
    out[0] = r * Math.cos(a) + sigma * rng.normal();
    out[1] = r * Math.sin(a) + sigma * rng.normal();
  };
}

/**
 * Builds a seeded toy train/evaluation split: itemShape [2], numClasses = classes, each class
 * split 2/3 train / 1/3 evaluation. Items are interleaved across classes (item i of class c
 * before item i+1 of any class) so the arrays are never class-sorted.
 */
export function makeToySplit(kind: ToyKind, opts: ToyOptions): DataSplit {
  const classes = clamp(Math.round(opts.classes), 2, 10);
  const noise = clamp(Number.isFinite(opts.noise) ? opts.noise : 0, 0, 1);
  const perClass = Math.max(3, Math.round(opts.perClass ?? 300));
  const nTrain = clamp(Math.round((perClass * 2) / 3), 1, perClass - 1);
  const nEval = perClass - nTrain;
  const makers = { blobs, rings, spirals };
  if (!Object.hasOwn(makers, kind)) throw new Error(`unknown toy set "${kind}"`);
  const gen = makers[kind](classes, noise);

  const rng = new Rng(opts.seed);
  const make = (count: number) => ({
    x: new Float32Array(count * classes * 2),
    y: new Int32Array(count * classes),
    n: count * classes,
    itemShape: [2],
    numClasses: classes,
  });
  const train = make(nTrain);
  const evaluation = make(nEval);
  const p: [number, number] = [0, 0];
  for (let c = 0; c < classes; c++) {
    for (let i = 0; i < perClass; i++) {
      gen(c, rng, p);
      const [ds, j] = i < nTrain ? [train, i * classes + c] : [evaluation, (i - nTrain) * classes + c];
      ds.x[2 * j] = p[0];
      ds.x[2 * j + 1] = p[1];
      ds.y[j] = c;
    }
  }
  const noiseText = String(Number(noise.toFixed(2)));
  const description = `Toy ${kind} (${classes} classes, noise ${noiseText}, seed ${opts.seed}): ${train.n} train / ${evaluation.n} eval`;
  return { train, evaluation, description };
}
