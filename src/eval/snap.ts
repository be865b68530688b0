/**
 * Tie snapping (SPEC "Evaluation", PR curve): cosines equal in exact arithmetic — of duplicate rows,
 * or of rows whose dot products are the same rational number — come out of float32 rows a few ulps
 * apart, and ranked as they are they would be split into separate operating points (two duplicate
 * pairs, one positive and one negative, gave PR-AUC 1.0 where SPEC gives 0.5). Before ranking, the
 * exact path snaps every cosine to the nearest multiple of 2⁻²⁰ ≈ 9.5e-7: well above the rounding
 * noise of unit float32 rows summed in float64 (~1e-7 at d = 128), well below any difference a
 * metric reads. Pure TypeScript.
 */

/** The grid cosines are snapped to before ranking: multiples of 2⁻²⁰. */
export const COSINE_GRID = 2 ** -20;

/** `c` snapped to the nearest multiple of {@link COSINE_GRID} (exact in float64: the grid is a power of two). */
export function snapCosine(c: number): number {
  return Math.round(c / COSINE_GRID) * COSINE_GRID;
}
