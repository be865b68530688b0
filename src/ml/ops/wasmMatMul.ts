/**
 * A faster BatchMatMul for tfjs-wasm. tfjs-wasm 4.22 hands a product with `transposeA` or
 * `transposeB` to a naive loop, 10–60× slower than XNNPACK's plain product (128×784×256 on one
 * thread here: 2.7 ms plain, 27 ms with transposeB, 59 ms with transposeA) — and the gradient of
 * every matMul asks for exactly those (dA = dy·Bᵀ, dB = Aᵀ·dy), so training spent ~90% of a step
 * in them. This kernel transposes the flagged operand first (a fast XNNPACK kernel) and then
 * runs the plain product. Same values up to float32 rounding; the order of additions changes, so
 * a link's loss curve on wasm differs in the last digits from builds before this kernel (and stays
 * exactly reproducible with it).
 */
import * as tf from '@tensorflow/tfjs';

type KernelArgs = Parameters<tf.KernelFunc>[0];

/**
 * Replaces tfjs-wasm's BatchMatMul with {@link fastBatchMatMul}'s wrapper; once per process, after
 * `@tensorflow/tfjs-backend-wasm` is imported (before or after the backend starts: the original
 * kernel's setup binds the same wasm function either way). No-op without tfjs-wasm.
 */
export function installWasmMatMul(): void {
  const original = tf.getKernel('BatchMatMul', 'wasm');
  const transpose = tf.getKernel('Transpose', 'wasm');
  if (!original || !transpose || (original.kernelFunc as { fast?: boolean }).fast) return;
  const kernelFunc = Object.assign((args: KernelArgs) => fastBatchMatMul(args, original.kernelFunc, transpose.kernelFunc), { fast: true });
  tf.unregisterKernel('BatchMatMul', 'wasm');
  tf.registerKernel({ ...original, kernelFunc: kernelFunc as tf.KernelFunc });
}

/** `matMul` through `plain` with every transposed operand materialised by `transpose` first. */
export function fastBatchMatMul(args: KernelArgs, plain: tf.KernelFunc, transpose: tf.KernelFunc): tf.TensorInfo {
  const { inputs, attrs } = args;
  const backend = args.backend as tf.KernelBackend;
  const { transposeA, transposeB } = attrs as unknown as { transposeA: boolean; transposeB: boolean };
  if (!transposeA && !transposeB) return plain(args) as tf.TensorInfo;
  const swapLast = (x: tf.TensorInfo): tf.TensorInfo => {
    const perm = x.shape.map((_, i) => i);
    [perm[perm.length - 2], perm[perm.length - 1]] = [perm[perm.length - 1], perm[perm.length - 2]];
    return transpose({ inputs: { x }, backend, attrs: { perm } }) as tf.TensorInfo;
  };
  const a = transposeA ? swapLast(inputs.a as tf.TensorInfo) : (inputs.a as tf.TensorInfo);
  const b = transposeB ? swapLast(inputs.b as tf.TensorInfo) : (inputs.b as tf.TensorInfo);
  const out = plain({ inputs: { a, b }, backend, attrs: { ...attrs, transposeA: false, transposeB: false } }) as tf.TensorInfo;
  if (transposeA) backend.disposeData(a.dataId);
  if (transposeB) backend.disposeData(b.dataId);
  return out;
}
