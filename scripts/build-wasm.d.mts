/** The binary of the WebAssembly text `wat` (SIMD on), validated. */
export function assemble(name: string, wat: string): Promise<Uint8Array>;
/** The TypeScript module that carries `bytes`, assembled from `name`. */
export function wasmModuleSource(name: string, bytes: Uint8Array): string;
