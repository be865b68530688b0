/** Applies the test-only faults of `faults.ts` inside the worker. */
import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { Faults } from './faults';

/** Applies the faults due before training step `next` (1 for the first step). */
export function injectFaults(faults: Faults, next: number, weights: readonly tf.Variable[]): void {
  if (faults.nanAtStep === next) tf.tidy(() => weights.forEach((w) => w.assign(tf.fill(w.shape, NaN))));
  if (faults.collapseAtStep === next) tf.tidy(() => weights.forEach((w, i) => w.assign(tf.fill(w.shape, i === weights.length - 1 ? 1 : 0))));
  if (faults.loseDeviceAtStep === next && tf.getBackend() === 'webgpu') (tf.backend() as WebGPUBackend).device.destroy();
}
