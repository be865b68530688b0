import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { evaluateEmbeddings } from './evaluate';
import { exactPairs } from './pairs/exact';
import { NonFiniteEmbeddingsError, nonFiniteRows } from './finite';

function set(n: number, d: number, bad: Array<[number, number]>) {
  const rng = new Rng(7);
  const emb = Float32Array.from({ length: n * d }, () => rng.normal());
  for (const [row, value] of bad) emb[row * d + (row % d)] = value;
  const labels = Int32Array.from({ length: n }, (_, i) => i % 3);
  return { emb, labels };
}

describe('non-finite embeddings are refused, never looped on', () => {
  it('nonFiniteRows lists each bad row once, in order', () => {
    const { emb } = set(10, 4, [[7, NaN], [2, Infinity], [9, -Infinity]]);
    emb[2 * 4 + 3] = NaN; // a second bad entry in row 2
    expect(nonFiniteRows(emb, 10, 4)).toEqual([2, 7, 9]);
    expect(nonFiniteRows(set(10, 4, []).emb, 10, 4)).toEqual([]);
  });

  it('the exact path throws with the count and the rows (it used to spin forever on NaN ties)', () => {
    const { emb, labels } = set(40, 3, [[5, NaN], [6, NaN]]);
    expect(() => exactPairs(emb, labels, 40, 3, 3)).toThrow(NonFiniteEmbeddingsError);
    expect(() => exactPairs(emb, labels, 40, 3, 3)).toThrow(/2 of 40 embeddings hold NaN or Infinity \(rows 5, 6\)/);
  });

  it.each(['exact', 'js'] as const)('evaluateEmbeddings on the %s path rejects them with a clear message', async (path) => {
    const { emb, labels } = set(60, 2, [[0, NaN], [1, NaN], [2, NaN], [3, Infinity], [4, NaN], [5, NaN], [59, NaN]]);
    const run = evaluateEmbeddings(emb, labels, 60, 2, 3, { path });
    await expect(run).rejects.toThrow(/7 of 60 embeddings .* \(rows 0, 1, 2, 3, 4, … \(2 more\)\)/);
    await expect(run).rejects.toMatchObject({ rows: [0, 1, 2, 3, 4, 5, 59], n: 60 });
  });

  it('all-NaN embeddings (a diverged run) are refused too', async () => {
    const emb = new Float32Array(200 * 8).fill(NaN);
    const labels = Int32Array.from({ length: 200 }, (_, i) => i % 10);
    await expect(evaluateEmbeddings(emb, labels, 200, 8, 10, { path: 'exact' })).rejects.toThrow(/200 of 200 embeddings/);
  });
});
