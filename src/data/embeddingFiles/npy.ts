/**
 * NumPy's `.npy` format (versions 1.0, 2.0 and 3.0), read and written without NumPy: the magic
 * `\x93NUMPY`, a version, a little-endian header length, a Python dict literal
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (N, d), }`, then the raw C-order data.
 * We read little-endian floats (f2/f4/f8, returned as float32), integers and booleans (returned
 * as float64, exact up to ±(2^53 − 1)) and fixed-width strings (`<U…`, `|S…`, for labels); everything else
 * is refused with the dtype named and what to save instead.
 */
import { EmbeddingFileError, checkFileSize } from './errors';

/** What an element is: a float, an integer (bools count as 0/1), or a fixed-width string. */
export type NpyKind = 'float' | 'int' | 'string';

/** An .npy header as read, before the data is converted. */
export interface NpyHeader {
  /** The format version, "1.0", "2.0" or "3.0". */
  version: string;
  /** NumPy's dtype string, e.g. '<f4'. */
  descr: string;
  kind: NpyKind;
  /** Bytes per element. */
  itemSize: number;
  shape: number[];
  /** Where the data starts in the file. */
  dataOffset: number;
}

/** A parsed .npy: floats as Float32Array, integers as Float64Array, strings as string[]. */
export interface NpyArray {
  shape: number[];
  descr: string;
  kind: NpyKind;
  data: Float32Array | Float64Array | string[];
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

/** Whether `bytes` start with the .npy magic. */
export function isNpy(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && MAGIC.every((c, i) => bytes[i] === c);
}

/** NumPy's name for a dtype string, for messages ('<f4' → 'float32'). */
function dtypeName(descr: string): string {
  const m = /^[<>|=]?([a-zA-Z])(\d*)/.exec(descr);
  if (!m) return `'${descr}'`;
  const [, t, n] = m;
  const bits = Number(n) * 8;
  const names: Record<string, string> = {
    f: `float${bits}`, i: `int${bits}`, u: `uint${bits}`, b: 'bool', c: `complex${bits}`,
    U: `unicode strings (${n} characters)`, S: `byte strings (${n} bytes)`, a: `byte strings (${n} bytes)`,
    O: 'Python objects (pickled)', M: 'datetime64', m: 'timedelta64', V: 'raw bytes (void)',
  };
  return names[t] ?? `'${descr}'`;
}

/** Kind and item size of a dtype string we read, or an 'dtype' error naming it. */
function readDescr(descr: string, file: string): { kind: NpyKind; itemSize: number } {
  const m = /^([<>|=])([a-zA-Z])(\d+)$/.exec(descr);
  const t = m?.[2] ?? /^[<>|=]?([a-zA-Z])/.exec(descr)?.[1] ?? '';
  const size = Number(m?.[3] ?? 0);
  const named = `${dtypeName(descr)} ('${descr}')`;
  if (m && m[1] === '>' && size > 1 && 'fiuU'.includes(t)) {
    throw new EmbeddingFileError('dtype', `${file} is big-endian ${named}; this app reads little-endian arrays. In NumPy: np.save(path, arr.astype(arr.dtype.newbyteorder('<'))).`, file);
  }
  const ok =
    (t === 'f' && [2, 4, 8].includes(size)) ||
    ((t === 'i' || t === 'u') && [1, 2, 4, 8].includes(size)) ||
    (t === 'b' && size === 1) ||
    (t === 'U' && size > 0) ||
    ((t === 'S' || t === 'a') && size > 0);
  if (!ok) {
    const advice = t === 'O'
      ? 'pickled objects cannot be read safely: save numbers (arr.astype("float32")) or, for labels, strings (arr.astype(str)).'
      : 'save embeddings as float32 or float64, labels as integers or strings.';
    throw new EmbeddingFileError('dtype', `${file} holds ${named}, which this app does not read: ${advice}`, file);
  }
  const kind: NpyKind = t === 'f' ? 'float' : t === 'U' || t === 'S' || t === 'a' ? 'string' : 'int';
  return { kind, itemSize: t === 'U' ? size * 4 : size };
}

/** Reads and checks the header of an .npy; throws 'format', 'dtype' or 'order' errors. */
export function readNpyHeader(bytes: Uint8Array, file = 'array.npy'): NpyHeader {
  checkFileSize(bytes, file);
  const bad = (why: string) => new EmbeddingFileError('format', `${file} is not a readable .npy file: ${why}.`, file);
  if (!isNpy(bytes)) throw bad('it does not start with the \\x93NUMPY magic');
  if (bytes.length < 10) throw bad('the header is cut off');
  const major = bytes[6];
  if (major < 1 || major > 3) throw bad(`format version ${major}.${bytes[7]} is unknown (1.0, 2.0 and 3.0 are read)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lenBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lenBytes) throw bad('the header is cut off');
  const headerLen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const dataOffset = 8 + lenBytes + headerLen;
  if (dataOffset > bytes.length) throw bad('the header is cut off');
  if (headerLen > 1 << 20) throw bad(`its header claims ${headerLen} bytes`);
  const raw = bytes.subarray(8 + lenBytes, dataOffset);
  // Version 3.0 headers are UTF-8, older ones latin-1 (a byte is a character).
  const header = major === 3 ? new TextDecoder().decode(raw) : Array.from(raw, (c) => String.fromCharCode(c)).join('');
  const descrM = /['"]descr['"]\s*:\s*(['"])(.*?)\1/.exec(header);
  if (/['"]descr['"]\s*:\s*\[/.test(header)) {
    throw new EmbeddingFileError('dtype', `${file} holds a structured array (named fields); save a plain numeric array instead.`, file);
  }
  const orderM = /['"]fortran_order['"]\s*:\s*(True|False)/.exec(header);
  const shapeM = /['"]shape['"]\s*:\s*\(([^)]*)\)/.exec(header);
  if (!descrM || !orderM || !shapeM) throw bad('its header lacks descr, fortran_order or shape');
  const descr = descrM[2];
  const { kind, itemSize } = readDescr(descr, file);
  if (orderM[1] === 'True') {
    throw new EmbeddingFileError('order', `${file} is stored in Fortran (column-major) order; this app reads C order. In NumPy: np.save(path, np.ascontiguousarray(arr)).`, file);
  }
  const parts = shapeM[1].split(',').map((s) => s.trim().replace(/L$/, '')).filter((s) => s !== '');
  const shape = parts.map(Number);
  if (shape.some((k) => !Number.isSafeInteger(k) || k < 0)) throw bad(`its shape (${shapeM[1]}) is not a list of sizes`);
  const need = shape.reduce((a, k) => a * k, 1) * itemSize;
  const have = bytes.length - dataOffset;
  if (have < need) {
    throw bad(`it is cut off: shape (${shape.join(', ')}) needs ${need.toLocaleString('en-US')} bytes of data, the file has ${have.toLocaleString('en-US')}`);
  }
  // np.save writes the data and nothing after it: more bytes mean a file joined to another or damaged.
  if (have > need) {
    throw bad(`it has ${(have - need).toLocaleString('en-US')} bytes after its data (shape (${shape.join(', ')}) needs ${need.toLocaleString('en-US')}): np.save writes nothing there — is it two files joined, or damaged?`);
  }
  return { version: `${major}.${bytes[7]}`, descr, kind, itemSize, shape, dataOffset };
}

/** Whether this machine stores numbers little-endian (then float data can be copied as bytes). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** An IEEE half-precision value as a number. */
function halfToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

/** The floats of an .npy as float32 (f8 values beyond float32's range become ±Infinity). */
function readFloats(bytes: Uint8Array, h: NpyHeader, n: number): Float32Array {
  const out = new Float32Array(n);
  const src = bytes.subarray(h.dataOffset, h.dataOffset + n * h.itemSize);
  if (h.itemSize === 4 && LITTLE_ENDIAN) {
    new Uint8Array(out.buffer).set(src);
  } else if (h.itemSize === 8 && LITTLE_ENDIAN) {
    // Through an aligned scratch buffer, a chunk at a time: the data may sit at any offset.
    const chunk = 1 << 16;
    const scratch = new Float64Array(chunk);
    const scratchBytes = new Uint8Array(scratch.buffer);
    for (let i = 0; i < n; i += chunk) {
      const k = Math.min(chunk, n - i);
      scratchBytes.set(src.subarray(i * 8, (i + k) * 8));
      for (let j = 0; j < k; j++) out[i + j] = scratch[j];
    }
  } else {
    const v = new DataView(src.buffer, src.byteOffset, src.byteLength);
    for (let i = 0; i < n; i++) {
      out[i] = h.itemSize === 2 ? halfToNumber(v.getUint16(i * 2, true)) : h.itemSize === 4 ? v.getFloat32(i * 4, true) : v.getFloat64(i * 8, true);
    }
  }
  return out;
}

/** The integers (or bools) of an .npy as float64; 'too-large' for an int64 beyond ±2^53. */
function readInts(bytes: Uint8Array, h: NpyHeader, n: number, file: string): Float64Array {
  const out = new Float64Array(n);
  const v = new DataView(bytes.buffer, bytes.byteOffset + h.dataOffset, n * h.itemSize);
  const t = h.descr[1];
  const s = h.itemSize;
  for (let i = 0; i < n; i++) {
    const o = i * s;
    let x: number;
    if (t === 'b') x = v.getUint8(o) ? 1 : 0;
    else if (s === 1) x = t === 'i' ? v.getInt8(o) : v.getUint8(o);
    else if (s === 2) x = t === 'i' ? v.getInt16(o, true) : v.getUint16(o, true);
    else if (s === 4) x = t === 'i' ? v.getInt32(o, true) : v.getUint32(o, true);
    else {
      const hi = t === 'i' ? v.getInt32(o + 4, true) : v.getUint32(o + 4, true);
      x = hi * 2 ** 32 + v.getUint32(o, true);
      if (!Number.isSafeInteger(x)) {
        throw new EmbeddingFileError('too-large', `${file}, index ${i}: the value is beyond ±(2^53 − 1), too large to use as a label.`, file, [i]);
      }
    }
    out[i] = x;
  }
  return out;
}

/** The strings of a `<U…` (UTF-32) or `|S…` (bytes, read as UTF-8) .npy, trailing NULs dropped. */
function readStrings(bytes: Uint8Array, h: NpyHeader, n: number): string[] {
  const out: string[] = new Array(n);
  const v = new DataView(bytes.buffer, bytes.byteOffset + h.dataOffset, n * h.itemSize);
  const utf8 = new TextDecoder();
  for (let i = 0; i < n; i++) {
    const o = i * h.itemSize;
    if (h.descr[1] === 'U') {
      const cps: number[] = [];
      for (let k = 0; k < h.itemSize; k += 4) {
        const cp = v.getUint32(o + k, true);
        if (cp === 0) break;
        cps.push(cp <= 0x10ffff ? cp : 0xfffd);
      }
      out[i] = String.fromCodePoint(...cps);
    } else {
      let e = o;
      while (e < o + h.itemSize && v.getUint8(e) !== 0) e++;
      out[i] = utf8.decode(new Uint8Array(v.buffer, v.byteOffset + o, e - o));
    }
  }
  return out;
}

/** Reads a whole .npy file; throws {@link EmbeddingFileError} with codes 'format', 'dtype', 'order'. */
export function parseNpy(bytes: Uint8Array | ArrayBuffer, file = 'array.npy'): NpyArray {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const h = readNpyHeader(b, file);
  const n = h.shape.reduce((a, k) => a * k, 1);
  const data = h.kind === 'float' ? readFloats(b, h, n) : h.kind === 'int' ? readInts(b, h, n, file) : readStrings(b, h, n);
  return { shape: h.shape, descr: h.descr, kind: h.kind, data };
}

/** The numeric dtypes {@link writeNpy} writes. */
export type NpyWritable = '<f4' | '<f8' | '|i1' | '|u1' | '<i2' | '<u2' | '<i4' | '<u4' | '<i8' | '<u8' | '|b1';

/**
 * An .npy file of `data` (C order) with `shape` and `dtype`, as `np.save` writes it: header padded
 * with spaces to a multiple of 64 bytes and ended by a newline. Version 1.0 unless asked (2.0 and
 * 3.0 differ only in a 4-byte header length; 3.0 allows UTF-8 in the header).
 */
export function writeNpy(data: ArrayLike<number>, shape: number[], dtype: NpyWritable = '<f4', version: 1 | 2 | 3 = 1): Uint8Array {
  const n = shape.reduce((a, k) => a * k, 1);
  if (data.length !== n) throw new Error(`writeNpy: ${data.length} values do not fill shape (${shape.join(', ')})`);
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let dict = `{'descr': '${dtype}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  const pre = version === 1 ? 10 : 12;
  dict += ' '.repeat((64 - ((pre + dict.length + 1) % 64)) % 64) + '\n';
  const size = Number(dtype.slice(2));
  const out = new Uint8Array(pre + dict.length + n * size);
  out.set(MAGIC);
  out[6] = version;
  const v = new DataView(out.buffer);
  if (version === 1) v.setUint16(8, dict.length, true);
  else v.setUint32(8, dict.length, true);
  for (let i = 0; i < dict.length; i++) out[pre + i] = dict.charCodeAt(i);
  const t = dtype[1];
  for (let i = 0, o = pre + dict.length; i < n; i++, o += size) {
    const x = Number(data[i]);
    if (t === 'f') { if (size === 4) v.setFloat32(o, x, true); else v.setFloat64(o, x, true); }
    else if (t === 'b') v.setUint8(o, x ? 1 : 0);
    else if (size === 1) { if (t === 'i') v.setInt8(o, x); else v.setUint8(o, x); }
    else if (size === 2) { if (t === 'i') v.setInt16(o, x, true); else v.setUint16(o, x, true); }
    else if (size === 4) { if (t === 'i') v.setInt32(o, x, true); else v.setUint32(o, x, true); }
    else v.setBigInt64(o, BigInt(Math.trunc(x)), true);
  }
  return out;
}
