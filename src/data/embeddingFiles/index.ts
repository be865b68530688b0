/**
 * "Your own embeddings": parsers for embeddings (.npy, TSV/CSV) and labels (the
 * Projector's metadata.tsv, CSV, .npy) from bytes, shared by the page's worker and the Node CLI.
 * Usage: `pairEmbeddings(parseVectors(eBytes, 'e.npy'), parseLabels(yBytes, 'y.tsv'))`; every
 * refusal is an {@link EmbeddingFileError} with a `code` and a message for the user.
 */
export { CLI_MAX_ITEMS, EmbeddingFileError, MAX_DIM, MAX_FILE_BYTES, MAX_ITEMS, type EmbeddingFileErrorCode } from './errors';
export { parseNpy, readNpyHeader, writeNpy, isNpy, type NpyArray, type NpyHeader, type NpyKind, type NpyWritable } from './npy';
export { parseVectors, type Vectors, type VectorsOptions } from './vectors';
export { parseLabels, type Labels, type LabelsOptions } from './labels';
export { pairEmbeddings, type EmbeddingSet } from './pairUp';
