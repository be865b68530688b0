import { describe, it, expect } from 'vitest';
import {
  cenmLoss,
  cesLoss,
  globalTopK,
  negativeMask,
  pairSoftmaxLoss,
  rowTopK,
  snmLoss,
  ssmLoss,
  topKCount,
  type PairMode,
} from './crossExample';
import { numericGradient } from './finiteDiff';

const { exp, log } = Math;

/** Small deterministic PRNG for property tests (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random N×N scaled similarity matrix λ·c with c uniform in [−1, 1]. */
function randomS(n: number, scale: number, seed: number): number[][] {
  const r = rng(seed);
  return Array.from({ length: n }, () => Array.from({ length: n }, () => scale * (2 * r() - 1)));
}

const LOSSES = {
  ssm: (S: number[][], y: number[], m: PairMode) => ssmLoss(S, y, m),
  snm: (S: number[][], y: number[], m: PairMode) => snmLoss(S, y, m),
  ces: (S: number[][], y: number[], m: PairMode) => cesLoss(S, y, m),
  cenm: (S: number[][], y: number[], m: PairMode) => cenmLoss(S, y, m),
};

// Hand example used below:
//   S = [[2, 1, 0], [3, 1, −1], [0, 2, 4]], y = [0, 0, 1], class mode.
//   (0,1) and (1,0) share label 0 → neither positive nor negative.
//   N_0 = {S02 = 0}, N_1 = {S12 = −1}, N_2 = {S20 = 0, S21 = 2}; N_B = {0, −1, 0, 2}.
const S3 = [
  [2, 1, 0],
  [3, 1, -1],
  [0, 2, 4],
];
const Y3 = [0, 0, 1];

describe('negativeMask (SPEC lines 19, 22)', () => {
  it('class mode drops the diagonal and same-label entries', () => {
    expect(negativeMask(Y3, 'class')).toEqual([
      [false, false, true],
      [false, false, true],
      [true, true, false],
    ]);
  });

  it('instance mode marks every off-diagonal entry', () => {
    expect(negativeMask(Y3, 'instance')).toEqual([
      [false, true, true],
      [true, false, true],
      [true, true, false],
    ]);
  });
});

describe('topKCount (SPEC lines 24, 26)', () => {
  it('is ceil(ρ·n)', () => {
    expect(topKCount(0.5, 4)).toBe(2);
    expect(topKCount(0.5, 3)).toBe(2);
    expect(topKCount(0.5, 1)).toBe(1);
    expect(topKCount(1, 7)).toBe(7);
    expect(topKCount(0.01, 7)).toBe(1);
    expect(topKCount(0.5, 0)).toBe(0);
    expect(topKCount(0.34, 3)).toBe(2);
  });

  it('removes float noise around integers', () => {
    // 0.7·90 = 62.99999999999999 in float64 and 0.1·30 might be 3.0000000000000004 → still 63 / 3.
    expect(topKCount(0.7, 90)).toBe(63);
    expect(topKCount(0.1, 30)).toBe(3);
    expect(topKCount(0.1 + 0.2, 10)).toBe(3); // 0.30000000000000004·10 → 3, not 4
  });

  it('rejects ρ outside (0, 1]', () => {
    expect(() => topKCount(0, 3)).toThrow();
    expect(() => topKCount(1.5, 3)).toThrow();
  });
});

describe('CE losses: hand-computed 3×3, class mode', () => {
  it('SSM (SPEC line 23)', () => {
    const rows = [
      -2 + log(exp(2) + exp(0)),
      -1 + log(exp(1) + exp(-1)),
      -4 + log(exp(4) + exp(0) + exp(2)),
    ];
    expect(ssmLoss(S3, Y3, 'class')).toBeCloseTo((rows[0] + rows[1] + rows[2]) / 3, 12);
  });

  it('CES (SPEC line 25): every row uses N_B = {0, −1, 0, 2}', () => {
    const nb = exp(0) + exp(-1) + exp(0) + exp(2);
    const rows = [-2 + log(exp(2) + nb), -1 + log(exp(1) + nb), -4 + log(exp(4) + nb)];
    expect(cesLoss(S3, Y3, 'class')).toBeCloseTo((rows[0] + rows[1] + rows[2]) / 3, 12);
  });

  it('SNM ρ = 0.5 (SPEC line 24): k = 1, 1, 1 → row 2 keeps only S21 = 2', () => {
    expect(rowTopK(S3, Y3, 'class', 0.5)).toEqual([[2], [2], [1]]);
    const rows = [-2 + log(exp(2) + exp(0)), -1 + log(exp(1) + exp(-1)), -4 + log(exp(4) + exp(2))];
    expect(snmLoss(S3, Y3, 'class', 0.5)).toBeCloseTo((rows[0] + rows[1] + rows[2]) / 3, 12);
  });

  it('CENM ρ = 0.5 (SPEC line 26): k = 2 of 4 → S21 (flat 7), then the tie S02/S20 = 0 goes to flat 2', () => {
    expect(globalTopK(S3, Y3, 'class', 0.5)).toEqual([7, 2]);
    expect(globalTopK(S3, Y3, 'class', 0.75)).toEqual([7, 2, 6]);
    const sel = exp(2) + exp(0);
    const rows = [-2 + log(exp(2) + sel), -1 + log(exp(1) + sel), -4 + log(exp(4) + sel)];
    expect(cenmLoss(S3, Y3, 'class', 0.5)).toBeCloseTo((rows[0] + rows[1] + rows[2]) / 3, 12);
  });

  it('SSM in instance mode uses all off-diagonal entries', () => {
    const rows = [
      -2 + log(exp(2) + exp(1) + exp(0)),
      -1 + log(exp(3) + exp(1) + exp(-1)),
      -4 + log(exp(0) + exp(2) + exp(4)),
    ];
    expect(ssmLoss(S3, Y3, 'instance')).toBeCloseTo((rows[0] + rows[1] + rows[2]) / 3, 12);
  });

  it('2×2 instance mode: row loss is log(1 + e^{s_ij − s_ii})', () => {
    const S = [
      [1, 0],
      [2, 0.5],
    ];
    const expected = (log(1 + exp(-1)) + log(1 + exp(1.5))) / 2;
    expect(ssmLoss(S, [0, 1], 'instance')).toBeCloseTo(expected, 14);
    // N_B = {0, 2} for both rows
    const ces = (-1 + log(exp(1) + exp(0) + exp(2)) + -0.5 + log(exp(0.5) + exp(0) + exp(2))) / 2;
    expect(cesLoss(S, [0, 1], 'instance')).toBeCloseTo(ces, 14);
  });
});

describe('top-k tie-breaking: lower flat row-major index first', () => {
  it('within a row', () => {
    const S = [
      [0, 5, 5, 5],
      [5, 0, 5, 5],
      [1, 1, 9, 1],
      [7, 7, 7, 0],
    ];
    // |N_i| = 3 → k = ceil(1.5) = 2
    expect(rowTopK(S, [0, 1, 2, 3], 'instance', 0.5)).toEqual([
      [1, 2],
      [0, 2],
      [0, 1],
      [0, 1],
    ]);
  });

  it('across rows', () => {
    const S = [
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
    ];
    // off-diagonal flats: 1, 2, 3, 5, 6, 7; k = 3
    expect(globalTopK(S, [0, 1, 2], 'instance', 0.5)).toEqual([1, 2, 3]);
    expect(globalTopK(S, [0, 1, 2], 'instance', 1 / 6)).toEqual([1]);
  });

  it('larger values still beat lower indices', () => {
    const S = [
      [0, 1, 1],
      [1, 0, 4],
      [1, 1, 0],
    ];
    expect(globalTopK(S, [0, 1, 2], 'instance', 1 / 3)).toEqual([5, 1]);
  });
});

describe('CE losses: edge cases', () => {
  it('k = 1 keeps only the hardest negative per row / globally', () => {
    const S = randomS(5, 10, 1);
    const y = [0, 1, 2, 3, 4];
    let expected = 0;
    for (let i = 0; i < 5; i++) {
      let mx = -Infinity;
      for (let j = 0; j < 5; j++) if (j !== i) mx = Math.max(mx, S[i][j]);
      expected += log(1 + exp(mx - S[i][i]));
    }
    expect(snmLoss(S, y, 'instance', 0.01)).toBeCloseTo(expected / 5, 12);
    let gmx = -Infinity;
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) if (j !== i) gmx = Math.max(gmx, S[i][j]);
    let g = 0;
    for (let i = 0; i < 5; i++) g += log(1 + exp(gmx - S[i][i]));
    expect(cenmLoss(S, y, 'instance', 0.01)).toBeCloseTo(g / 5, 12);
  });

  it('all rows without negatives (one class) → every loss is exactly 0, even at λ = 1000', () => {
    const S = randomS(4, 1000, 2);
    const y = [7, 7, 7, 7];
    for (const [name, f] of Object.entries(LOSSES)) {
      expect(f(S, y, 'class'), name).toBe(0);
    }
    expect(rowTopK(S, y, 'class')).toEqual([[], [], [], []]);
    expect(globalTopK(S, y, 'class')).toEqual([]);
  });

  it('a single row without negatives contributes 0 (pairSoftmaxLoss with an empty set)', () => {
    const S = [
      [3, 1],
      [2, 1],
    ];
    // row 0: no negatives → 0; row 1: −1 + log(e + e²)
    expect(pairSoftmaxLoss(S, [[], [2]])).toBeCloseTo((0 + -1 + log(exp(1) + exp(2))) / 2, 14);
  });

  it('N = 1 and N = 0 give 0', () => {
    for (const f of Object.values(LOSSES)) {
      expect(f([[5]], [0], 'class')).toBe(0);
      expect(f([[5]], [0], 'instance')).toBe(0);
      expect(f([], [], 'instance')).toBe(0);
    }
  });

  it('stays finite and correct at λ = 1000 (log-sum-exp)', () => {
    // row 0: −1000 + log(e^1000 + e^0) = log(1 + e^−1000) ≈ 0; row 1: 1000 + log(e^−1000 + 1) ≈ 1000
    const S = [
      [1000, 0],
      [0, -1000],
    ];
    expect(ssmLoss(S, [0, 1], 'instance')).toBeCloseTo(500, 10);
    // N_B = {0, 0}: row 0 ≈ log(1 + 2e^−1000) ≈ 0, row 1 = 1000 + log(e^−1000 + 2) ≈ 1000 + log 2
    expect(cesLoss(S, [0, 1], 'instance')).toBeCloseTo((1000 + Math.LN2) / 2, 10);
  });

  it('random batches at λ = 64 and 1000 give finite losses', () => {
    for (const scale of [20, 64, 1000]) {
      const S = randomS(8, scale, scale);
      const y = [0, 0, 1, 1, 2, 2, 3, 3];
      for (const [name, f] of Object.entries(LOSSES)) {
        for (const mode of ['class', 'instance'] as const) {
          const v = f(S, y, mode);
          expect(Number.isFinite(v), `${name} ${mode} λ=${scale}`).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('rejects non-square S and wrong label counts', () => {
    expect(() => ssmLoss([[1, 2]], [0], 'class')).toThrow();
    expect(() => cesLoss([[1]], [0, 1], 'class')).toThrow();
  });
});

describe('CE losses: invariants', () => {
  const y = [0, 0, 1, 1, 2, 2];

  it('ρ = 1: SNM = SSM and CENM = CES', () => {
    for (const seed of [3, 4, 5]) {
      const S = randomS(6, 20, seed);
      for (const mode of ['class', 'instance'] as const) {
        expect(snmLoss(S, y, mode, 1)).toBeCloseTo(ssmLoss(S, y, mode), 12);
        expect(cenmLoss(S, y, mode, 1)).toBeCloseTo(cesLoss(S, y, mode), 12);
      }
    }
  });

  it('orderings: CES ≥ SSM ≥ SNM and CES ≥ CENM (N_B ⊇ N_i ⊇ topk), strictly on random data', () => {
    for (const seed of [6, 7, 8]) {
      const S = randomS(6, 20, seed);
      const ssm = ssmLoss(S, y, 'class');
      expect(cesLoss(S, y, 'class')).toBeGreaterThan(ssm);
      expect(ssm).toBeGreaterThan(snmLoss(S, y, 'class', 0.5));
      expect(cesLoss(S, y, 'class')).toBeGreaterThan(cenmLoss(S, y, 'class', 0.5));
    }
  });

  it('CES ≥ SSM row by row', () => {
    const S = randomS(6, 20, 9);
    for (let i = 0; i < 6; i++) {
      const Ni: number[] = [];
      const NB: number[] = [];
      for (let r = 0; r < 6; r++)
        for (let j = 0; j < 6; j++)
          if (j !== r && y[r] !== y[j]) {
            NB.push(r * 6 + j);
            if (r === i) Ni.push(r * 6 + j);
          }
      const neg = (set: number[]) => S.map((_, r) => (r === i ? set : []));
      // single-row contribution ×N (other rows contribute 0 with empty sets)
      expect(pairSoftmaxLoss(S, neg(NB))).toBeGreaterThan(pairSoftmaxLoss(S, neg(Ni)));
    }
  });

  it('class mode on distinct labels equals instance mode', () => {
    const S = randomS(5, 20, 10);
    const yd = [4, 1, 3, 0, 2];
    for (const [name, f] of Object.entries(LOSSES)) {
      expect(f(S, yd, 'class'), name).toBeCloseTo(f(S, yd, 'instance'), 14);
    }
    // ...and differs from instance mode when labels repeat (the same-label entries are dropped)
    expect(ssmLoss(S, [0, 0, 1, 1, 2], 'class')).not.toBeCloseTo(ssmLoss(S, [0, 0, 1, 1, 2], 'instance'), 6);
  });

  it('invariant to permuting the batch consistently (rows, columns and labels)', () => {
    const S = randomS(6, 20, 11);
    const perm = [3, 0, 5, 1, 4, 2];
    const Sp = perm.map((pi) => perm.map((pj) => S[pi][pj]));
    const yp = perm.map((p) => y[p]);
    for (const [name, f] of Object.entries(LOSSES)) {
      for (const mode of ['class', 'instance'] as const) {
        expect(f(Sp, yp, mode), `${name} ${mode}`).toBeCloseTo(f(S, y, mode), 12);
      }
    }
  });

  it('SSM and SNM are invariant to adding a constant to one row; CES is not', () => {
    const S = randomS(6, 20, 12);
    const Sh = S.map((row, i) => row.map((v) => (i === 2 ? v + 7.5 : v)));
    expect(ssmLoss(Sh, y, 'class')).toBeCloseTo(ssmLoss(S, y, 'class'), 12);
    expect(snmLoss(Sh, y, 'class')).toBeCloseTo(snmLoss(S, y, 'class'), 12);
    expect(cesLoss(Sh, y, 'class')).not.toBeCloseTo(cesLoss(S, y, 'class'), 3);
  });

  it('CES and CENM are invariant to adding a constant to all of S', () => {
    const S = randomS(6, 20, 13);
    const Sh = S.map((row) => row.map((v) => v - 30));
    expect(cesLoss(Sh, y, 'class')).toBeCloseTo(cesLoss(S, y, 'class'), 11);
    expect(cenmLoss(Sh, y, 'class')).toBeCloseTo(cenmLoss(S, y, 'class'), 11);
  });

  it('gradients flow only to the diagonal and the selected negatives (SPEC line 27)', () => {
    const n = 5;
    const S = randomS(n, 4, 14);
    const yy = [0, 0, 1, 1, 2];
    const x = Float64Array.from(S.flat());
    const unflat = (v: Float64Array) => Array.from({ length: n }, (_, i) => Array.from(v.slice(i * n, i * n + n)));
    const gSnm = numericGradient((v) => snmLoss(unflat(v), yy, 'class', 0.5), x);
    const sel = new Set(rowTopK(S, yy, 'class', 0.5).flatMap((cols, i) => cols.map((j) => i * n + j)));
    const gCenm = numericGradient((v) => cenmLoss(unflat(v), yy, 'class', 0.5), x);
    const gsel = new Set(globalTopK(S, yy, 'class', 0.5));
    for (let f = 0; f < n * n; f++) {
      const diag = Math.floor(f / n) === f % n;
      if (diag || sel.has(f)) expect(Math.abs(gSnm[f])).toBeGreaterThan(1e-6);
      else expect(gSnm[f]).toBe(0);
      if (diag || gsel.has(f)) expect(Math.abs(gCenm[f])).toBeGreaterThan(1e-6);
      else expect(gCenm[f]).toBe(0);
    }
  });
});
