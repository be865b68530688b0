import { describe, expect, it } from 'vitest';
import { classCentroids, nearestCentroid, planeGrid } from './inputPlane';

describe('input plane', () => {
  it('covers the points with a square grid of cell centres, top row first', () => {
    const { extent, centres } = planeGrid(Float32Array.of(0, 0, 4, 2), 4, 0);
    expect(extent).toEqual([0, 4, -1, 3]);
    expect(centres.length).toBe(32);
    expect([centres[0], centres[1]]).toEqual([0.5, 2.5]);
    expect([centres[30], centres[31]]).toEqual([3.5, -0.5]);
  });
  it('survives a single point', () => {
    const { extent } = planeGrid(Float32Array.of(1, 1), 2);
    expect(extent[1] - extent[0]).toBeGreaterThan(0);
    expect(extent[3] - extent[2]).toBeGreaterThan(0);
  });
  it('assigns each embedding to the class whose centroid is nearest by cosine', () => {
    // Class 0 along +x, class 1 along +y, class 2 absent.
    const emb = Float32Array.of(1, 0, 0.8, 0.6, 0, 1, 0.6, 0.8);
    const centroids = classCentroids(emb, Int32Array.of(0, 0, 1, 1), 2);
    expect(centroids[0]).toBeCloseTo(1.8 / Math.hypot(1.8, 0.6), 6);
    expect(Array.from(nearestCentroid(Float32Array.of(1, 0.1, -0.1, 1, -1, -1), 3, centroids, 2))).toEqual([0, 1, 0]);
    const withGap = classCentroids(emb, Int32Array.of(0, 0, 2, 2), 2);
    expect(Array.from(nearestCentroid(Float32Array.of(0, 1), 1, withGap, 2))).toEqual([2]);
  });
});
