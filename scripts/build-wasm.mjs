// Assembles each WebAssembly kernel's text (src/eval/kernels/*.wat) into the TypeScript module
// beside it (NAME.wasm.ts: the binary in base64), which the kernel's loader imports: the page,
// its workers and the one-file command then carry it with no loader or file of their own.
// `npm run wasm` after editing a .wat; floatProducts.test.ts fails while the two differ.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import wabtInit from 'wabt';

const KERNELS = new URL('../src/eval/kernels/', import.meta.url).pathname;

/** The binary of the WebAssembly text `wat` (SIMD on), validated. */
export async function assemble(name, wat) {
  const wabt = await wabtInit();
  const module = wabt.parseWat(name, wat, { simd: true });
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

/** The TypeScript module that carries `bytes`, assembled from `name`. */
export function wasmModuleSource(name, bytes) {
  const base64 = Buffer.from(bytes).toString('base64');
  return `// Assembled from ${name} by scripts/build-wasm.mjs (\`npm run wasm\`); do not edit.\nexport const WASM_BASE64 =\n  '${base64}';\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of readdirSync(KERNELS).filter((f) => f.endsWith('.wat'))) {
    const bytes = await assemble(file, readFileSync(join(KERNELS, file), 'utf8'));
    const out = join(KERNELS, file.replace(/\.wat$/, '.wasm.ts'));
    writeFileSync(out, wasmModuleSource(file, bytes));
    console.log(`${out}: ${bytes.length} bytes`);
  }
}
