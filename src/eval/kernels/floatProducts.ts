/**
 * Float32 products of rows on WebAssembly SIMD, without tfjs: the kernel `products` of
 * floatProducts.wat (assembled into floatProducts.wasm.ts by `npm run wasm`), each instance with
 * its own memory. The retrieval pass's screen ({@link wasmCoarseCosines}) and k-means
 * ({@link wasmCentreProducts}) use it on the CPU: the products land in the kernel's memory, where
 * they are read, with no tensor, read-back or copy between (on tfjs-wasm those cost about half as
 * much again as the products). Its sums are the plain float32 ones, in coordinate order — tfjs-wasm's
 * to the bit — so its cosines are within {@link float32CosineBound}.
 * Pure TypeScript: it runs in Node, in the page's workers and in the command's threads alike.
 */
import { WASM_BASE64 } from './floatProducts.wasm';
import { float32CosineBound, type CoarseCosines } from '../retrieval/retrievalScreened';
import { CENTRE_BLOCK, type CentreProducts } from '../clustering/products';

const PAGE_BYTES = 65536;

interface KernelExports {
  memory: WebAssembly.Memory;
  products(q: number, na: number, it: number, w: number, d: number, out: number, stride: number, itStride: number): void;
  keep(row: number, n: number, kept: number, items: number): number;
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where this engine has no WebAssembly SIMD. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0)));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Whether {@link ProductMemory} can start here (WebAssembly with SIMD). */
export const floatProductsAvailable = (): boolean => kernelModule() !== null;

/**
 * One instance of the kernel and its memory, handed out in regions of float32 that stay where
 * they are (a region is never freed; the instance and all of it go together). Views are made
 * fresh: memory that grows detaches the views made before.
 */
export class ProductMemory {
  private readonly kernel: KernelExports;
  private top = 0;

  constructor() {
    const module = kernelModule();
    if (!module) throw new Error('float32 products: this engine has no WebAssembly SIMD');
    this.kernel = new WebAssembly.Instance(module, {}).exports as unknown as KernelExports;
  }

  /** A region of `floats` float32 (16-byte aligned); returns its byte offset. */
  alloc(floats: number): number {
    const at = this.top;
    this.top += Math.ceil((floats * 4) / 16) * 16;
    const short = this.top - this.kernel.memory.buffer.byteLength;
    if (short > 0) this.kernel.memory.grow(Math.ceil(short / PAGE_BYTES));
    return at;
  }

  /** The `floats` float32 at byte offset `at`, as a view into the memory (until it next grows). */
  view(at: number, floats: number): Float32Array {
    return new Float32Array(this.kernel.memory.buffer, at, floats);
  }

  /**
   * out[a·stride + j] = Σ_t q[a·d + t]·it[t·itStride + j] for a < na, j < w, each summed in t
   * order in float32 (regions by byte offset: q is na × d, it d rows of itStride, out na rows of
   * stride). Rows of `it` a multiple of 4 KiB apart run slower ({@link ITEM_STRIDE}).
   */
  products(q: number, na: number, it: number, w: number, d: number, out: number, stride: number, itStride = w): void {
    this.kernel.products(q, na, it, w, d, out, stride, itStride);
  }

  /** Writes each j < n with row[j] ≥ kept into the int32 region `items`, ascending; returns how many. */
  keep(row: number, n: number, kept: number, items: number): number {
    return this.kernel.keep(row, n, kept, items);
  }

  /** Whether `a` is a view into this memory as it is now. */
  holds(a: Float32Array): boolean {
    return a.buffer === this.kernel.memory.buffer;
  }
}

/** Items per block of the screen: each block is a product of its own, so its rows stay in cache. */
export const ITEM_BLOCK = 4096;
/** A block's row stride: 16 floats more than a block, so that its rows fall in different cache sets. */
const ITEM_STRIDE = ITEM_BLOCK + 16;

/**
 * The retrieval pass's float32 screen over `x` (n × d unit rows, float64, rounded to float32 once,
 * held transposed in blocks in the kernel's memory), or null without WebAssembly SIMD. `against`
 * returns a view into that memory, valid until its next call; `keep` scans a row of it there.
 */
export function wasmCoarseCosines(x: Float64Array, n: number, d: number): CoarseCosines | null {
  if (!floatProductsAvailable()) return null;
  let memory: ProductMemory | null = new ProductMemory();
  const blockFloats = d * ITEM_STRIDE;
  const itemsAt = memory.alloc(Math.ceil(n / ITEM_BLOCK) * blockFloats);
  const transposed = memory.view(itemsAt, Math.ceil(n / ITEM_BLOCK) * blockFloats);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(i / ITEM_BLOCK) * blockFloats + (i % ITEM_BLOCK);
    for (let t = 0; t < d; t++) transposed[at + t * ITEM_STRIDE] = x[i * d + t];
  }
  const keptAt = memory.alloc(n);
  let held = 0;
  let queries = 0;
  let rows = 0;
  return {
    eps: float32CosineBound(d),
    keep(row, from, items) {
      if (!memory?.holds(row)) return null;
      const m = memory.keep(row.byteOffset, row.length, from, keptAt);
      items.set(new Int32Array(row.buffer, keptAt, m));
      return m;
    },
    async against(q, na) {
      if (!memory) throw new Error('float32 products: used after dispose');
      if (na > held) {
        queries = memory.alloc(na * d);
        rows = memory.alloc(na * n);
        held = na;
      }
      memory.view(queries, na * d).set(q.subarray(0, na * d));
      for (let b0 = 0, B = 0; b0 < n; b0 += ITEM_BLOCK, B++) {
        const w = Math.min(ITEM_BLOCK, n - b0);
        memory.products(queries, na, itemsAt + 4 * B * blockFloats, w, d, rows + 4 * b0, n, ITEM_STRIDE);
      }
      return memory.view(rows, na * n);
    },
    dispose() {
      memory = null;
    },
  };
}

/** A row stride of at least k floats, a whole number of the kernel's 16-column strips, not a multiple of 4 KiB. */
const paddedStride = (k: number): number => {
  const stride = Math.ceil(k / 16) * 16;
  return stride % 1024 === 0 ? stride + 16 : stride;
};

/**
 * k-means's products (../clustering/products.ts) over `x` (n × d unit rows, float64, rounded to
 * float32 once) on the kernel, or null without WebAssembly SIMD: a block of points (or the listed
 * points) times the centres, held transposed with zero columns up to a padded stride (so every
 * column is in a 16-wide strip), and the seeding's candidates times every point at once
 * (`rowsTimesPoints`, on a {@link wasmCoarseCosines} of the points). Each result is a view into
 * the kernel's memory, valid until the next call of its kind.
 */
export function wasmCentreProducts(x: Float64Array, n: number, d: number, block = CENTRE_BLOCK): CentreProducts | null {
  if (!floatProductsAvailable()) return null;
  let memory: ProductMemory | null = new ProductMemory();
  const points = memory.alloc(n * d);
  memory.view(points, n * d).set(x.subarray(0, n * d));
  const gathered = memory.alloc(block * d);
  let stride = 0;
  let held = 0;
  let centres = 0;
  let out = 0;
  let seeding: CoarseCosines | null = null;
  const live = (): ProductMemory => {
    if (!memory) throw new Error('float32 products: used after dispose');
    return memory;
  };
  const times = (rows: number, count: number): Float32Array => {
    const m = live();
    m.products(rows, count, centres, stride, d, out, stride, stride);
    return m.view(out, count * stride);
  };
  return {
    block,
    error: float32CosineBound(d),
    get stride() {
      return stride;
    },
    use(c, k) {
      const m = live();
      stride = paddedStride(k);
      if (stride > held) {
        centres = m.alloc(d * stride);
        out = m.alloc(block * stride);
        held = stride;
      }
      const transposed = m.view(centres, d * stride).fill(0);
      for (let j = 0; j < k; j++) for (let t = 0; t < d; t++) transposed[t * stride + j] = c[j * d + t];
    },
    async blockProducts(b) {
      const first = b * block;
      return times(points + 4 * first * d, Math.min(n, first + block) - first);
    },
    async rowProducts(rows, count) {
      const m = live();
      const all = m.view(points, n * d);
      const g = m.view(gathered, count * d);
      for (let q = 0; q < count; q++) g.set(all.subarray(rows[q] * d, rows[q] * d + d), q * d);
      return times(gathered, count);
    },
    rowsTimesPoints(rows, count) {
      live();
      seeding ??= wasmCoarseCosines(x, n, d)!;
      return seeding.against(rows, count);
    },
    dispose() {
      memory = null;
      seeding?.dispose();
      seeding = null;
    },
  };
}
