import { describe, it, expect } from 'vitest';
import { isNpy, parseNpy, readNpyHeader, writeNpy } from './npy';
import { errorOf } from './files.testkit';

/** An .npy as np.save lays it out, with any header dict (to make files writeNpy will not). */
function rawNpy(dict: string, body: Uint8Array, version = 1): Uint8Array {
  const pre = version === 1 ? 10 : 12;
  const header = dict + ' '.repeat((64 - ((pre + dict.length + 1) % 64)) % 64) + '\n';
  const out = new Uint8Array(pre + header.length + body.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const v = new DataView(out.buffer);
  if (version === 1) v.setUint16(8, header.length, true);
  else v.setUint32(8, header.length, true);
  out.set(new TextEncoder().encode(header), pre);
  out.set(body, pre + header.length);
  return out;
}

describe('writeNpy → parseNpy', () => {
  it('round-trips float32 and float64 N×d in format versions 1.0, 2.0 and 3.0', () => {
    const values = [0.5, -1.25, 3e-8, 1e30, -0, 7];
    for (const dtype of ['<f4', '<f8'] as const) {
      for (const version of [1, 2, 3] as const) {
        const bytes = writeNpy(values, [2, 3], dtype, version);
        expect(isNpy(bytes)).toBe(true);
        const h = readNpyHeader(bytes);
        expect(h.version).toBe(`${version}.0`);
        expect(h.dataOffset % 64).toBe(0); // np.save aligns the data to 64 bytes
        const a = parseNpy(bytes);
        expect(a.shape).toEqual([2, 3]);
        expect(a.kind).toBe('float');
        expect(a.data).toBeInstanceOf(Float32Array);
        expect([...(a.data as Float32Array)]).toEqual(values.map(Math.fround));
      }
    }
  });

  it('reads every integer width and bools exactly, as float64', () => {
    const cases = [
      ['|i1', [-128, 0, 127]], ['|u1', [0, 200, 255]], ['<i2', [-32768, 5, 32767]], ['<u2', [0, 65535, 1]],
      ['<i4', [-(2 ** 31), 3, 2 ** 31 - 1]], ['<u4', [0, 2 ** 32 - 1, 9]], ['<i8', [-(2 ** 53 - 1), 42, 2 ** 53 - 1]],
      ['<u8', [0, 2 ** 53 - 1, 10]], ['|b1', [1, 0, 1]],
    ] as const;
    for (const [dtype, values] of cases) {
      const a = parseNpy(writeNpy(values, [3], dtype));
      expect(a.kind, dtype).toBe('int');
      expect([...(a.data as Float64Array)], dtype).toEqual([...values]);
    }
  });

  it('reads float16, accepts an ArrayBuffer and data at an odd offset in a larger buffer', () => {
    // 1, -2, 0.5, 65504 (largest half), the smallest subnormal, as IEEE half bits.
    const halves = new Uint16Array([0x3c00, 0xc000, 0x3800, 0x7bff, 0x0001]);
    const f2 = rawNpy("{'descr': '<f2', 'fortran_order': False, 'shape': (5,), }", new Uint8Array(halves.buffer));
    expect([...(parseNpy(f2.slice().buffer).data as Float32Array)]).toEqual([1, -2, 0.5, 65504, Math.fround(2 ** -24)]);
    const f8 = writeNpy([1.5, -2.5, 4], [3], '<f8');
    const shifted = new Uint8Array(f8.length + 3);
    shifted.set(f8, 3);
    expect([...(parseNpy(shifted.subarray(3)).data as Float32Array)]).toEqual([1.5, -2.5, 4]);
  });

  it('reads fixed-width strings: <U (UTF-32) and |S (bytes), trailing NULs dropped', () => {
    const u = new Uint32Array(6);
    [...'cat'].forEach((c, i) => (u[i] = c.codePointAt(0) as number));
    [...'é🐕'].forEach((c, i) => (u[3 + i] = c.codePointAt(0) as number));
    const a = parseNpy(rawNpy("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }", new Uint8Array(u.buffer), 3));
    expect(a.data).toEqual(['cat', 'é🐕']);
    const s = parseNpy(rawNpy("{'descr': '|S4', 'fortran_order': False, 'shape': (2,), }", new TextEncoder().encode('dog\0bird')));
    expect(s.data).toEqual(['dog', 'bird']);
  });

  it('writes the header np.save writes: the dict, spaces to a 64-byte boundary, a newline', () => {
    const bytes = writeNpy([1, 2, 3], [3], '<i8');
    const { dataOffset } = readNpyHeader(bytes);
    expect(dataOffset).toBe(128); // 10 + 57-character dict does not fit in 64
    const header = new TextDecoder().decode(bytes.subarray(10, dataOffset));
    expect(header).toBe("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }" + ' '.repeat(60) + '\n');
    expect(bytes.length).toBe(128 + 24);
  });
});

describe('parseNpy refuses, naming what it found', () => {
  const f4 = (dict: string) => rawNpy(dict, new Uint8Array(8));

  it('Fortran order → order', () => {
    const e = errorOf(() => parseNpy(f4("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 1), }"), 'e.npy'));
    expect(e.code).toBe('order');
    expect(e.message).toMatch(/e\.npy.*Fortran.*ascontiguousarray/);
  });

  it('big-endian → dtype, naming the dtype', () => {
    const e = errorOf(() => parseNpy(f4("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }"), 'e.npy'));
    expect(e.code).toBe('dtype');
    expect(e.message).toMatch(/big-endian float32 \('>f4'\)/);
  });

  it('object, complex, datetime and structured dtypes → dtype, naming each', () => {
    const cases: [string, RegExp][] = [
      ["'|O'", /Python objects \(pickled\) \('\|O'\).*cannot be read safely/],
      ["'<c8'", /complex64 \('<c8'\)/],
      ["'<M8[ns]'", /datetime64/],
      ["'<f16'", /float128 \('<f16'\)/],
    ];
    for (const [descr, re] of cases) {
      const e = errorOf(() => parseNpy(f4(`{'descr': ${descr}, 'fortran_order': False, 'shape': (2,), }`)));
      expect(e.code, descr).toBe('dtype');
      expect(e.message, descr).toMatch(re);
    }
    const e = errorOf(() => parseNpy(f4("{'descr': [('x', '<f4'), ('y', '<f4')], 'fortran_order': False, 'shape': (1,), }")));
    expect(e.code).toBe('dtype');
    expect(e.message).toMatch(/structured/);
  });

  it('no magic, unknown version, cut-off header, cut-off data, bytes after the data, 0 bytes → format / empty', () => {
    expect(errorOf(() => parseNpy(new TextEncoder().encode('1\t2\n'), 'x.npy')).message).toMatch(/x\.npy.*\\x93NUMPY magic/);
    const v9 = writeNpy([1], [1]);
    v9[6] = 9;
    expect(errorOf(() => parseNpy(v9)).message).toMatch(/version 9\.0 is unknown/);
    expect(errorOf(() => parseNpy(writeNpy([1], [1]).subarray(0, 30))).message).toMatch(/header is cut off/);
    const whole = writeNpy([1, 2, 3, 4], [2, 2]);
    const cut = errorOf(() => parseNpy(whole.subarray(0, readNpyHeader(whole).dataOffset + 10)));
    expect(cut.code).toBe('format');
    expect(cut.message).toMatch(/cut off: shape \(2, 2\) needs 16 bytes of data, the file has 10/);
    // Bytes after the data: np.save writes none, so the file is refused, not read in part.
    const joined = new Uint8Array(whole.length + 5);
    joined.set(whole);
    const extra = errorOf(() => parseNpy(joined, 'j.npy'));
    expect(extra.code).toBe('format');
    expect(extra.message).toMatch(/j\.npy .*has 5 bytes after its data \(shape \(2, 2\) needs 16\)/);
    expect(errorOf(() => parseNpy(new Uint8Array(0), 'z.npy')).code).toBe('empty');
  });

  it('an int64 beyond ±2^53 → too-large, with its index', () => {
    const body = new Uint8Array(16);
    new DataView(body.buffer).setBigInt64(8, 2n ** 60n, true);
    const e = errorOf(() => parseNpy(rawNpy("{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }", body), 'y.npy'));
    expect(e.code).toBe('too-large');
    expect(e.message).toMatch(/y\.npy, index 1/);
  });
});
