/** Helpers the embedding-file parsers' tests share (not part of the app). */
import { expect } from 'vitest';
import { EmbeddingFileError } from './errors';

/** A string's UTF-8 bytes, as a file read gives them. */
export const enc = (s: string) => new TextEncoder().encode(s);

/** The error `fn` throws (failing the test when it throws none or another kind). */
export function errorOf(fn: () => unknown): EmbeddingFileError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EmbeddingFileError);
    return e as EmbeddingFileError;
  }
  throw new Error('expected an EmbeddingFileError, got none');
}
