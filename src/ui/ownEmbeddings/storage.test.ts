import { describe, it, expect } from 'vitest';
import { EVALUATION_VERSION } from '../../eval/version';
import { evaluationStillValid, hashSet, REMEMBER_MAX_BYTES, tooLargeToRemember, type StoredSet } from './storage';

describe('tooLargeToRemember', () => {
  it('keeps sets up to the limit (100,000 × 64 float32 is well under it) and says why not above', () => {
    expect(tooLargeToRemember(100_000 * 64 * 4)).toBeNull();
    expect(tooLargeToRemember(REMEMBER_MAX_BYTES)).toBeNull();
    expect(tooLargeToRemember(100_000 * 1024 * 4)).toBe('not remembered: too large (391 MiB of vectors; sets up to 128 MiB are kept for the next visit)');
  });
});

describe('a stored evaluation', () => {
  const set = () => ({ n: 3, d: 2, data: new Float32Array([1, 2, 3, 4, 5, 6]), labels: new Int32Array([0, 1, 1]), classNames: ['a', 'b'] });
  const stored = (version = EVALUATION_VERSION, hash = hashSet(set())) =>
    ({ ...set(), slot: 'A', savedAt: 0, vectorsName: 'v', labelsName: 'l', columns: [], column: null, evaluation: { version, hash, info: {}, report: {}, snapshot: {} } }) as unknown as StoredSet;

  it('hashes the numbers, the labels and the class names: any change gives another hash', () => {
    const h = hashSet(set());
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(hashSet(set())).toBe(h);
    const changed = [
      { ...set(), data: new Float32Array([1, 2, 3, 4, 5, 6.000001]) },
      { ...set(), data: new Float32Array([2, 1, 3, 4, 5, 6]) },
      { ...set(), labels: new Int32Array([0, 1, 0]) },
      { ...set(), classNames: ['a', 'c'] },
      { ...set(), n: 2, d: 3 },
    ];
    for (const c of changed) expect(hashSet(c)).not.toBe(h);
  });

  it('is shown as it is only when made by this evaluation version from these very numbers', () => {
    expect(evaluationStillValid(stored())).toBe(true);
    expect(evaluationStillValid(stored(EVALUATION_VERSION - 1))).toBe(false);
    expect(evaluationStillValid(stored(EVALUATION_VERSION, '0000000000000000'))).toBe(false);
    const { evaluation: _, ...older } = stored();
    expect(evaluationStillValid(older as StoredSet)).toBe(false);
  });
});
