/**
 * Where the page remembers the last loaded sets of one's own (A and B) until they are cleared: in
 * IndexedDB, this browser only (a link cannot carry the data). A set is kept as parsed — its
 * Float32Array, labels, class names and file names — with its evaluation, which the next visit
 * shows again as it is while the evaluation's version and the set's hash still match; otherwise
 * the set is evaluated again.
 */
import type { EvalReport } from '../../eval/report';
import { EVALUATION_VERSION } from '../../eval/version';
import type { EmbeddingSnapshot } from '../../worker/protocol';
import type { OwnSetData, OwnSetInfo } from '../../worker/own/ownProtocol';

/** Which of the two sets: A, or B compared with A. */
export type Slot = 'A' | 'B';

/** Which views the page's main area shows: the training run's, or the sets'. */
export type ShownViews = 'run' | 'own';

/** Vectors larger than this are not remembered (a tab's storage quota, and the time to write it). */
export const REMEMBER_MAX_BYTES = 128 * 2 ** 20;

/** A set's evaluation as remembered: what the views showed, and what it was made from. */
export interface StoredEvaluation {
  /** {@link EVALUATION_VERSION} of the code that made it. */
  version: number;
  /** {@link hashSet} of the set it was made from. */
  hash: string;
  info: OwnSetInfo;
  report: EvalReport;
  snapshot: EmbeddingSnapshot;
}

/** A remembered set, as stored. */
export interface StoredSet extends OwnSetData {
  slot: Slot;
  /** When it was loaded (ms since the epoch). */
  savedAt: number;
  /** Its evaluation (absent in sets remembered before evaluations were). */
  evaluation?: StoredEvaluation;
}

const DB_NAME = 'metric-playground-own-embeddings';
const STORE = 'sets';

/** Why a set of `bytes` bytes of vectors is not remembered, or null when it is small enough. */
export function tooLargeToRemember(bytes: number): string | null {
  if (bytes <= REMEMBER_MAX_BYTES) return null;
  const mib = (x: number) => `${(x / 2 ** 20).toFixed(0)} MiB`;
  return `not remembered: too large (${mib(bytes)} of vectors; sets up to ${mib(REMEMBER_MAX_BYTES)} are kept for the next visit)`;
}

/** Why the browser gives this page no IndexedDB, in words (null when it does). */
function noStorage(): string | null {
  try {
    return typeof indexedDB === 'undefined' || indexedDB === null ? 'this browser gives the page no storage (IndexedDB is off: private browsing, a setting or a sandboxed frame)' : null;
  } catch {
    // Reading `indexedDB` itself can throw where storage is denied (an opaque-origin frame).
    return 'this browser denies the page storage here (a sandboxed frame or a blocked site setting)';
  }
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const why = noStorage();
    if (why) return reject(new Error(why));
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(DB_NAME, 1);
    } catch {
      return reject(new Error('this browser refused to open its storage for the page (a blocked site setting?)'));
    }
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'slot' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

/** Runs `fn` in a transaction on the sets; resolves when the transaction is complete. */
async function withStore<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted (storage full?)'));
    });
  } finally {
    db.close();
  }
}

/**
 * A hash of the set's numbers, labels and class names (two 32-bit FNV-1a lanes over their words, as
 * 16 hex digits): a stored evaluation belongs to exactly these.
 */
export function hashSet(set: Pick<OwnSetData, 'n' | 'd' | 'data' | 'labels' | 'classNames'>): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ set.n ^ (set.d << 20);
  const mix = (w: number) => {
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x5bd1e995) ^ (h2 >>> 15);
  };
  const words = new Uint32Array(set.data.buffer, set.data.byteOffset, set.data.length);
  for (let i = 0; i < words.length; i++) mix(words[i]);
  for (let i = 0; i < set.labels.length; i++) mix(set.labels[i]);
  for (const name of set.classNames) for (let i = 0; i < name.length; i++) mix(name.charCodeAt(i));
  const hex = (h: number) => (h >>> 0).toString(16).padStart(8, '0');
  return hex(h1) + hex(h2);
}

/** Whether `set`'s stored evaluation can be shown as it is: made by this evaluation's version, from these very numbers. */
export function evaluationStillValid(set: StoredSet): set is StoredSet & { evaluation: StoredEvaluation } {
  const e = set.evaluation;
  return !!e && e.version === EVALUATION_VERSION && e.hash === hashSet(set) && !!e.report && !!e.snapshot && !!e.info;
}

/** Keeps `set` as slot `slot` (replacing the one there), with its evaluation (made by this version). */
export async function saveSet(slot: Slot, set: OwnSetData, evaluation: Omit<StoredEvaluation, 'version' | 'hash'>): Promise<void> {
  const record: StoredSet = { ...set, slot, savedAt: Date.now(), evaluation: { ...evaluation, version: EVALUATION_VERSION, hash: hashSet(set) } };
  await withStore('readwrite', (s) => {
    s.put(record);
  });
}

/** Is `x` a stored set this version can read (anything else is ignored)? */
function isStoredSet(x: unknown): x is StoredSet {
  const s = x as Partial<StoredSet> | null;
  return (
    !!s &&
    (s.slot === 'A' || s.slot === 'B') &&
    s.data instanceof Float32Array &&
    s.labels instanceof Int32Array &&
    Number.isInteger(s.n) &&
    Number.isInteger(s.d) &&
    s.data.length === (s.n as number) * (s.d as number) &&
    s.labels.length === s.n &&
    Array.isArray(s.classNames) &&
    typeof s.vectorsName === 'string' &&
    typeof s.labelsName === 'string'
  );
}

/** The remembered sets (A first); none when storage is unavailable. */
export async function loadSets(): Promise<StoredSet[]> {
  try {
    const all = (await withStore<unknown[]>('readonly', (s) => s.getAll())) ?? [];
    return all.filter(isStoredSet).sort((a, b) => a.slot.localeCompare(b.slot));
  } catch {
    return [];
  }
}

/** Forgets the sets in `slots`. */
export async function forgetSets(slots: Slot[]): Promise<void> {
  await withStore('readwrite', (s) => {
    for (const slot of slots) s.delete(slot);
  });
}

/** Where the page keeps which views were shown (this browser): a reload shows the same. */
const SOURCE_KEY = 'metric-playground-view-source';

/** The views shown when the page was last left ('run' where storage is denied). */
export function lastSource(): ShownViews {
  try {
    return localStorage.getItem(SOURCE_KEY) === 'own' ? 'own' : 'run';
  } catch {
    return 'run';
  }
}

/** Keeps `source` for the next visit (nothing where storage is denied). */
export function rememberSource(source: ShownViews): void {
  try {
    localStorage.setItem(SOURCE_KEY, source);
  } catch {
    // Storage denied: a reload shows the training run's views, as before.
  }
}
