/**
 * Seeded weight initialisation. Weights are drawn in JavaScript from our own `Rng` rather than
 * with tfjs's random ops, so the same seed gives bit-identical initial weights on every backend.
 * Variables are left unnamed: tfjs names must be unique, and two runs may briefly coexist. They are
 * made inside tf.tidy so the initial-value tensor is freed (a variable keeps its own reference).
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../data/rng';

/** Glorot/Xavier-uniform variable of the given shape: U(±sqrt(6 / (fanIn + fanOut))). */
export function glorotUniform(rng: Rng, shape: number[], fanIn: number, fanOut: number): tf.Variable {
  const limit = Math.sqrt(6 / (fanIn + fanOut));
  const size = shape.reduce((a, b) => a * b, 1);
  const values = new Float32Array(size);
  for (let i = 0; i < size; i++) values[i] = rng.uniform(-limit, limit);
  return tf.tidy(() => tf.variable(tf.tensor(values, shape), true));
}

/** He-uniform variable (for layers followed by ReLU): U(±sqrt(6 / fanIn)). */
export function heUniform(rng: Rng, shape: number[], fanIn: number): tf.Variable {
  return glorotUniform(rng, shape, fanIn, 0);
}

/** A zero-initialised trainable variable (biases). */
export function zeros(shape: number[]): tf.Variable {
  return tf.tidy(() => tf.variable(tf.zeros(shape), true));
}
