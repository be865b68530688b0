/**
 * Seeded batch samplers. Each returns dataset indices (Int32Array) so the caller gathers the
 * rows itself; given the same Rng state they produce the same batches on every backend.
 */
import { Rng } from './rng';

function checkCount(name: string, what: string, v: number, min: number): void {
  if (!Number.isInteger(v) || v < min) throw new Error(`${name}: ${what} must be an integer ≥ ${min}, got ${v}`);
}

/**
 * Epochs of seeded permutations of 0..n-1, cut into batches. A batch that crosses an epoch
 * boundary takes the rest of the old permutation and the start of a new one, and the new
 * permutation is adjusted so that its start repeats none of those leftovers: no index appears
 * twice in a batch, and every epoch still visits every index exactly once.
 * batch > n throws (rather than clamping) because that batch could not be duplicate-free.
 */
export class ShuffleSampler {
  private readonly perm: Int32Array;
  private pos = 0;
  private epochCount = 0;

  constructor(
    readonly n: number,
    readonly batch: number,
    private readonly rng: Rng,
  ) {
    checkCount('ShuffleSampler', 'n', n, 1);
    checkCount('ShuffleSampler', 'batch', batch, 1);
    if (batch > n) throw new Error(`ShuffleSampler: batch ${batch} is larger than the ${n} items`);
    this.perm = new Int32Array(n);
    for (let i = 0; i < n; i++) this.perm[i] = i;
    rng.shuffle(this.perm);
  }

  /** Completed epochs (full passes over the data) so far. */
  get epoch(): number {
    return this.epochCount;
  }

  /** The next batch of `batch` distinct indices. */
  next(): Int32Array {
    const out = new Int32Array(this.batch);
    const k = Math.min(this.batch, this.n - this.pos); // ≥ 1: pos < n between calls
    out.set(this.perm.subarray(this.pos, this.pos + k));
    this.pos += k;
    if (k < this.batch) {
      this.newEpoch(out.subarray(0, k), this.batch - k);
      out.set(this.perm.subarray(0, this.batch - k), k);
      this.pos = this.batch - k;
    }
    if (this.pos === this.n) this.newEpoch(new Int32Array(0), 0);
    return out;
  }

  /** Reshuffles, then swaps any of `taken` out of the first `head` slots (toward the back). */
  private newEpoch(taken: Int32Array, head: number): void {
    this.epochCount++;
    this.pos = 0;
    const perm = this.perm;
    this.rng.shuffle(perm);
    if (taken.length === 0) return;
    const isTaken = new Set(taken);
    // Slots ≥ head hold ≥ (#taken in the head) free indices because batch ≤ n (see class doc).
    let back = this.n - 1;
    for (let i = 0; i < head; i++) {
      if (!isTaken.has(perm[i])) continue;
      while (isTaken.has(perm[back])) back--;
      const tmp = perm[i];
      perm[i] = perm[back];
      perm[back--] = tmp;
    }
  }
}

/** Groups item indices by label; returns label → indices. */
function byClass(labels: Int32Array): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < labels.length; i++) {
    const g = groups.get(labels[i]);
    if (g) g.push(i);
    else groups.set(labels[i], [i]);
  }
  return groups;
}

/** Moves a uniform random k-subset of arr to its front (partial Fisher–Yates). */
function pickFront<T>(arr: T[], k: number, rng: Rng): void {
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(arr.length - i);
    const tmp = arr[i];
    arr[i] = arr[j];
    arr[j] = tmp;
  }
}

/**
 * SPEC's P×K sampler: each batch holds P distinct classes, drawn uniformly among the classes with
 * ≥ K items, and K distinct items of each, drawn uniformly (batches are independent draws, not
 * epochs). Output is grouped by class: items [pK, (p+1)K) share a label.
 */
export class PKSampler {
  private readonly groups: number[][];

  constructor(
    labels: Int32Array,
    readonly P: number,
    readonly K: number,
    private readonly rng: Rng,
  ) {
    checkCount('PKSampler', 'P', P, 1);
    checkCount('PKSampler', 'K', K, 1);
    const all = [...byClass(labels)].sort((a, b) => a[0] - b[0]);
    this.groups = all.filter(([, g]) => g.length >= K).map(([, g]) => g);
    if (this.groups.length < P) {
      throw new Error(
        `PKSampler: P=${P} classes with at least K=${K} items each are needed, but only ` +
          `${this.groups.length} of the ${all.length} classes qualify`,
      );
    }
  }

  /** The next batch of P·K indices, K consecutive per class. */
  next(): Int32Array {
    const { P, K, rng, groups } = this;
    const out = new Int32Array(P * K);
    pickFront(groups, P, rng);
    for (let p = 0; p < P; p++) {
      const g = groups[p];
      pickFront(g, K, rng);
      for (let k = 0; k < K; k++) out[p * K + k] = g[k];
    }
    return out;
  }
}

/** One batch of (query, document) pairs: row i pairs queries[i] with docs[i]. */
export interface PairBatch {
  queries: Int32Array;
  docs: Int32Array;
}

/**
 * SPEC's pair batches for the CE family. Queries are n distinct items drawn in seeded epochs
 * (a ShuffleSampler). Class mode: each document is a uniformly chosen OTHER item of the query's
 * class, so single-item classes cannot supply queries. Instance mode: docs is a copy of queries;
 * the caller builds the augmented view of each.
 */
export class PairSampler {
  private readonly candidates: Int32Array;
  private readonly queries: ShuffleSampler;
  private readonly members: number[][] = [];
  private readonly posInClass: Int32Array;
  private readonly classOf: Int32Array;

  constructor(
    labels: Int32Array,
    readonly n: number,
    readonly mode: 'class' | 'instance',
    private readonly rng: Rng,
  ) {
    checkCount('PairSampler', 'n', n, 1);
    if (mode !== 'class' && mode !== 'instance') throw new Error(`PairSampler: unknown mode "${mode}"`);
    this.posInClass = new Int32Array(labels.length);
    this.classOf = new Int32Array(labels.length);
    const eligible: number[] = [];
    for (const g of byClass(labels).values()) {
      const id = this.members.length;
      this.members.push(g);
      g.forEach((item, pos) => {
        this.posInClass[item] = pos;
        this.classOf[item] = id;
      });
      if (mode === 'instance' || g.length >= 2) eligible.push(...g);
    }
    eligible.sort((a, b) => a - b);
    if (eligible.length < n) {
      const what = mode === 'class' ? 'items in classes with ≥ 2 items' : 'items';
      throw new Error(`PairSampler: ${n} pairs per batch need ${n} distinct queries, but there are only ${eligible.length} ${what}`);
    }
    this.candidates = Int32Array.from(eligible);
    this.queries = new ShuffleSampler(eligible.length, n, rng);
  }

  /** The next n (query, document) pairs. */
  next(): PairBatch {
    const slots = this.queries.next();
    const queries = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) queries[i] = this.candidates[slots[i]];
    if (this.mode === 'instance') return { queries, docs: queries.slice() };
    const docs = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const q = queries[i];
      const g = this.members[this.classOf[q]];
      // Uniform over the class minus the query: draw among length-1 slots, skip the query's own.
      let j = this.rng.int(g.length - 1);
      if (j >= this.posInClass[q]) j++;
      docs[i] = g[j];
    }
    return { queries, docs };
  }
}
