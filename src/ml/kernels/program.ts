/**
 * Runs our own WGSL through tfjs's webgpu backend, for every kernel of src/ml/kernels and
 * src/eval/kernels. tfjs (4.22, webgpu_program.js `makeShader`) wraps our source as "user code":
 * it prepends `result` (the output, binding 0: array<f32|i32>, or array<atomic<i32>> with `atomic`),
 * one `var<storage, read>` array per input named by `variableNames`, the `uniforms` struct
 * (`<name>Shape`/`<name>ShapeStrides` per input, the name's first letter lowered; `outShape`,
 * `outShapeStrides`, `size` if asked; then our `uniforms` fields, in order) and the privates
 * `globalId`, `localId`, `workgroupId`, `numWorkgroups`, `localIndex` with helpers such as
 * `getCoordsFromIndex`. The quirks on {@link KernelSpec}'s fields were measured (/work/shared/ENVIRONMENT.md).
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

/** One program-defined uniform value, in the order of the `uniforms` WGSL fields. */
export type UniformValue = { type: 'float32' | 'int32' | 'uint32'; data: number[] };

export interface KernelSpec {
  /**
   * Pipeline-cache key. tfjs caches pipelines by this key and the inputs' ranks and dtypes, NOT by
   * sizes, source or component counts: whatever is baked into `source` (constants, tile sizes) and
   * the vec4-ness of inputs and output must be fixed per name; sizes go in uniforms.
   */
  name: string;
  /** WGSL user code (a `?raw` import of a `.wgsl` file) defining `fn main()` or, with `flat`, `fn main(index : i32)`. */
  source: string;
  /**
   * Input tensors, bound in this order under `variableNames`. The shader must use each statically:
   * the pipeline layout is derived from the shader and tfjs binds every input, so an unused one
   * fails bind-group validation.
   */
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
  /**
   * true: `fn main(index : i32)` (`index` the global invocation index) with a flat dispatch, which
   * tfjs reshapes to 2-D/3-D above 65535 workgroups while still passing the right index; false:
   * `fn main()` with a 2-D/3-D dispatch, which must stay under that limit.
   */
  flat: boolean;
  /** WGSL fields appended to the Uniforms struct, e.g. 'scale : f32, k4 : i32,'. */
  uniforms?: string;
  /** Their values, in the order of the fields; each field one scalar (f32 / i32 / u32) unless declared and passed as vectors alike. */
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

/**
 * Runs one WGSL kernel through tfjs's webgpu backend; the result stays on the GPU. A new program
 * object per call: `runWebGPUProgram` mutates it (shaderKey, dispatch), so a reused one would
 * compile a new pipeline each time.
 */
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
