/**
 * Portable string <-> byte conversions for the FFI crossing.
 *
 * Inputs are encoded as UTF-8 with lone surrogates replaced by U+FFFD (what WebIDL's USVString
 * conversion does before the URL parser sees them). Hrefs coming back are always ASCII.
 */

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** Below this many UTF-16 units a JS loop beats `encodeInto` (its call overhead dominates). */
const SHORT_STRING = 24;
/** Up to this many bytes `String.fromCharCode.apply` beats `TextDecoder` for ASCII. */
const SHORT_HREF = 48;

/** Worst-case UTF-8 size of a JS string: 3 bytes per UTF-16 unit (a surrogate pair is 4 for 2 units). */
export function maxUtf8Length(s: string): number {
  return s.length * 3;
}

/**
 * Writes `s` as UTF-8 into `target` (which must hold `maxUtf8Length(s)` bytes) and returns the byte count.
 */
export function encodeUtf8Into(s: string, target: Uint8Array): number {
  const n = s.length;
  if (n <= SHORT_STRING) {
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      target[i] = c;
    }
    if (i === n) return n;
  }
  return utf8Encoder.encodeInto(s, target).written;
}

/** Decodes `bytes[0..length)`, known to be ASCII, with only standard APIs. */
export function decodeAsciiPortable(bytes: Uint8Array, length: number): string {
  if (length <= SHORT_HREF) {
    // deno-lint-ignore no-explicit-any
    return String.fromCharCode.apply(null, bytes.subarray(0, length) as any);
  }
  return utf8Decoder.decode(bytes.subarray(0, length));
}
