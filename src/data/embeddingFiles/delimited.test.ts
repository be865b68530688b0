import { describe, it, expect } from 'vitest';
import { parseNumericTable, splitDelimited, type Delimiter } from './delimited';

const enc = (s: string) => new TextEncoder().encode(s);
const table = (s: string, delimiter: Delimiter) =>
  parseNumericTable(enc(s), 0, { fileName: 't', delimiter, firstLine: 1, maxRows: 10_000, maxCols: 16 });

describe('parseNumericTable', () => {
  it('reads 1,000 rows whatever ends the lines: \\n, \\r\\n, bare \\r, mixed', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `${i}\t${-i / 4}`);
    const want = rows.flatMap((_, i) => [i, -i / 4 + 0]); // + 0: the text "0" reads as +0
    for (const eol of ['\n', '\r\n', '\r']) {
      const t = table(rows.join(eol) + eol, '\t');
      expect(t.rows, JSON.stringify(eol)).toBe(1000);
      expect([...t.data], JSON.stringify(eol)).toEqual(want);
    }
    const mixed = rows.map((r, i) => r + ['\n', '\r\n', '\r'][i % 3]).join('');
    expect([...table(mixed, '\t').data]).toEqual(want);
  });

  it('trims blanks around CSV cells; a quoted cell with text after its quote is not a number', () => {
    expect([...table(' 1 ,\t2\t, "3" \n', ',').data]).toEqual([1, 2, 3]);
    expect(() => table('"1"x,2\n', ',')).toThrow(/column 1, “"1"x” is not a number/);
    expect(() => table('"1,2\n', ',')).toThrow(/not a number/);
  });

  it('whitespace-separated: leading, trailing and repeated blanks are one separator', () => {
    const t = table('  1   2\t3 \n4 5 6\n', 'space');
    expect(t).toMatchObject({ rows: 2, cols: 3 });
    expect([...t.data]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a trailing delimiter makes an empty last cell (refused, not silently dropped)', () => {
    expect(() => table('1\t2\t\n', '\t')).toThrow(/line 1: column 3 is empty/);
  });
});

describe('splitDelimited', () => {
  it('splits at the delimiter, trims fields, keeps quoted text, drops blank lines at the end', () => {
    const { rows, lines } = splitDelimited('\ufeffa, b ,"c ""q"" d"\r\n\r\nx,"multi\nline",z\n\n\n', ',');
    expect(rows).toEqual([['a', 'b', 'c "q" d'], [''], ['x', 'multi\nline', 'z']]);
    expect(lines).toEqual([1, 2, 3]);
  });

  it('with no delimiter, a line is one field, quotes and commas included', () => {
    expect(splitDelimited('"a", b\nc\r', null).rows).toEqual([['"a", b'], ['c']]);
  });
});
