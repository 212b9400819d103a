/**
 * Portable string <-> byte conversions for the FFI crossing.
 *
 * Inputs are encoded as UTF-8 with lone surrogates replaced by U+FFFD (what WebIDL's USVString
 * conversion does before the URL parser sees them). Hrefs coming back are always ASCII.
 */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();
/**
 * The short-ASCII loop's charCodeAt, taken at load: a user's later replacement must not change the bytes. Called with
 * `.call` (V8 reduces it to the builtin in optimized code); a per-call check of the prototype instead cost 8 bytes of
 * the URL constructor's inlining budget (bench --check).
 */
const charCodeAt = String.prototype.charCodeAt;

/**
 * Up to this many UTF-16 units, ASCII is copied by a JS loop instead of `encodeInto` (whose call
 * overhead dominates short strings). 24 suits Node and Bun; Deno's encodeInto is slow enough that its
 * adapter raises the limit (see NativeBinding.loopEncodeLimit).
 */
let loopEncodeLimit = 24;

export function setLoopEncodeLimit(units: number): void {
  loopEncodeLimit = units;
}
/**
 * Up to this many bytes `String.fromCharCode.apply` beats `TextDecoder` for ASCII on Deno (20 bytes: 73 vs 99 ns, 32:
 * 96 vs 99, 48: 135 vs 99). Every adapter now brings a faster decoder of its own: this is the fallback.
 */
const SHORT_HREF = 24;

/** Worst-case UTF-8 size of a JS string: 3 bytes per UTF-16 unit (a surrogate pair is 4 for 2 units). */
export function maxUtf8Length(s: string): number {
  return s.length * 3;
}

/**
 * The exact UTF-8 size of `s`, lone surrogates counted as U+FFFD's 3 bytes: what a block for a large input is sized by
 * (the worst case, 3 bytes a unit, would triple a megabytes-long URL's block).
 */
export function utf8Length(s: string): number {
  const n = s.length;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt.call(s, i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const next = charCodeAt.call(s, i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2; // a pair: 4 bytes for 2 units
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * Writes `s` as UTF-8 into `target` from byte `offset` on (room for `maxUtf8Length(s)` bytes needed)
 * and returns the byte count. `view`, if given, must be `target.subarray(offset)` (saves allocating it).
 */
export function encodeUtf8Into(s: string, target: Uint8Array, offset: number, view?: Uint8Array): number {
  const n = s.length;
  if (n <= loopEncodeLimit) {
    let i = 0;
    for (; i < n; i++) {
      const c = charCodeAt.call(s, i);
      if (c >= 0x80) break;
      target[offset + i] = c;
    }
    if (i === n) return n;
  }
  return utf8Encoder.encodeInto(s, view ?? target.subarray(offset)).written;
}

/** `s` as UTF-8 into `view` (room for `maxUtf8Length(s)` bytes) by encodeInto alone: the byte count. */
export function encodeInto(s: string, view: Uint8Array): number {
  return utf8Encoder.encodeInto(s, view).written;
}

/** Decodes `bytes[start..end)`, known to be ASCII, with only standard APIs. */
export function decodeAsciiPortable(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_HREF) {
    // deno-lint-ignore no-explicit-any
    return String.fromCharCode.apply(null, bytes.subarray(start, end) as any);
  }
  return utf8Decoder.decode(bytes.subarray(start, end));
}

/** Decodes `bytes[start..end)`, known to be ASCII (NativeBinding.decodeAscii). */
export type AsciiDecoder = (bytes: Uint8Array, start: number, end: number) => string;

/**
 * A decoder that reads the text as a NUL-terminated C string where the runtime's FFI reads one more cheaply than any
 * slice (Deno's getCString, node:ffi's toString). For text that `readable(bytes, start)` accepts and that does not
 * reach the buffer's end, it writes the NUL into the byte after the text (scratch in every caller's buffer:
 * ./binding.ts) and `readCString(bytes, start)` reads up to it; anything else, and text holding a NUL itself (never an
 * href: ada percent-encodes it), is decoded by `other`, and the buffer left as it was.
 */
export function cStringDecoder(
  readable: (bytes: Uint8Array, start: number) => boolean,
  readCString: (bytes: Uint8Array, start: number) => string,
  other: AsciiDecoder,
): AsciiDecoder {
  return (bytes, start, end) => {
    if (end < bytes.length && readable(bytes, start)) {
      bytes[end] = 0;
      const decoded = readCString(bytes, start);
      if (decoded.length === end - start) return decoded;
    }
    return other(bytes, start, end);
  };
}
