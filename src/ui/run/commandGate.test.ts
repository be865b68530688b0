import { describe, expect, it } from 'vitest';
import { CommandGate } from './commandGate';

type Msg = { type: string; n?: number };

/** The worker's rule, as its command handler (src/worker/training/commands.ts) applies it: a command received before the latest init is stale. */
function worker() {
  const acted: string[] = [];
  let epoch = 0;
  const queue: { msg: Msg; at: number }[] = [];
  return {
    acted,
    post(msg: Msg) {
      if (msg.type === 'init') epoch++;
      queue.push({ msg, at: epoch });
    },
    /** Runs the queue as the worker's chain does. */
    drain() {
      for (const { msg, at } of queue.splice(0)) {
        if (msg.type === 'init') acted.push(`init ${msg.n}`);
        else if (at === epoch) acted.push(msg.type);
      }
    },
  };
}

describe('CommandGate', () => {
  it('sends at once while no init is held', () => {
    const w = worker();
    const gate = new CommandGate<Msg>((m) => w.post(m));
    gate.send({ type: 'init', n: 1 });
    gate.send({ type: 'play' });
    w.drain();
    expect(w.acted).toEqual(['init 1', 'play']);
  });

  it('a Play given while the init waits trains the run once the init is sent', () => {
    const w = worker();
    const gate = new CommandGate<Msg>((m) => w.post(m));
    gate.hold();
    gate.send({ type: 'play' });
    expect(gate.holding).toBe(true);
    w.drain();
    expect(w.acted).toEqual([]);
    gate.release({ type: 'init', n: 1 });
    w.drain();
    expect(w.acted).toEqual(['init 1', 'play']);
    expect(gate.holding).toBe(false);
  });

  it('without the gate the same order loses the Play (the stall the gate prevents)', () => {
    const w = worker();
    w.post({ type: 'play' });
    w.post({ type: 'init', n: 1 });
    w.drain();
    expect(w.acted).toEqual(['init 1']);
  });

  it('keeps the order of what was held, and drops it when another init is awaited', () => {
    const w = worker();
    const gate = new CommandGate<Msg>((m) => w.post(m));
    gate.hold();
    gate.send({ type: 'play' });
    gate.hold();
    gate.send({ type: 'step' });
    gate.send({ type: 'pause' });
    gate.send({ type: 'play' });
    gate.release({ type: 'init', n: 2 });
    w.drain();
    expect(w.acted).toEqual(['init 2', 'step', 'pause', 'play']);
  });

  it('drop forgets what was held', () => {
    const w = worker();
    const gate = new CommandGate<Msg>((m) => w.post(m));
    gate.hold();
    gate.send({ type: 'play' });
    gate.drop();
    gate.send({ type: 'init', n: 3 });
    w.drain();
    expect(w.acted).toEqual(['init 3']);
  });
});
