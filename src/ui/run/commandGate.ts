/**
 * The commands a run's page side sends its worker, in order, with one rule: while the run's init
 * is held back (B and the replicas of a comparison on the auto backend wait for A's measurement),
 * the transport's commands wait with it and follow the init in the order they were given. The
 * worker drops any command that came before the latest init (it belongs to a run that no longer
 * exists), so a Play sent ahead of its init would be lost and the run would never train.
 */
export class CommandGate<M> {
  /** Commands given while the init is held (null: none held, commands go out at once). */
  private held: M[] | null = null;

  constructor(private readonly post: (msg: M) => void) {}

  /** A new init is awaited: commands from now on wait for it; those held for an earlier init are dropped with their run. */
  hold(): void {
    this.held = [];
  }

  /** Whether an init is awaited. */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Sends `msg` now, or after the awaited init. */
  send(msg: M): void {
    if (this.held) this.held.push(msg);
    else this.post(msg);
  }

  /** Sends the init, then what was held for it, in order. */
  release(init: M): void {
    const held = this.held ?? [];
    this.held = null;
    this.post(init);
    for (const msg of held) this.post(msg);
  }

  /** Forgets what was held (the worker is gone). */
  drop(): void {
    this.held = null;
  }
}
