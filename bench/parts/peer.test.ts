import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etaError, peerSection, writeZipfFiles } from './peer.mjs';
import { parseNpy } from '../../src/data/embeddingFiles';

describe('the peer part of the bench', () => {
  it('writes seeded Zipf sets as .npy the command reads: unit-norm centres, classes drawn with weights 1/k', () => {
    const dir = mkdtempSync(join(tmpdir(), 'peer-test-'));
    try {
      const a = writeZipfFiles(dir, { n: 4000, dim: 8, classes: 20 });
      const x = parseNpy(readFileSync(a.vectors));
      const y = parseNpy(readFileSync(a.metadata));
      expect(x.shape).toEqual([4000, 8]);
      expect(y.shape).toEqual([4000]);
      const counts = new Array(20).fill(0);
      for (const v of y.data as Float64Array) counts[v]++;
      // Weight 1/(k+1): class 0 about twice class 1 and ten times class 9 (±25 %: 4,000 draws).
      expect(counts[0] / counts[1]).toBeGreaterThan(1.5);
      expect(counts[0] / counts[9]).toBeGreaterThan(7);
      expect(a.present).toBe(counts.filter((c) => c > 0).length);
      // The same seed writes the same files.
      const b = writeZipfFiles(dir, { n: 4000, dim: 8, classes: 20 });
      expect(readFileSync(b.vectors).equals(readFileSync(a.vectors))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('gives the ratio and whether the numbers agree within 1e-4', () => {
    const row = {
      items: 20000,
      classes: 986,
      ours: { seconds: 24, rss: 800, recall1: 0.99531, mapAtR: 0.96241, nmi: 0.9, inertia: 101, parts: { pairsAndRetrieval: 6, kmeans: 16 }, eta: 0.21 },
      peer: { wall: 12, rssMiB: 900, recall1: 0.99532, mapAtR: 0.963, nmi: 0.88, sklearnNmi: 0.91, sklearnInertia: 100, sklearnSeconds: 97.8, knnSeconds: 7, kmeansSeconds: 3.5 },
    };
    const text = peerSection([row], 'a machine');
    expect(text).toContain('| 20,000 | 986 | 24.0 | 12.0 | **2.00** | 6.0 + 16.0 | 7.0 + 3.5 | 800 | 900 | ✓ (0.9953) | ✗ 0.9624 vs 0.9630 | 0.9000 / 0.8800 / 0.9100 | 1.00 % | 97.8 | 21 % |');
  });
  it('reads the progress line’s estimates: the worst error of the time left from 10 % on', () => {
    const stderr = ['evaluating: 5% · 5 s so far · about 10 s left', 'evaluating: 10% · 10 s so far · about 1 min 00 s left', 'evaluating: 50% · 40 s so far · about 50 s left', 'evaluating: 97% · 1 min 36 s so far · about 1 s left'].join('\n');
    // Done at 100 s: 90 s left at 10 % (estimated 60: 33 %), 60 s at 50 % (50: 17 %); the last line is under 5 s from the end.
    expect(etaError(stderr, 100)).toBeCloseTo(1 / 3, 10);
    expect(etaError('evaluating: 4% · 3 s so far · about 9 s left', 100)).toBe(null);
  });
});
