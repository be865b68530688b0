/**
 * Batches the training worker's reports before they reach the store. A fast run reports every
 * step (60 steps a second on blobs or MNIST on wasm here), and each report that changes the page
 * costs a React render and a frame of style, layout and paint — most of the page's main-thread
 * time while training. Folded in at most every {@link INBOX_MS} ms, in order, the page redraws
 * at most ~10 times a second from training (GAN Lab: heavy visuals every few steps, not every step).
 */

/** Least time between two deliveries; a report after a quiet spell is delivered at once. */
export const INBOX_MS = 100;

/** A queue of reports delivered in order, in batches at most every `everyMs`. */
export class Inbox<T> {
  private queue: T[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = -Infinity;

  constructor(
    private readonly deliver: (report: T) => void,
    private readonly everyMs = INBOX_MS,
  ) {}

  /** Queues `report`; delivers now if the last delivery was long enough ago, else when it is. */
  push(report: T): void {
    this.queue.push(report);
    if (this.timer !== null) return;
    const wait = this.last + this.everyMs - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Delivers everything queued now (before anything that must see the reports that came first). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.last = performance.now();
    const batch = this.queue;
    this.queue = [];
    for (const report of batch) {
      try {
        this.deliver(report);
      } catch (err) {
        // One bad report must not drop the ones after it (each was its own task before batching):
        // reported as uncaught, as it was then (console outside a browser).
        (globalThis.reportError ?? console.error)(err);
      }
    }
  }
}
