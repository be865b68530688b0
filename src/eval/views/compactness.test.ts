/**
 * Nearest-centroid accuracy and compactness against small cases computed by hand: points on the
 * circle at known angles (so every angle is known exactly), plus the edge cases (a one-item
 * class, one class, a zero-length centroid, ties, unnormalised rows, no items).
 */
import { describe, expect, it } from 'vitest';
import { classCompactness, nearestCentroidAccuracy } from './compactness';

/** Points on the unit circle (d = 2) at the given angles, optionally scaled by r. */
const circle = (angles: number[], r = 1) => angles.flatMap((a) => [r * Math.cos(a), r * Math.sin(a)]);

describe('nearestCentroidAccuracy', () => {
  it('leaves the item out of its own centroid', () => {
    // Class 0 at 0 and 1.2 rad, class 1 twice at 2.0 rad. The item at 1.2: its own centroid
    // without it lies at 0 (1.2 away), class 1 at 0.8 away → wrong. (With itself included the
    // centroid would be at 0.6 and it would count as right.) Every other item is right.
    const emb = circle([0, 1.2, 2, 2]);
    const r = nearestCentroidAccuracy(emb, [0, 0, 1, 1], 4, 2);
    expect(r).toEqual({ accuracy: 0.75, counted: 4, correct: 3 });
  });

  it('skips a one-item class but keeps it as a candidate', () => {
    // As above plus class 2 alone at −0.5 rad: it is not counted, but the item at 0 of class 0
    // is now nearer to it (0.5) than to its own leave-one-out centroid (1.2) → wrong.
    const emb = circle([0, 1.2, 2, 2, -0.5]);
    const r = nearestCentroidAccuracy(emb, [0, 0, 1, 1, 2], 5, 2);
    expect(r).toEqual({ accuracy: 0.5, counted: 4, correct: 2 });
  });

  it('is 1 with a single class, NaN with nothing to count', () => {
    expect(nearestCentroidAccuracy(circle([0, 3, 1]), [4, 4, 4], 3, 2).accuracy).toBe(1);
    expect(nearestCentroidAccuracy(circle([0]), [4], 1, 2)).toEqual({ accuracy: NaN, counted: 0, correct: 0 });
    expect(nearestCentroidAccuracy([], [], 0, 2).accuracy).toBeNaN();
  });

  it('breaks ties towards the smaller label and accepts any integer labels', () => {
    // Item (1,0) of class 9; its other item is (0,1), class 6 sits twice at (0,−1): both at 90°.
    const emb = [1, 0, 0, 1, 0, -1, 0, -2];
    const r = nearestCentroidAccuracy(emb, [9, 9, 6, 6], 4, 2);
    // Item 0 ties → class 6 (wrong). Item 1: own = (1,0) at 90°, class 6 at 180° → right. Class 6 right.
    expect(r).toEqual({ accuracy: 0.75, counted: 4, correct: 3 });
  });

  it('ignores the length of the rows and works in d = 3', () => {
    const e = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ];
    const emb = [e[0], e[0], e[1], e[1], e[2], e[2]].flatMap((v, i) => v.map((t) => t * (i + 1)));
    expect(nearestCentroidAccuracy(emb, [0, 0, 1, 1, 2, 2], 6, 3).accuracy).toBe(1);
    const scaled = circle([0, 1.2, 2, 2], 7);
    expect(nearestCentroidAccuracy(scaled, [0, 0, 1, 1], 4, 2).accuracy).toBe(0.75);
  });

  it('rejects too few values', () => {
    expect(() => nearestCentroidAccuracy([1, 2, 3], [0, 0], 2, 2)).toThrow(RangeError);
  });
});

describe('classCompactness', () => {
  it('matches hand-computed angles for two and three classes in d = 2', () => {
    const two = classCompactness(circle([0.2, -0.2, Math.PI / 2 + 0.2, Math.PI / 2 - 0.2]), [0, 0, 1, 1], 4, 2);
    expect(two.intra).toBeCloseTo(0.2, 12);
    expect(two.inter).toBeCloseTo(Math.PI / 2, 12);
    expect(two.nearest).toBeCloseTo(Math.PI / 2, 12);
    expect(two.ratio).toBeCloseTo(0.4 / Math.PI, 12);

    const h = Math.PI / 2;
    const three = classCompactness(
      circle([0.1, -0.1, h + 0.3, h - 0.3, Math.PI + 0.2, Math.PI - 0.2], 3),
      [0, 0, 1, 1, 2, 2],
      6,
      2,
    );
    expect(three.intra).toBeCloseTo(0.2, 12);
    expect(three.inter).toBeCloseTo((2 * Math.PI) / 3, 12); // (π/2 + π + π/2) / 3
    expect(three.nearest).toBeCloseTo(h, 12); // every class's nearest neighbour is π/2 away
    expect(three.ratio).toBeCloseTo(0.4 / Math.PI, 12); // 0.2 / (π/2)
  });

  it('is 0 when every class is one point; a one-item class adds intra 0', () => {
    const e = [1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const r = classCompactness(e, [0, 0, 1, 2], 4, 3);
    expect(r.intra).toBe(0);
    expect(r.inter).toBeCloseTo(Math.PI / 2, 12);
    expect(r.ratio).toBe(0);
    // A singleton beside a spread class: (0.3 + 0.3 + 0) / 3.
    const s = classCompactness(circle([0.3, -0.3, 2]), [0, 0, 1], 3, 2);
    expect(s.intra).toBeCloseTo(0.2, 12);
    expect(s.inter).toBeCloseTo(2, 12);
    expect(s.ratio).toBeCloseTo(0.1, 12);
  });

  it('uses the nearest gap: two merged classes beside a far one', () => {
    // Centroids at 0, 0.2 and π: gaps 0.2, 0.2 and π − 0.2; every class is spread ±0.1.
    const r = classCompactness(circle([0.1, -0.1, 0.3, 0.1, Math.PI + 0.1, Math.PI - 0.1]), [0, 0, 1, 1, 2, 2], 6, 2);
    expect(r.intra).toBeCloseTo(0.1, 12);
    expect(r.nearest).toBeCloseTo((0.2 + 0.2 + Math.PI - 0.2) / 3, 12);
    expect(r.inter).toBeCloseTo((0.2 + Math.PI + Math.PI - 0.2) / 3, 12);
    expect(r.ratio).toBeCloseTo(0.3 / (Math.PI + 0.2), 12);
  });

  it('gives NaN inter and ratio with one class, NaN everything with no items', () => {
    const one = classCompactness(circle([0.5, -0.5]), [3, 3], 2, 2);
    expect(one.intra).toBeCloseTo(0.5, 12);
    expect(one.inter).toBeNaN();
    expect(one.ratio).toBeNaN();
    expect(one.nearest).toBeNaN();
    const none = classCompactness([], [], 0, 4);
    expect(none.intra).toBeNaN();
    expect(none.ratio).toBeNaN();
  });

  it('takes a zero-length centroid as perpendicular to everything', () => {
    // Class 0 at 0 and π cancels out: its items are π/2 from its centroid, and so is class 1's.
    const r = classCompactness(circle([0, Math.PI, 1, 1]), [0, 0, 1, 1], 4, 2);
    expect(r.intra).toBeCloseTo(Math.PI / 4, 12); // (π/2 + π/2 + 0 + 0) / 4
    expect(r.inter).toBeCloseTo(Math.PI / 2, 12);
    expect(r.ratio).toBeCloseTo(0.5, 12);
  });
});
