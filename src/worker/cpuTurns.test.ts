import { describe, expect, it } from 'vitest';
import { createTurns, inTurn, permitsFor, takeTurn, turnsTaken, TurnsOwner, TURN_SLOTS } from './cpuTurns';

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe('cpuTurns', () => {
  it('lets at most `permits` work at once, in the order they asked', async () => {
    const owner = new TurnsOwner(createTurns(2));
    const slots = Array.from({ length: 6 }, () => owner.claim()!);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) =>
      inTurn(slots[i], async () => {
        order.push(i);
        most = Math.max(most, ++running);
        for (let k = 0; k < 3; k++) await tick();
        running--;
      });
    await Promise.all(slots.map((_, i) => work(i)));
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a worker asking again goes to the back of the line (no one is starved)', async () => {
    const owner = new TurnsOwner(createTurns(1));
    const [a, b] = [owner.claim(), owner.claim()];
    const order: string[] = [];
    const loop = async (name: string, t: typeof a) => {
      for (let k = 0; k < 3; k++) await inTurn(t, async () => { order.push(name); await tick(); });
    };
    await Promise.all([loop('a', a), loop('b', b)]);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('a forfeited slot gives back the turn it held and the ones it waited for', async () => {
    const owner = new TurnsOwner(createTurns(1));
    const [dead, alive] = [owner.claim(), owner.claim()];
    await takeTurn(dead); // held, never ended (its worker was terminated mid-step)
    void takeTurn(dead); // waiting when it was terminated
    let ran = false;
    const waiting = inTurn(alive, () => { ran = true; });
    await tick();
    expect(ran).toBe(false);
    owner.forfeit(dead);
    await waiting;
    expect(ran).toBe(true);
    // The slot is free again and the turns still count right: one at a time.
    for (let i = 2; i < TURN_SLOTS; i++) owner.claim();
    const again = owner.claim();
    expect(again?.slot).toBe(dead?.slot);
    const end = await takeTurn(again);
    let second = false;
    const next = inTurn(alive, () => { second = true; });
    await tick();
    expect(second).toBe(false);
    end();
    await next;
    expect(second).toBe(true);
  });

  it('ending a turn twice ends it once', async () => {
    const owner = new TurnsOwner(createTurns(1));
    const [a, b, c] = [owner.claim(), owner.claim(), owner.claim()];
    const end = await takeTurn(a);
    let [bRan, cRan] = [false, false];
    const pb = inTurn(b, async () => { bRan = true; for (let k = 0; k < 5; k++) await tick(); });
    const pc = inTurn(c, () => { cRan = true; });
    end();
    end();
    await tick();
    await tick();
    expect([bRan, cRan]).toEqual([true, false]);
    await Promise.all([pb, pc]);
    expect(cRan).toBe(true);
  });

  it('a turn ended after its slot was forfeited (a worker finishing after it was terminated) ends nothing more', async () => {
    const owner = new TurnsOwner(createTurns(1));
    const [zombie, a, b] = [owner.claim(), owner.claim(), owner.claim()];
    const endLate = await takeTurn(zombie);
    owner.forfeit(zombie);
    const endA = await takeTurn(a);
    endLate();
    let bRan = false;
    const pb = inTurn(b, () => { bRan = true; });
    await tick();
    expect(bRan).toBe(false);
    expect(turnsTaken(owner.buffer!).inFlight).toBe(2);
    endA();
    await pb;
    expect(bRan).toBe(true);
    expect(turnsTaken(owner.buffer!).inFlight).toBe(0);
  });

  it('a worker asking for a turn after its slot was forfeited gets none and keeps no one waiting', async () => {
    const owner = new TurnsOwner(createTurns(1));
    const [zombie, a] = [owner.claim(), owner.claim()];
    owner.forfeit(zombie);
    const endZombie = await takeTurn(zombie);
    let aRan = false;
    await inTurn(a, () => { aRan = true; });
    expect(aRan).toBe(true);
    endZombie();
    expect(turnsTaken(owner.buffer!).inFlight).toBe(0);
  });

  it('without turns nothing waits, and slots run out into no turns', async () => {
    const none = new TurnsOwner(null);
    expect(none.claim()).toBeNull();
    expect(await inTurn(null, () => 7)).toBe(7);
    const owner = new TurnsOwner(createTurns(2));
    for (let i = 0; i < TURN_SLOTS; i++) expect(owner.claim()).not.toBeNull();
    expect(owner.claim()).toBeNull();
  });

  it('permits: the cores over one run’s wasm threads, at least two', () => {
    expect(permitsFor(2, true)).toBe(2);
    expect(permitsFor(2, false)).toBe(2);
    expect(permitsFor(8, true)).toBe(2);
    expect(permitsFor(8, false)).toBe(8);
    expect(permitsFor(32, true)).toBe(4);
    expect(permitsFor(1, false)).toBe(2);
  });
});
