/**
 * parseMany: the batch API. Many URLs per native call, so the crossing is paid once per chunk:
 * one encode of the whole chunk (when it is ASCII), one call, one decode of every changed href, then a
 * `slice` per URL. Chunks keep the scratch memory bounded however long the input array is.
 */
import { INVALID_I32, NO_BASE, UNCHANGED_I32 } from "./call_block.ts";
import { binding as nativeBinding } from "./installed_binding.ts";
import { canParse, decodeHrefs, parseHref } from "./kept_block.ts";
import { encodeUtf8Into, maxUtf8Length } from "./strings.ts";
import { adopt, type URL } from "../url/url.ts";
import { invalidArgTypeError, invalidUrlError, missingArgsError } from "../builtins/errors.ts";
import { toDOMString } from "../builtins/conversions.ts";
import { append, storeAt } from "../builtins/own_arrays.ts";
import type { RuntimeURLObject } from "../builtins/runtime_types.ts";

const isArray = Array.isArray;
const stringValueOf = String.prototype.valueOf;
const stringSlice = String.prototype.slice;

/** Whether a value is a String object (`new String(…)`), from any realm. */
function isStringObject(value: unknown): boolean {
  try {
    stringValueOf.call(value);
    return true;
  } catch {
    return false;
  }
}

/** Inputs per native call, and the most UTF-16 units a chunk gathers before it is sent anyway. */
const CHUNK_INPUTS = 1024;
const CHUNK_UNITS = 256 * 1024;
const STRIDE = 10; // ADA_FFI_RESULT_STRIDE

// Grown on demand (to at most twice a chunk's need): a chunk's 1.5 MiB allocated at import cost Bun 0.16 ms of start-up.
// A chunk of one URL longer than CHUNK_UNITS (or a base as long) grows them past that for its call only: kept, a 64 MB
// input held 384 MiB for the life of the process (releaseOversized).
let inputBytes = new Uint8Array(0);
let outBytes = new Uint8Array(0);
const lengths = new Uint32Array(CHUNK_INPUTS);
const results = new Int32Array(CHUNK_INPUTS * STRIDE);
let baseBytes = new Uint8Array(1024);
const encoder = new TextEncoder();

/**
 * Parses every input (resolved against `base` when given) and returns, in order, a URL for each
 * valid one and null for each invalid one. The URLs are the same as `new URL(input, base)` gives.
 * `inputs` is any iterable (an Array is the fast path; a Set, a generator, … are read once); a string is refused,
 * not split into characters.
 * @throws {TypeError} `Invalid URL` (code `ERR_INVALID_URL`, `input` and `base` the base) when `base` is given and
 * does not parse, as `new URL(input, base)` throws; `ERR_INVALID_ARG_TYPE` when `inputs` is not an iterable object.
 */
export function parseMany(inputs: Iterable<unknown>, base?: string | URL | RuntimeURLObject): (URL | null)[] {
  if (arguments.length === 0) throw missingArgsError(["inputs"], parseMany);
  let strings = toStrings(inputs);
  const baseString = base === undefined ? undefined : toDOMString(base);
  // An object's conversion runs its code, which may have changed the array toStrings() handed back as it was.
  if (strings === inputs && base !== null && (typeof base === "object" || typeof base === "function")) {
    strings = toStrings(inputs);
  }
  if (baseString !== undefined && !canParse(baseString, undefined)) {
    const error = invalidUrlError(baseString, undefined, parseMany) as TypeError & { base?: string };
    error.base = baseString;
    throw error;
  }
  const lib = nativeBinding();
  // Its holes are filled by storeAt(): a plain write into a hole would call a setter a user put on Array.prototype.
  const output: (URL | null)[] = new Array(strings.length);
  let baseLen = NO_BASE;
  if (baseString !== undefined) {
    if (maxUtf8Length(baseString) > baseBytes.length) baseBytes = new Uint8Array(maxUtf8Length(baseString));
    baseLen = encodeUtf8Into(baseString, baseBytes, 0, baseBytes);
  }
  let start = 0;
  while (start < strings.length) {
    // Gather a chunk: up to CHUNK_INPUTS strings and CHUNK_UNITS code units (always at least one string).
    let end = start;
    let units = 0;
    while (
      end < strings.length && end - start < CHUNK_INPUTS &&
      (end === start || units + strings[end].length <= CHUNK_UNITS)
    ) {
      units += strings[end].length;
      end++;
    }
    parseChunk(lib, strings, start, end, units, baseString, baseLen, output);
    start = end;
  }
  releaseOversized();
  return output;
}

/** The most scratch bytes kept between calls: what chunks of up to CHUNK_UNITS grow each buffer to, at most. */
const KEPT_SCRATCH_BYTES = 2 * 3 * CHUNK_UNITS;

/** Lets go of a buffer an oversized input or base grew past KEPT_SCRATCH_BYTES: the next call grows it as needed. */
function releaseOversized(): void {
  if (inputBytes.length > KEPT_SCRATCH_BYTES) inputBytes = new Uint8Array(0);
  if (outBytes.length > KEPT_SCRATCH_BYTES) outBytes = new Uint8Array(0);
  if (baseBytes.length > KEPT_SCRATCH_BYTES) baseBytes = new Uint8Array(1024);
}

/**
 * The inputs as strings: an array itself when it already holds only strings (the usual case). An array is read by
 * index, not through Array.prototype's iterator (which a user's code may have replaced); another iterable through
 * its own iterator.
 */
function toStrings(inputs: unknown): string[] {
  if (isArray(inputs)) {
    const array = inputs as readonly unknown[];
    for (let i = 0; i < array.length; i++) {
      if (typeof array[i] !== "string") {
        // Its length read at each step, as an array iterator does: a conversion may change the array.
        const strings: string[] = [];
        for (let j = 0; j < array.length; j++) append(strings, toDOMString(array[j]));
        return strings;
      }
    }
    return array as string[];
  }
  const iterable = ((inputs !== null && typeof inputs === "object") || typeof inputs === "function") &&
    typeof (inputs as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function";
  // A string, or a String object, would be read one character per input.
  if (!iterable || isStringObject(inputs)) {
    throw invalidArgTypeError("inputs", "Array or an iterable object", inputs, parseMany);
  }
  const strings: string[] = [];
  for (const input of inputs as Iterable<unknown>) append(strings, toDOMString(input));
  return strings;
}

function parseChunk(
  lib: ReturnType<typeof nativeBinding>,
  strings: string[],
  start: number,
  end: number,
  units: number,
  baseString: string | undefined,
  baseLen: number,
  output: (URL | null)[],
): void {
  const count = end - start;
  if (3 * units > inputBytes.length) inputBytes = new Uint8Array(Math.max(3 * units, 2 * inputBytes.length));
  // Most chunks are ASCII: one string of the whole chunk, one encode, and each input's byte length is its string
  // length. Concatenating in a loop (one flattening, in encodeInto) beats slice().join(""): kasztp.txt, ns per URL,
  // Node 26 13.1 -> 9.8, Deno 12.2 -> 9.5, Bun 14.8 -> 11.8.
  let joined = "";
  for (let i = 0; i < count; i++) {
    const input = strings[start + i];
    joined += input;
    lengths[i] = input.length;
  }
  const written = encoder.encodeInto(joined, inputBytes).written;
  if (written !== joined.length) {
    // Non-ASCII: encode one by one (joining could pair a lone high surrogate with the next string's low one).
    let at = 0;
    for (let i = 0; i < count; i++) {
      const n = encodeUtf8Into(strings[start + i], inputBytes, at);
      lengths[i] = n;
      at += n;
    }
  }
  // Room for the hrefs: about the inputs' bytes, plus the base for each relative input; never more than a full
  // chunk's inputs (the native call stops where the room ends and the loop below calls again).
  const outNeed = Math.max(
    3 * units,
    Math.min(3 * units + (baseLen === NO_BASE ? 0 : count * baseLen), 3 * CHUNK_UNITS),
  );
  if (outBytes.length < outNeed) outBytes = new Uint8Array(Math.max(outNeed, 2 * outBytes.length));
  let next = 0; // first input of this chunk not yet handled
  let inputAt = 0; // its byte offset in inputBytes
  while (next < count) {
    const done = lib.parseMany(
      inputBytes.subarray(inputAt),
      lengths.subarray(next),
      count - next,
      baseBytes,
      baseLen,
      outBytes,
      outBytes.length,
      results,
    );
    if (done === 0) {
      // This one href alone is larger than the output buffer: the single-URL path sizes its own.
      const href = parseHref(strings[start + next], baseString);
      storeAt(output, start + next, href === null ? null : adopt(href));
      inputAt += lengths[next];
      next++;
      continue;
    }
    let hrefs = "";
    let written = 0;
    for (let i = 0; i < done; i++) {
      const code = results[i * STRIDE];
      if (code >= 0) written += code;
    }
    if (written > 0) hrefs = decodeHrefs(outBytes, 0, written);
    let hrefAt = 0;
    for (let i = 0; i < done; i++) {
      const r = i * STRIDE;
      const code = results[r];
      const input = strings[start + next + i];
      inputAt += lengths[next + i];
      if (code === INVALID_I32) {
        storeAt(output, start + next + i, null);
        continue;
      }
      let href: string;
      if (code === UNCHANGED_I32) {
        href = input;
      } else {
        href = stringSlice.call(hrefs, hrefAt, hrefAt + code);
        hrefAt += code;
      }
      storeAt(output, start + next + i, adopt(href, results, r + 1));
    }
    next += done;
  }
}
