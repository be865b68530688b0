/**
 * SPEC's instance-mode view of an image: a seeded random shift, small rotation and pixel noise,
 * so the "document" of a pair is the same digit seen slightly differently.
 */
import { Rng } from './rng';

/** Augmentation strength from SPEC: shift ≤ 2 px per axis, rotation ±10°, noise σ = 0.05. */
export const AUGMENT = { maxShift: 2, maxRotationDeg: 10, noiseSigma: 0.05 } as const;

/** A rigid transform: integer shift (columns dx, rows dy) and rotation about the centre. */
export interface ImageTransform {
  dx: number;
  dy: number;
  angleDeg: number;
}

function checkBuffers(src: Float32Array, rows: number, cols: number, out?: Float32Array): Float32Array {
  const size = rows * cols;
  if (src.length !== size) throw new Error(`augment: image has ${src.length} values, expected ${rows}×${cols}`);
  if (!out) return new Float32Array(size);
  if (out.length !== size) throw new Error(`augment: output has ${out.length} values, expected ${size}`);
  const overlap =
    out.buffer === src.buffer &&
    out.byteOffset < src.byteOffset + src.byteLength &&
    src.byteOffset < out.byteOffset + out.byteLength;
  // Sampling reads neighbours of already-written pixels, so in-place would smear the image.
  if (overlap) throw new Error('augment: out must not overlap src');
  return out;
}

/**
 * Applies a shift + rotation with bilinear sampling (outside the image reads as 0). Output pixel
 * p takes the source value at R(−θ)(p − shift − centre) + centre. With angle 0 it is an exact
 * integer shift. Rows × cols single-channel, row-major.
 */
export function transformImage(
  src: Float32Array,
  rows: number,
  cols: number,
  t: ImageTransform,
  out?: Float32Array,
): Float32Array {
  const dst = checkBuffers(src, rows, cols, out);
  const th = (t.angleDeg * Math.PI) / 180;
  const cos = Math.cos(th);
  const sin = Math.sin(th);
  const cy = (rows - 1) / 2;
  const cx = (cols - 1) / 2;
  const at = (r: number, c: number) => (r >= 0 && r < rows && c >= 0 && c < cols ? src[r * cols + c] : 0);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const u = c - t.dx - cx;
      const v = r - t.dy - cy;
      const sx = cos * u + sin * v + cx;
      const sy = -sin * u + cos * v + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      dst[r * cols + c] =
        (1 - fy) * ((1 - fx) * at(y0, x0) + fx * at(y0, x0 + 1)) +
        fy * ((1 - fx) * at(y0 + 1, x0) + fx * at(y0 + 1, x0 + 1));
    }
  }
  return dst;
}

/**
 * A random view: integer shift in [−2, 2] per axis, rotation uniform in ±10°, then additive
 * Gaussian noise σ = 0.05, clamped to [0, 1]. Deterministic for the rng state; out (if given)
 * must not overlap src.
 */
export function augmentImage(src: Float32Array, rows: number, cols: number, rng: Rng, out?: Float32Array): Float32Array {
  const span = 2 * AUGMENT.maxShift + 1;
  const dx = rng.int(span) - AUGMENT.maxShift;
  const dy = rng.int(span) - AUGMENT.maxShift;
  const angleDeg = rng.uniform(-AUGMENT.maxRotationDeg, AUGMENT.maxRotationDeg);
  const dst = transformImage(src, rows, cols, { dx, dy, angleDeg }, out);
  for (let i = 0; i < dst.length; i++) {
    const v = dst[i] + AUGMENT.noiseSigma * rng.normal();
    dst[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
  return dst;
}
