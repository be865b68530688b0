/**
 * A tiny harness for checking WGSL kernels in a real browser: each kernel file has a sibling
 * `*.selftest.ts` exporting cases; the page runs them on tfjs's webgpu backend and reports.
 */

/** What one case found. `ok` is the verdict; `maxErr` the largest deviation from the reference. */
export interface CaseResult {
  ok: boolean;
  maxErr?: number;
  detail?: string;
}

export interface KernelCase {
  /** Unique, descriptive: kernel, shape, edge case. */
  name: string;
  run(): Promise<CaseResult>;
}

export interface SelfTestReport {
  backend: string;
  adapter: { vendor: string; architecture: string; fallback: boolean } | null;
  results: Array<CaseResult & { name: string; ms: number; error?: string }>;
  /** tf.memory().numTensors before and after all cases: kernels must not leak. */
  tensorsBefore: number;
  tensorsAfter: number;
}
