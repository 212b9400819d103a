/**
 * The application/x-www-form-urlencoded parser and serializer (WHATWG URL §5), over a flat list of strings:
 * name, value, name, value, … (one array per list instead of one per pair).
 *
 * Both work in one pass over the string with no TextEncoder/TextDecoder round trip: ASCII (the common case) is
 * sliced or copied as it is, and only percent-encoded bytes >= 0x80 go through a small UTF-8 decoder (with the
 * Encoding standard's replacement of each maximal invalid subpart by one U+FFFD, as TextDecoder does).
 *
 * String.prototype methods are captured at load time: a user's replacement cannot change an answer.
 */
import { append, newArray } from "../builtins/own_arrays.ts";
import { pairsOfFlat } from "./flat_pairs.ts";

const charCodeAt = String.prototype.charCodeAt;
const stringSlice = String.prototype.slice;
const stringIndexOf = String.prototype.indexOf;
const fromCharCode = String.fromCharCode;

const PLUS = 0x2b;
const PERCENT = 0x25;

/** The value of a hex digit's code unit, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x57;
  return -1;
}

/** Percent-decoded bytes >= 0x80 waiting to be UTF-8 decoded, and how many there are. */
let pending = new Uint8Array(64);
/** Past this, flushPending lets go of what a long run of percent-encoded bytes grew `pending` to. */
const PENDING_KEPT = 64 * 1024;
let pendingLength = 0;

/** UTF-8 decodes `pending` (Encoding standard: one U+FFFD per maximal invalid subpart), then empties it. */
function flushPending(): string {
  const bytes = pending;
  const n = pendingLength;
  pendingLength = 0;
  if (bytes.length > PENDING_KEPT) pending = new Uint8Array(64);
  let out = "";
  let i = 0;
  while (i < n) {
    const lead = bytes[i];
    let need: number;
    let codePoint: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      need = 1;
      codePoint = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      if (lead === 0xe0) lower = 0xa0;
      if (lead === 0xed) upper = 0x9f;
      need = 2;
      codePoint = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      if (lead === 0xf0) lower = 0x90;
      if (lead === 0xf4) upper = 0x8f;
      need = 3;
      codePoint = lead & 0x07;
    } else {
      out += "\uFFFD"; // a continuation byte without a lead, or a byte that never starts a sequence
      i++;
      continue;
    }
    let j = i + 1;
    let complete = true;
    for (let k = 0; k < need; k++, j++) {
      const b = j < n ? bytes[j] : -1;
      if (b < lower || b > upper) {
        complete = false;
        break;
      }
      lower = 0x80;
      upper = 0xbf;
      codePoint = (codePoint << 6) | (b & 0x3f);
    }
    if (!complete) {
      out += "\uFFFD"; // the byte at j starts over
      i = j;
      continue;
    }
    out += codePoint < 0x10000
      ? fromCharCode(codePoint)
      : fromCharCode(0xd7c0 + (codePoint >> 10), 0xdc00 + (codePoint & 0x3ff));
    i = j;
  }
  return out;
}

function pushPending(byte: number): void {
  if (pendingLength === pending.length) {
    const grown = new Uint8Array(pending.length * 2);
    grown.set(pending);
    pending = grown;
  }
  pending[pendingLength++] = byte;
}

/**
 * input[start:end] with '+' as space and percent-encoded UTF-8 decoded; a '%' not followed by two hex digits stays.
 * Raw (not percent-encoded) characters are kept as they are: UTF-8 encoding and decoding them again gives them back
 * (the input is a USVString), and their lead byte ends any incomplete sequence before them, as here.
 */
function decodeComponent(input: string, start: number, end: number): string {
  let out = "";
  let run = start; // the start of characters not yet copied to out (pending bytes, if any, come before them)
  for (let i = start; i < end; i++) {
    const c = charCodeAt.call(input, i);
    if (c === PLUS) {
      if (pendingLength > 0) out += flushPending();
      out += stringSlice.call(input, run, i) + " ";
      run = i + 1;
    } else if (c === PERCENT && i + 2 < end) {
      const hi = hexValue(charCodeAt.call(input, i + 1));
      const lo = hi < 0 ? -1 : hexValue(charCodeAt.call(input, i + 2));
      if (lo < 0) continue; // stays as it is, in the run
      const byte = (hi << 4) | lo;
      if (run < i) {
        if (pendingLength > 0) out += flushPending();
        out += stringSlice.call(input, run, i);
      }
      if (byte < 0x80) {
        if (pendingLength > 0) out += flushPending();
        out += fromCharCode(byte);
      } else {
        pushPending(byte);
      }
      i += 2;
      run = i + 1;
    }
  }
  if (pendingLength > 0) out += flushPending();
  return run < end ? out + stringSlice.call(input, run, end) : out;
}

/**
 * Parses application/x-www-form-urlencoded `input` from `start` and appends name, value, … to `list`. The engine's
 * indexOf finds each '&', '=', '%' and '+' (a native scan, much faster than a loop over the characters); each next
 * position is kept until passed, so the whole input is scanned once per character looked for.
 */
export function parseFormUrlencodedInto(input: string, start: number, list: string[]): void {
  const from = list.length;
  let written: number;
  try {
    written = parsePairs(input, start, list);
  } catch {
    written = -1; // a getter without a setter, up the prototype chain, refused a write (parsing throws nothing else)
  }
  if (list.length === from + written) return;
  // A setter a user put on Array.prototype took a write or refused it (the list fell short): parsed again into an
  // array with no prototype, and appended from there.
  list.length = from;
  const parsed: string[] = newArray();
  parsePairs(input, start, parsed);
  for (let k = 0; k < parsed.length; k++) append(list, parsed[k]);
}

/**
 * parseFormUrlencodedInto()'s parse: plain writes at the end of `list` (one swallowed by a setter leaves the list
 * short). Returns how many strings it wrote.
 */
function parsePairs(input: string, start: number, list: string[]): number {
  let count = 0;
  const length = input.length;
  let nextEquals = -2; // -2: not looked for yet, -1: none left
  let nextPercent = -2;
  let nextPlus = -2;
  let i = start;
  while (i < length) {
    let end = stringIndexOf.call(input, "&", i);
    if (end === -1) end = length;
    if (end > i) {
      if (nextEquals !== -1 && nextEquals < i) nextEquals = stringIndexOf.call(input, "=", i);
      if (nextPercent !== -1 && nextPercent < i) nextPercent = stringIndexOf.call(input, "%", i);
      if (nextPlus !== -1 && nextPlus < i) nextPlus = stringIndexOf.call(input, "+", i);
      const eq = nextEquals !== -1 && nextEquals < end ? nextEquals : -1;
      const nameEnd = eq === -1 ? end : eq;
      const nameNeedsDecoding = (nextPercent !== -1 && nextPercent < nameEnd) ||
        (nextPlus !== -1 && nextPlus < nameEnd);
      let valueNeedsDecoding = false;
      if (eq !== -1) {
        const value = eq + 1;
        if (nextPercent !== -1 && nextPercent < value) nextPercent = stringIndexOf.call(input, "%", value);
        if (nextPlus !== -1 && nextPlus < value) nextPlus = stringIndexOf.call(input, "+", value);
        valueNeedsDecoding = (nextPercent !== -1 && nextPercent < end) || (nextPlus !== -1 && nextPlus < end);
      }
      list[list.length] = nameNeedsDecoding ? decodeComponent(input, i, nameEnd) : stringSlice.call(input, i, nameEnd);
      list[list.length] = eq === -1
        ? ""
        : valueNeedsDecoding
        ? decodeComponent(input, eq + 1, end)
        : stringSlice.call(input, eq + 1, end);
      count += 2;
    }
    i = end + 1;
  }
  return count;
}

/** The application/x-www-form-urlencoded parser, as [name, value] pairs. */
export function parseFormUrlencoded(input: string): [string, string][] {
  const flat: string[] = [];
  parseFormUrlencodedInto(input, 0, flat);
  return pairsOfFlat(flat);
}

/** 1 for the code units the form-urlencoded percent-encode set leaves as they are: ASCII alphanumerics, *-._ */
const KEPT = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  if (alnum || c === 0x2a || c === 0x2d || c === 0x2e || c === 0x5f) KEPT[c] = 1;
}
/** "%XX" for every byte. */
const PERCENT_ENCODED: string[] = [];
for (let b = 0; b < 256; b++) PERCENT_ENCODED.push("%" + (b < 16 ? "0" : "") + b.toString(16).toUpperCase());

/** The form-urlencoded byte serializer of `s` (UTF-8, space as '+'). */
export function encodeFormComponent(s: string): string {
  const length = s.length;
  let i = 0;
  while (i < length) {
    const c = charCodeAt.call(s, i);
    if (c >= 128 || KEPT[c] === 0) break;
    i++;
  }
  if (i === length) return s; // nothing to encode: the common case
  let out = stringSlice.call(s, 0, i);
  let run = i;
  for (; i < length; i++) {
    let c = charCodeAt.call(s, i);
    if (c < 128) {
      if (KEPT[c] === 1) continue;
      if (run < i) out += stringSlice.call(s, run, i);
      out += c === 0x20 ? "+" : PERCENT_ENCODED[c];
      run = i + 1;
      continue;
    }
    if (run < i) out += stringSlice.call(s, run, i);
    if (c < 0x800) {
      out += PERCENT_ENCODED[0xc0 | (c >> 6)] + PERCENT_ENCODED[0x80 | (c & 0x3f)];
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < length ? charCodeAt.call(s, i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          out += PERCENT_ENCODED[0xf0 | (cp >> 18)] + PERCENT_ENCODED[0x80 | ((cp >> 12) & 0x3f)] +
            PERCENT_ENCODED[0x80 | ((cp >> 6) & 0x3f)] + PERCENT_ENCODED[0x80 | (cp & 0x3f)];
          i++;
          run = i + 1;
          continue;
        }
        c = 0xfffd; // a lone surrogate encodes as U+FFFD, as TextEncoder's UTF-8 does
      }
      out += PERCENT_ENCODED[0xe0 | (c >> 12)] + PERCENT_ENCODED[0x80 | ((c >> 6) & 0x3f)] +
        PERCENT_ENCODED[0x80 | (c & 0x3f)];
    }
    run = i + 1;
  }
  return run < length ? out + stringSlice.call(s, run, length) : out;
}

/** The application/x-www-form-urlencoded serializer of a flat list. */
export function serializeFormUrlencoded(list: readonly string[]): string {
  let out = "";
  for (let i = 0; i < list.length; i += 2) {
    if (i > 0) out += "&";
    out += encodeFormComponent(list[i]) + "=" + encodeFormComponent(list[i + 1]);
  }
  return out;
}
