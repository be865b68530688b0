/**
 * PairOps on our WGSL kernels, dispatched through tfjs's webgpu backend so every tensor stays on
 * the GPU. Only valid while tfjs's active backend is webgpu.
 */
import type { PairOps } from '../ops/pairOps';
import { scaledCosineWgsl } from './similarity/similarity';
import { rowSoftmaxLossWgsl, sharedSoftmaxLossWgsl } from './softmaxLoss/softmaxLoss';
import { rowTopKMaskWgsl } from './topK/rowTopK';
import { globalTopKMaskWgsl } from './topK/globalTopK';

export const webgpuPairOps: PairOps = {
  name: 'wgsl',
  scaledCosine: scaledCosineWgsl,
  rowTopKMask: rowTopKMaskWgsl,
  globalTopKMask: globalTopKMaskWgsl,
  rowSoftmaxLoss: rowSoftmaxLossWgsl,
  sharedSoftmaxLoss: sharedSoftmaxLossWgsl,
};
