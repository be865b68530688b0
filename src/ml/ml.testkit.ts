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

/** The tensors tfjs holds now (`tf.memory().numTensors`): a test's leak check. */
export function tensorCount(): number {
  return tf.memory().numTensors;
}

/**
 * Tries tfjs-wasm in Node, single-threaded (tfjs's threaded build is browser-only), its binaries
 * from the package's folder: true when it became the active backend, false when it could not start.
 */
export async function tryWasmBackend(): Promise<boolean> {
  await import('@tensorflow/tfjs-backend-wasm');
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  try {
    return await tf.setBackend('wasm');
  } catch {
    return false;
  }
}

/**
 * The first value of what `loss` computes from an n×n matrix whose every entry is `value` (run
 * inside `tf.tidy`; its result is disposed once read): e.g. a loss on a batch of equal scores.
 */
export async function lossOnConstantScores(n: number, value: number, loss: (scores: tf.Tensor2D) => tf.Tensor): Promise<number> {
  const t = tf.tidy(() => loss(tf.fill([n, n], value) as tf.Tensor2D));
  try {
    return (await t.data())[0];
  } finally {
    t.dispose();
  }
}
