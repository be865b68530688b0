/**
 * Test-only faults, to prove what the page does when things go wrong that no real configuration
 * provokes on demand (no natural setting diverged in 25 tries; a GPU device is lost only by a
 * driver reset). A browser test sets `window.__playgroundFaults` before the page loads; no link,
 * control or stored setting can, so a user never meets them. No tfjs here: the page imports this.
 */
export interface Faults {
  /** Before this step, every encoder weight becomes NaN: the loss and the embeddings diverge. */
  nanAtStep?: number;
  /**
   * Before this step, every encoder variable becomes 0 but the output bias 1: every item embeds to
   * one point, for good (the hidden units are dead) — a collapse wherever the refresh is embedded.
   */
  collapseAtStep?: number;
  /**
   * At the refresh of this step the weights sent to the metrics worker are cut short, so embedding
   * there fails (as where tfjs-wasm cannot start in a nested worker): the views go on in place.
   */
  embedFailsAtStep?: number;
  /** Before this step, tfjs's WebGPU device is destroyed (as a driver reset would). */
  loseDeviceAtStep?: number;
  /** A shorter time limit (ms) on a stalled data download, so a test need not wait the real one. */
  dataTimeoutMs?: number;
}

/** The faults a test asked for (main thread only); empty for every user. */
export function requestedFaults(): Faults {
  const f = (globalThis as { __playgroundFaults?: unknown }).__playgroundFaults;
  if (typeof f !== 'object' || f === null) return {};
  const { nanAtStep, collapseAtStep, embedFailsAtStep, loseDeviceAtStep, dataTimeoutMs } = f as Record<string, unknown>;
  const step = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  return { nanAtStep: step(nanAtStep), collapseAtStep: step(collapseAtStep), embedFailsAtStep: step(embedFailsAtStep), loseDeviceAtStep: step(loseDeviceAtStep), dataTimeoutMs: step(dataTimeoutMs) };
}
