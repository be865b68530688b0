/**
 * Batches the training workers' reports before they reach the stores. A fast run reports every
 * step (60 steps a second on blobs or MNIST on wasm here), and each report that changes the page
 * costs a React render and a frame of style, layout and paint — most of the page's main-thread
 * time while training. Folded in at most every {@link INBOX_MS} ms, in order, the page redraws
 * at most 5 times a second from training (GAN Lab: heavy visuals every few steps, not every step):
 * at 10 a second a comparison's p95 frame on two cores was 38 ms, at 5 it is 32 ms (BENCHMARKS.md
 * "Frames"). A report after a quiet spell (a Step pressed) is delivered at once.
 *
 * The runs of one page (A, B and each seed's replica) share one {@link DeliveryClock}: their
 * batches go out in the same task, so six runs cost the page one render and one paint per tick,
 * not six at six different moments (on a 2-core machine that was most of a comparison's stutter).
 */

/** Least time between two deliveries; a report after a quiet spell is delivered at once. */
export const INBOX_MS = 200;

/** The clock that inboxes sharing it deliver on: at most one delivery every `everyMs`, all of them at once. */
export class DeliveryClock {
  private readonly pending = new Set<{ flush(): void }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = -Infinity;

  constructor(private readonly everyMs = INBOX_MS) {}

  /** `inbox` has reports queued: delivers now if the last delivery was long enough ago, else when it is. */
  request(inbox: { flush(): void }): void {
    this.pending.add(inbox);
    if (this.timer !== null) return;
    const wait = this.last + this.everyMs - performance.now();
    if (wait <= 0) this.tick();
    else this.timer = setTimeout(() => this.tick(), wait);
  }

  /** Delivers every inbox's queue, in the order they first asked. */
  private tick(): void {
    this.timer = null;
    this.last = performance.now();
    const due = [...this.pending];
    this.pending.clear();
    for (const inbox of due) inbox.flush();
  }
}

/** A queue of reports delivered in order, in batches on its clock (its own unless one is shared). */
export class Inbox<T> {
  private queue: T[] = [];

  constructor(
    private readonly deliver: (report: T) => void,
    private readonly clock = new DeliveryClock(),
  ) {}

  /** Queues `report`; it is delivered at the clock's next tick (now, after a quiet spell). */
  push(report: T): void {
    this.queue.push(report);
    this.clock.request(this);
  }

  /** Delivers everything queued now (before anything that must see the reports that came first). */
  flush(): void {
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
