import { describe, expect, it } from 'vitest';
import { farLabel, MAX_TABLE_ROWS, nearestFarIndex, pctText, thresholdView } from './thresholdView';
import { spreadReport as report } from './kit/reports.testkit';

describe('threshold tool view', () => {
  it('formats rates and FARs as people read them', () => {
    expect(pctText(0.0102)).toBe('1.02%');
    expect(pctText(0.000512)).toBe('0.0512%');
    expect(pctText(0)).toBe('0%');
    expect(pctText(NaN)).toBe('—');
    expect(farLabel(0.01)).toBe('FAR 1%');
    expect(farLabel(1e-4)).toBe('FAR 0.01%');
    expect(farLabel(0.5)).toBe('FAR 50%');
  });

  it('picks the grid point nearest on a log scale', () => {
    const grid = [1e-3, 1e-2, 0.1];
    expect(nearestFarIndex(grid, 0.01)).toBe(1);
    expect(nearestFarIndex(grid, 0.002)).toBe(0);
    expect(nearestFarIndex(grid, 0.05)).toBe(2);
    expect(nearestFarIndex(grid, 0)).toBe(0);
  });

  it("shows the report's point at the chosen FAR; marks the worst 10% by each rate, only where classes differ", async () => {
    const r = await report(10, 30);
    const v = thresholdView(r, 0.05)!;
    const i = r.operating.far.indexOf(0.05);
    expect(v.index).toBe(i);
    expect(v.distance).toBe(r.operating.distance[i]);
    expect(v.frr).toBeCloseTo(1 - r.operating.tar[i], 15);
    expect(v.rows.map((row) => row.far)).toEqual(r.operating.classFar[i]);
    expect(v.tableRows).toBe(v.rows);
    expect(v.rows.filter((row) => row.worstFar)).toHaveLength(1);
    expect(v.rows.filter((row) => row.worstFrr)).toHaveLength(1);
    const maxFrr = Math.max(...v.rows.map((row) => row.frr));
    expect(v.rows.find((row) => row.worstFrr)!.frr).toBe(maxFrr);
    // Names: the label unless the report names its classes.
    expect(v.rows[3].name).toBe('3');
    expect(thresholdView({ ...r, classNames: 'abcdefghij'.split('') }, 0.05)!.rows[3].name).toBe('d');
    // No spread, no mark: every class at FRR 0.
    const flat = { ...r, operating: { ...r.operating, classFrr: r.operating.classFrr.map((fs) => fs.map(() => 0)) } };
    expect(thresholdView(flat, 0.05)!.rows.some((row) => row.worstFrr)).toBe(false);
    // A tie at the cut: both classes are marked.
    const tied = { ...r, operating: { ...r.operating, classFrr: r.operating.classFrr.map((fs) => fs.map((_, t) => (t === 2 || t === 7 ? 0.5 : 0.1))) } };
    expect(thresholdView(tied, 0.05)!.rows.filter((row) => row.worstFrr).map((row) => row.t)).toEqual([2, 7]);
    // Worked out once per report and FAR: the table, the chart and the summary share it.
    expect(thresholdView(r, 0.05)).toBe(v);
    expect(thresholdView(r, 0.01)).not.toBe(v);
  });

  it('lists only the worst classes by each rate when there are many', async () => {
    const r = await report(50, 6);
    const v = thresholdView(r, 0.01)!;
    expect(v.rows).toHaveLength(50);
    expect(v.tableRows.length).toBeGreaterThanOrEqual(MAX_TABLE_ROWS / 2);
    expect(v.tableRows.length).toBeLessThanOrEqual(MAX_TABLE_ROWS);
    const topFrr = [...v.rows].sort((a, b) => b.frr - a.frr)[0];
    expect(v.tableRows).toContain(topFrr);
    for (let k = 1; k < v.tableRows.length; k++) expect(v.tableRows[k].t).toBeGreaterThan(v.tableRows[k - 1].t);
  });
});
