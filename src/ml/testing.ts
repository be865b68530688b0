/**
 * Helpers for the ml/eval unit tests: a seeded random matrix and conversions between tfjs tensors
 * and the float64 references' `number[][]`. Tests run on tfjs's cpu backend in Node.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import type { TrainSpec } from './objectives';

/** A small run's configuration for the trainer tests: an MLP, d = 2, LN softmax at α = 16, batch 32. */
export const TEST_SPEC: TrainSpec = {
  model: 'mlp', dim: 2, loss: 'softmax', head: 'ln', alpha: 16, heat: 'off', alpha2: 4, heatAt: 0, heatEnd: 0, heatLr: 0.1,
  lr: 0.01, batch: 32, seed: 3, dataSeed: 4, rho: 0.5, pairs: 'class', perClass: 4, arcMargin: 0.3, cosMargin: 0.35,
  conMargin: 1, triMargin: 0.2, tcm: 'off', tcmPos: 0.9, tcmNeg: 0.5, tcmPosW: 1, tcmNegW: 1,
};

/** Selects tfjs's cpu backend (once per test file). */
export async function useCpuBackend(): Promise<void> {
  await tf.setBackend('cpu');
  await tf.ready();
}

/** An n×d matrix of N(0, scale²) entries from `rng`. */
export function randomMatrix(rng: Rng, n: number, d: number, scale = 1): number[][] {
  return Array.from({ length: n }, () => Array.from({ length: d }, () => rng.normal() * scale));
}

/** Transposes a `number[][]`. */
export const transpose = (m: number[][]): number[][] => m[0].map((_, j) => m.map((row) => row[j]));

/** Reads a 2-D tensor back as `number[][]`. */
export async function toMatrix(t: tf.Tensor): Promise<number[][]> {
  return (await t.array()) as number[][];
}
