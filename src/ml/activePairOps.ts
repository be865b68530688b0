/**
 * The pair ops for tfjs's active backend, as the page's worker picks them (src/worker/training/lifecycle.ts):
 * the WGSL kernels on webgpu, the plain tfjs ops elsewhere.
 */
import * as tf from '@tensorflow/tfjs';
import { webgpuPairOps } from './kernels/webgpuPairOps';
import type { PairOps } from './ops/pairOps';
import { tfjsPairOps } from './ops/tfjsPairOps';

/** {@link webgpuPairOps} when tfjs's active backend is webgpu, else {@link tfjsPairOps}. */
export function activePairOps(): PairOps {
  return tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps;
}
