/**
 * The version of what an evaluation computes. A report kept from an earlier visit (your own
 * embeddings, remembered in IndexedDB) is shown again as it is only while this version is the one
 * that made it; after a change to how any metric or view is computed, the set is evaluated again.
 */
export const EVALUATION_VERSION = 3;

/**
 * A fingerprint of the sources the version stands for (src/eval and the own-embeddings
 * evaluation, tests and the reference aside). `version.test.ts` recomputes it: when the code
 * changed, it fails until this is updated — and EVALUATION_VERSION raised if what is computed
 * changed (not for a change that computes the same numbers, such as splitting the retrieval pass
 * between threads) — so a changed evaluation is never shown from a stale report.
 */
export const EVALUATION_SOURCES = '710de20d43b838c2';
