import { describe, it, expect } from 'vitest';
import { REMEMBER_MAX_BYTES, tooLargeToRemember } from './storage';

describe('tooLargeToRemember', () => {
  it('keeps sets up to the limit (100,000 × 64 float32 is well under it) and says why not above', () => {
    expect(tooLargeToRemember(100_000 * 64 * 4)).toBeNull();
    expect(tooLargeToRemember(REMEMBER_MAX_BYTES)).toBeNull();
    expect(tooLargeToRemember(100_000 * 1024 * 4)).toBe('not remembered: too large (391 MiB of vectors; sets up to 128 MiB are kept for the next visit)');
  });
});
