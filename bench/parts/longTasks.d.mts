// Types for longTasks.mjs, so the TypeScript browser test can import the plain-JS measurement.
import type { Browser, Page } from '@playwright/test';

/** What `measureLongTasks` saw after Play was pressed. */
export interface LongTaskReport {
  /** Main-thread tasks longer than 50 ms. */
  count: number;
  /** The longest of them, in ms (0 when there were none). */
  worstMs: number;
  /** Their summed duration, in ms. */
  totalMs: number;
  /** The training step reached. */
  steps: number;
  /** Seconds from Play to the reading. */
  seconds: number;
  /** Periodic all-pairs evaluations made in the run. */
  evaluations: number;
  /** The backend badge's text. */
  backend: string | null;
  /** Each long task: its start after Play and its duration, in ms. */
  tasks: { at: number; ms: number }[];
  /** With `cpu: true`: the main-thread tasks whose own CPU time passed 50 ms, and the most CPU any task took. */
  cpu?: { count: number; worstMs: number; tasks: { at: number; ms: number; cpuMs: number }[] };
}

/**
 * Opens the run, presses Play, trains for `seconds` (or to `steps`, `seconds` at most) and counts
 * main-thread long tasks; `cpu` also traces the run for each task's CPU time (Chromium only).
 */
export declare function measureLongTasks(
  browser: Browser,
  baseUrl: string,
  options?: { seconds?: number; steps?: number; hash?: string; page?: Page | null; cpu?: boolean },
): Promise<LongTaskReport>;
