/**
 * Where the page remembers the last loaded sets of one's own (A and B) until they are cleared: in
 * IndexedDB, this browser only (a link cannot carry the data). A set is kept as parsed — its
 * Float32Array, labels, class names and file names — and evaluated again when the page opens.
 */
import type { OwnSetData } from '../../worker/ownProtocol';

/** Which of the two sets: A, or B compared with A. */
export type Slot = 'A' | 'B';

/** Vectors larger than this are not remembered (a tab's storage quota, and the time to write it). */
export const REMEMBER_MAX_BYTES = 128 * 2 ** 20;

/** A remembered set, as stored. */
export interface StoredSet extends OwnSetData {
  slot: Slot;
  /** When it was loaded (ms since the epoch). */
  savedAt: number;
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

/** Keeps `set` as slot `slot` (replacing the one there). */
export async function saveSet(slot: Slot, set: OwnSetData): Promise<void> {
  const record: StoredSet = { ...set, slot, savedAt: Date.now() };
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
