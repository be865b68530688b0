/**
 * Turns on the CPU (a page-wide counting semaphore) for the page's compute workers: at most
 * `permits` training steps or metrics jobs run at once, page-wide, first come first served. Why:
 * a comparison on three seeds is twelve busy threads on a two-core laptop, and the page's main
 * thread, one thread among them, drew each frame in 40–90 ms; taking turns trains as fast in all
 * while the main thread waits behind only `permits` busy threads. The turns live in shared memory
 * (a cross-origin isolated page; elsewhere nothing waits): `[tickets taken, turns ended, permits,
 * held-or-awaited per slot…]`. A killed worker's turns are given back by the page
 * ({@link TurnsOwner.forfeit}); a waiting worker keeps answering its messages (`Atomics.waitAsync`).
 */

const TICKETS = 0;
const ENDED = 1;
const PERMITS = 2;
const HELD = 3;
/** A forfeited slot's count: its worker was terminated, and whatever it still does takes no turn. */
const FORFEITED = -(2 ** 30);
/** Slots for workers at once (runs of a comparison and their metrics workers share their run's slot). */
export const TURN_SLOTS = 64;

/** What a worker is given: the page's turns and its own slot in them. */
export interface CpuTurns {
  buffer: SharedArrayBuffer;
  slot: number;
}

/** True where turns can work: shared memory between workers, and waiting on it without blocking. */
export const turnsSupported = (): boolean => typeof SharedArrayBuffer !== 'undefined' && typeof Atomics.waitAsync === 'function';

/**
 * How many workers compute at once: the logical cores over the threads one run's wasm computes
 * with (tfjs's threaded build takes half the cores, at most 8, where the page is isolated; one
 * thread elsewhere), at least two so that A and B of a comparison always train side by side.
 */
export function permitsFor(cores: number, isolated: boolean): number {
  const perRun = isolated ? Math.min(8, Math.max(1, Math.floor(cores / 2))) : 1;
  return Math.max(2, Math.floor(Math.max(1, cores) / perRun));
}

/** New turns for the page: `permits` at once; null where {@link turnsSupported} is false. */
export function createTurns(permits: number): SharedArrayBuffer | null {
  if (!turnsSupported()) return null;
  const buffer = new SharedArrayBuffer(4 * (HELD + TURN_SLOTS));
  Atomics.store(new Int32Array(buffer), PERMITS, Math.max(1, Math.floor(permits)));
  return buffer;
}

/**
 * Waits for `turns`' next turn (at once without turns) and returns the function that ends it.
 * Call the returned function exactly once, after the work: the next in line starts then.
 */
export async function takeTurn(turns: CpuTurns | null): Promise<() => void> {
  if (!turns) return () => {};
  const a = new Int32Array(turns.buffer);
  const ticket = Atomics.add(a, TICKETS, 1);
  if (Atomics.add(a, HELD + turns.slot, 1) < 0) {
    // Terminated (a nested metrics worker can go on briefly after its parent is gone): the ticket
    // is not the forfeit's to end, so it is ended here; the work runs without a turn.
    Atomics.add(a, ENDED, 1);
    Atomics.notify(a, ENDED);
    return () => {};
  }
  for (;;) {
    const ended = Atomics.load(a, ENDED);
    if (ticket - ended < Atomics.load(a, PERMITS)) break;
    const w = Atomics.waitAsync(a, ENDED, ended);
    if (w.async) await w.value;
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    // Counted down only while the slot still counts it: a worker the page has terminated has had
    // its turns ended by the forfeit already.
    for (;;) {
      const held = Atomics.load(a, HELD + turns.slot);
      if (held <= 0) return;
      if (Atomics.compareExchange(a, HELD + turns.slot, held, held - 1) === held) break;
    }
    Atomics.add(a, ENDED, 1);
    Atomics.notify(a, ENDED);
  };
}

/** Runs `work` in a turn of `turns` (at once without turns). */
export async function inTurn<T>(turns: CpuTurns | null, work: () => Promise<T> | T): Promise<T> {
  const end = await takeTurn(turns);
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * The page's side: hands out slots and takes back a terminated worker's turns — those it held and
 * those it was waiting for — so that the others go on.
 */
export class TurnsOwner {
  private readonly free: number[] = Array.from({ length: TURN_SLOTS }, (_, i) => i);

  constructor(readonly buffer: SharedArrayBuffer | null) {}

  /**
   * A slot for a new worker; null without turns or when every slot is taken (that worker does not
   * wait). Slots are handed out oldest-freed first: a terminated worker's slot is reused last, long
   * after anything it left running has stopped.
   */
  claim(): CpuTurns | null {
    const slot = this.buffer ? this.free.shift() : undefined;
    if (slot === undefined || !this.buffer) return null;
    Atomics.store(new Int32Array(this.buffer), HELD + slot, 0);
    return { buffer: this.buffer, slot };
  }

  /** The worker of `turns` was terminated: its turns end now, and its slot is free again. */
  forfeit(turns: CpuTurns | null): void {
    if (!turns || turns.buffer !== this.buffer) return;
    forfeitTurns(turns);
    this.free.push(turns.slot);
  }
}

/**
 * The permits of `buffer`'s turns, how many turns were taken so far, and how many of them are in
 * flight (running or waited for; 0 whenever no worker computes: a turn lost would stay counted).
 */
export function turnsTaken(buffer: SharedArrayBuffer): { permits: number; taken: number; inFlight: number } {
  const a = new Int32Array(buffer);
  const taken = Atomics.load(a, TICKETS);
  return { permits: Atomics.load(a, PERMITS), taken, inFlight: taken - Atomics.load(a, ENDED) };
}

/** Ends every turn the worker of `turns` held or waited for (it was terminated). */
function forfeitTurns(turns: CpuTurns): void {
  const a = new Int32Array(turns.buffer);
  const n = Atomics.exchange(a, HELD + turns.slot, FORFEITED);
  if (n > 0) {
    Atomics.add(a, ENDED, n);
    Atomics.notify(a, ENDED);
  }
}
