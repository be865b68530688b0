/**
 * Small shared helper for running our own WGSL through tfjs's webgpu backend (shared by every
 * kernel in this folder). Four exports:
 *
 * - {@link webgpuBackend}: tfjs's active WebGPUBackend (throws when the backend is not webgpu).
 * - {@link runKernel}: builds a FRESH tfjs program object from a {@link KernelSpec} and runs it;
 *   the result is a tf.Tensor that stays on the GPU.
 * - {@link flushAndWait}: submits tfjs's pending command buffer and awaits the queue (timing).
 * - {@link groups}: ceil(n / per), the usual workgroup-count arithmetic.
 *
 * How the WGSL is wrapped (tfjs 4.22, webgpu_program.js `makeShader`): our source is the "user
 * code" and must define `fn main()` (2-D/3-D dispatch, `flat: false`) or `fn main(index : i32)`
 * (1-D dispatch, `flat: true`; `index` is the global invocation index). tfjs prepends
 *   - `result` : array<f32|i32> (or array<atomic<i32>> with `atomic`), the output at binding 0;
 *   - one `var<storage, read>` array per input, NAMED BY `variableNames` (e.g. `Q`), of vec4<f32>
 *     when the matching `variableComponents` entry is 4;
 *   - `uniforms` with `<name>Shape`/`<name>ShapeStrides` per input (name's first letter lowered),
 *     `outShape`, `outShapeStrides`, `size` (if `size`), then our own `uniforms` fields, in order;
 *   - privates `globalId`, `localId`, `workgroupId`, `numWorkgroups`, `localIndex` and helpers
 *     such as `getCoordsFromIndex`, `setOutputAtIndex`.
 *
 * Quirks worth knowing (measured, see /work/shared/ENVIRONMENT.md):
 * - tfjs caches pipelines by `shaderKey` + input ranks/dtypes, NOT by sizes, source or component
 *   counts: anything baked into the source (constants, tile sizes) and the vec4-ness of inputs and
 *   output must be fixed per `name`; sizes go in uniforms.
 * - `runWebGPUProgram` mutates the program object (shaderKey, dispatch): never reuse one —
 *   `runKernel` builds a new one per call.
 * - An `atomic` program's output is pooled memory: pass a zero-filled `output` tensor.
 * - `uniformData` must list values in the order of the fields in `uniforms`; each field is
 *   one scalar (f32 / i32 / u32) unless you declare and pass vectors consistently.
 * - Every input must be statically used by the shader: the pipeline layout is derived from the
 *   shader ('auto'), and tfjs binds every input, so an unused input fails bind-group validation.
 * - A 1-D dispatch above 65535 workgroups is reshaped by tfjs to 2-D/3-D; `fn main(index)` (flat)
 *   still receives the right flat index, a `fn main()` kernel must stay under the limit.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

/** One program-defined uniform value, in the order of the `uniforms` WGSL fields. */
export type UniformValue = { type: 'float32' | 'int32' | 'uint32'; data: number[] };

export interface KernelSpec {
  /** Pipeline-cache key: must change whenever `source` or a baked-in constant changes. */
  name: string;
  /** WGSL user code (a `?raw` import of a `.wgsl` file). */
  source: string;
  /** Input tensors, bound in this order under `variableNames`. */
  inputs: tf.Tensor[];
  /** WGSL names of the inputs (e.g. ['Q', 'D']). */
  variableNames: string[];
  /** Per input: 1 → array<f32>, 4 → array<vec4<f32>> (the last dim must then be a multiple of 4). Default all 1. */
  variableComponents?: number[];
  outputShape: number[];
  /** 4 → `result` is array<vec4<f32>> (the output's last dim must be a multiple of 4). Default 1. */
  outputComponent?: number;
  /** Default 'float32'. */
  dtype?: 'float32' | 'int32';
  /** Workgroup size, e.g. [64, 1, 1]. */
  workgroupSize: [number, number, number];
  /** Number of workgroups per dimension. */
  dispatch: [number, number, number];
  /** true: `fn main(index : i32)` with a flat dispatch; false: `fn main()` (2-D/3-D dispatch). */
  flat: boolean;
  /** WGSL fields appended to the Uniforms struct, e.g. 'scale : f32, k4 : i32,'. */
  uniforms?: string;
  /** Their values, in order. */
  uniformData?: UniformValue[];
  /** Declare `uniforms.size` (= output element count). */
  size?: boolean;
  /** Output is array<atomic<i32>>; `output` must then be a zero-filled int32 tensor. */
  atomic?: boolean;
  /**
   * Existing tensor to write into (e.g. a zero-filled int32 tensor for `atomic`). The returned
   * tensor shares its buffer and holds its own reference to it: dispose both.
   */
  output?: tf.Tensor;
}

/** tfjs's active webgpu backend; throws if another backend is active. */
export function webgpuBackend(): WebGPUBackend {
  if (tf.getBackend() !== 'webgpu') throw new Error(`WGSL kernels need the webgpu backend (active: ${tf.getBackend()})`);
  return tf.backend() as WebGPUBackend;
}

/** ceil(n / per), at least 1. */
export function groups(n: number, per: number): number {
  return Math.max(1, Math.ceil(n / per));
}

/** Runs one WGSL kernel through tfjs's webgpu backend; the result stays on the GPU. */
export function runKernel(spec: KernelSpec): tf.Tensor {
  const backend = webgpuBackend();
  const program: WebGPUProgram = {
    variableNames: spec.variableNames,
    // Explicit per input: tfjs would otherwise give every input the output's component count.
    variableComponents: spec.variableComponents ?? spec.inputs.map(() => 1),
    outputComponent: spec.outputComponent,
    outputShape: spec.outputShape,
    shaderKey: spec.name,
    // A flat layout makes tfjs call `main(getGlobalIndex())`; a 2-D one makes it call `main()`.
    dispatchLayout: spec.flat ? { x: spec.outputShape.map((_, i) => i) } : { x: [0], y: [1] },
    dispatch: spec.dispatch,
    workgroupSize: spec.workgroupSize,
    getUserCode: () => spec.source,
    uniforms: spec.uniforms,
    size: spec.size ?? false,
    atomic: spec.atomic ?? false,
  };
  if (!spec.flat && spec.outputShape.length < 2) {
    throw new Error(`${spec.name}: a 2-D dispatch needs an output of rank ≥ 2`);
  }
  const outInfo = spec.output
    ? { dataId: spec.output.dataId, shape: spec.output.shape, dtype: spec.output.dtype }
    : undefined;
  const info = backend.runWebGPUProgram(program, spec.inputs, spec.dtype ?? 'float32', spec.uniformData, outInfo);
  // The returned tensor wraps `output`'s buffer; makeTensorFromTensorInfo adds no backend reference,
  // so add one: each of the two tensors then owns a reference and can be disposed independently.
  if (spec.output) backend.incRef(spec.output.dataId);
  return tf.engine().makeTensorFromTensorInfo(info);
}

/** Submits every pending tfjs command and resolves when the GPU queue is idle (for timing). */
export async function flushAndWait(): Promise<void> {
  const backend = webgpuBackend();
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  backend.submitQueue();
  await backend.device.queue.onSubmittedWorkDone();
}
