import { describe, expect, it } from 'vitest';
import { cliLargeSection } from './cliLarge.mjs';

describe('the million-item part of the bench', () => {
  const progress = Array.from({ length: 30 }, (_, k) => `evaluating: ${Math.round((100 * k) / 29)}% · ${k} min 00 s so far · about ${29 - k} min 00 s left`);
  const row = { items: 1_000_000, dim: 64, classes: 1000, threads: 2, seconds: 7260.4, rss: 3100.2, stopped: false, progress, eta: 0.183, parts: { pairsAndRetrieval: 5400.2, kmeans: 1800.7 }, prAuc: 0.5, recall1: 0.99, mapAtR: 0.96, nmi: 0.85 };

  it('states the time, its parts, the peak memory, the numbers, the time-left error and a dozen progress lines, the first and the last kept', () => {
    const text = cliLargeSection(row, 'a machine');
    expect(text).toContain('## The command line\'s evaluate on 1,000,000 items');
    expect(text).toContain('on 1,000,000 × 64 of the peer part\'s seeded Zipf sets (1000 classes present');
    expect(text).toContain('**7260 s** (pairs & retrieval 5400 s, k-means 1801 s), peak RSS **3100 MiB**; PR-AUC 0.5000, Recall@1 0.9900, MAP@R 0.9600, NMI 0.8500; the time left it estimated was at worst 18 % off');
    const shown = text.split('\n').filter((l) => l.startsWith('evaluating: '));
    expect(shown).toHaveLength(12);
    expect(shown[0]).toBe(progress[0]);
    expect(shown.at(-1)).toBe(progress.at(-1));
  });

  it('says a stopped run was stopped, and a failed one failed, with why', () => {
    expect(cliLargeSection({ ...row, stopped: true, eta: null }, 'm')).toContain('Stopped by the bench after 7260 s, as asked');
    expect(cliLargeSection({ items: 1_000_000, dim: 64, classes: 1000, failed: 'out of memory' }, 'm')).toContain('1,000,000 × 64, 1000 classes, on the binned path, every core: FAILED — out of memory');
  });
});
