/**
 * Makes tfjs-wasm's threaded build work once bundled. tfjs hands its pthread workers the factory's
 * own source (`wasmFactoryThreadedSimd.toString()` in a Blob); after minification that source
 * refers to names that exist only in the bundle ("e is not defined", tfjs issue #4107). This
 * plugin ships Emscripten's original factory script as a static asset instead and gives the pthread
 * workers its absolute URL (they `importScripts` it). The build fails if tfjs's code changes
 * shape, rather than silently losing threads.
 */
import type { Plugin } from 'vite';

const MODULE = /@tensorflow[\\/]tfjs-backend-wasm[\\/]dist[\\/]backend_wasm\.js$/;
const BLOB = /new Blob\(\[`var WasmBackendModuleThreadedSimd = ` \+\s*wasmFactoryThreadedSimd\.toString\(\)\], \{ type: 'text\/javascript' \}\)/;
const SCRIPT = '@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js?url';

/** The Vite plugin; build only (the dev server does not minify, so tfjs's own Blob works there). */
export function wasmThreads(): Plugin {
  let patched = false;
  let seen = false;
  return {
    name: 'tfjs-wasm-threads',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      seen = true;
      if (!BLOB.test(code)) this.error('tfjs-backend-wasm changed: the threaded-build Blob to replace was not found (vite-plugins/wasmThreads.ts)');
      patched = true;
      // Absolute: the pthread worker runs from a blob: URL, against which a relative URL means nothing.
      const url = 'new URL(__mpThreadedFactoryUrl, self.location.href).href';
      return { code: `import __mpThreadedFactoryUrl from '${SCRIPT}';\n${code.replace(BLOB, url)}`, map: null };
    },
    buildEnd() {
      if (seen && !patched) this.error('tfjs-backend-wasm was bundled without the threads patch');
    },
  };
}
