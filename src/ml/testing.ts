/**
 * Helpers for the ml/eval unit tests: a seeded random matrix and conversions between tfjs tensors
 * and the float64 references' `number[][]`. Tests run on tfjs's cpu backend in Node.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';

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
