import * as d3 from 'd3';

/** Paths are drawn from at most about this many points: the shape survives, the DOM and the `d` string stay light. */
export const MAX_PATH_POINTS = 2000;
/** Up to this many points a series also gets a marker (with a tooltip) per point; beyond it, none. */
export const MAX_MARKERS = 60;

/**
 * The points of a long series to draw, at most about `max` of them. Short series come back whole.
 * Long ones are cut into equal buckets of consecutive points and each bucket keeps its lowest and
 * highest finite point in step order, so a spike (a divergence, a heating-up jump) is never thinned
 * away as a plain stride would; a bucket holding a non-finite value keeps one too, so gaps in a
 * `defined()` line stay visible. The first and the last point are always kept.
 */
export function downsample(xs: ArrayLike<number>, ys: ArrayLike<number>, max = MAX_PATH_POINTS): [number, number][] {
  const n = Math.min(xs.length, ys.length);
  const out: [number, number][] = [];
  if (n <= max) {
    for (let i = 0; i < n; i++) out.push([xs[i], ys[i]]);
    return out;
  }
  // Up to three points per bucket, plus the two ends.
  const buckets = Math.max(1, Math.floor((max - 2) / 3));
  const size = (n - 2) / buckets;
  out.push([xs[0], ys[0]]);
  for (let b = 0; b < buckets; b++) {
    const lo = 1 + Math.floor(b * size);
    const hi = Math.min(n - 1, 1 + Math.floor((b + 1) * size));
    let iMin = -1;
    let iMax = -1;
    let iBad = -1;
    for (let i = lo; i < hi; i++) {
      const v = ys[i];
      if (!Number.isFinite(v)) {
        if (iBad < 0) iBad = i;
      } else {
        if (iMin < 0 || v < ys[iMin]) iMin = i;
        if (iMax < 0 || v > ys[iMax]) iMax = i;
      }
    }
    const keep = [...new Set([iMin, iMax, iBad])].filter((i) => i >= 0).sort((a, b2) => a - b2);
    for (const i of keep) out.push([xs[i], ys[i]]);
  }
  out.push([xs[n - 1], ys[n - 1]]);
  return out;
}

/** The pairs (x[i], y[i]) with a finite y, in order: what markers are drawn for. */
export function finitePoints(xs: ArrayLike<number>, ys: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) if (Number.isFinite(ys[i])) out.push([xs[i], ys[i]]);
  return out;
}

/** A d3 selection of one element, as `d3.select(el)` gives. */
export type One<E extends d3.BaseType> = d3.Selection<E, unknown, null, undefined>;

/**
 * The child `<tag class="cls">` of `parent`, created on first use and reused on every later redraw:
 * redraws update the existing elements instead of rebuilding the plot.
 */
export function layer<K extends keyof SVGElementTagNameMap, P extends Element>(parent: One<P>, tag: K, cls: string): One<SVGElementTagNameMap[K]> {
  const sel = cls
    .split(/\s+/)
    .map((c) => '.' + c)
    .join('');
  const found = parent.select<SVGElementTagNameMap[K]>(`:scope > ${tag}${sel}`);
  return found.empty() ? parent.append<SVGElementTagNameMap[K]>(tag).attr('class', cls) : found;
}
