/**
 * tfjs-wasm as every worker of the app sets it up: the bundled binaries, and our matMul for
 * transposed operands. A worker that computes with wasm imports this first, so its numbers are
 * the training worker's.
 */
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { installWasmMatMul } from '../ml/ops/wasmMatMul';

setWasmPaths({
  'tfjs-backend-wasm.wasm': wasmPlain,
  'tfjs-backend-wasm-simd.wasm': wasmSimd,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded,
});
// tfjs-wasm's products with a transposed operand (every matMul gradient) are 10–60× slow.
installWasmMatMul();
