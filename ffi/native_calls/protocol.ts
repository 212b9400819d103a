/**
 * The byte protocol of one crossing, through a call block (layout in native/ada_ffi.h): encode the
 * input (and base) into the block's text area, make one single-argument native call, then reuse the
 * input string (href unchanged) or decode the href written over the text. Components land in the
 * block header, exposed as `components`; callers copy what they need before the next call.
 *
 * Single-threaded by construction (one JS realm per block), so the block is module state.
 */
import { EXPECTED_ABI_VERSION, type NativeBinding } from "./binding.ts";
import { BUILD_COMMAND } from "./library_location.ts";
import { decodeAsciiPortable, encodeInto, encodeUtf8Into, maxUtf8Length, setLoopEncodeLimit } from "./strings.ts";
import { allocateKeptBlock } from "./kept_block_memory.ts";

/** Result codes of `ada_ffi_parse_block` (uint32 seen as a JS number). */
export const INVALID = 0xffffffff;
const UNCHANGED = 0xfffffffe;
/** `ADA_FFI_RETRY`: NativeBinding.blockString ran nothing; the caller encodes the input itself. */
const RETRY = 0xfffffffd;
/** The same codes in an Int32Array of batch results. */
export const INVALID_I32 = -1;
export const UNCHANGED_I32 = -2;

/** Call block layout: header words, and where the text starts (also for ffi/urlpattern/ada_calls.ts). */
export const INPUT_LEN = 0;
export const BASE_LEN = 1;
export const TEXT_CAP = 2;
const SETTER = 3;
const COMPONENTS_WORD = 4;
export const OPERATION = 13;
const TEXT = 64;
export const NO_BASE = -1; // ADA_FFI_NO_BASE through an Int32Array

/** `enum ada_ffi_operation`: which block function a block is for (ada_ffi_block dispatches on it). */
const OP_PARSE = 0;
const OP_CAN_PARSE = 1;
const OP_SET = 2;
const OP_DOMAIN_TO_ASCII = 3;
const OP_DOMAIN_TO_UNICODE = 4;

/** Component indices, as in `enum ada_ffi_component`. */
export const PROTOCOL_END = 0;
export const USERNAME_END = 1;
export const HOST_START = 2;
export const HOST_END = 3;
export const PORT = 4;
export const PATHNAME_START = 5;
export const SEARCH_START = 6;
export const HASH_START = 7;
export const SCHEME_TYPE = 8;
/** An absent port/search/hash: ADA_FFI_OMITTED read through an Int32Array (a small integer, not a double). */
export const OMITTED = -1;

/** `enum ada_ffi_scheme_type`. */
export const SCHEME_HTTP = 0;
export const SCHEME_NOT_SPECIAL = 1;
export const SCHEME_HTTPS = 2;
export const SCHEME_FILE = 6;

/**
 * The kept block: 64 KiB covers any URL up to ~21k UTF-16 units; larger ones get a block of their own
 * for that call. It never moves, so `components` stays a valid view. In a Wasm memory where the adapter provided one
 * (ffi/native_calls/kept_block_memory.ts; Deno's, for its Wasm ASCII writer).
 */
const KEPT_BLOCK_SIZE = 64 * 1024;
const block = allocateKeptBlock(KEPT_BLOCK_SIZE);
/** The kept block, for adapters that call it by address (ffi/native_calls/block_address.ts). */
export const keptBlock: Uint8Array = block;
const header = new Int32Array(block.buffer, 0, TEXT / 4);
const text = block.subarray(TEXT);

/** Components of the last successful parse. */
export const components: Int32Array = new Int32Array(block.buffer, COMPONENTS_WORD * 4, 9);

let native: NativeBinding | undefined;
let loaded = { path: "", ffi: "" };
let decodeAscii: (bytes: Uint8Array, start: number, end: number) => string = decodeAsciiPortable;

/**
 * Connects the protocol to a runtime's native binding. Called once by each runtime entry point.
 * Throws when the library's ABI version is not the one this code speaks.
 */
export function installBinding(binding: NativeBinding, libraryPath: string, ffi: string): void {
  const abi = binding.abiVersion();
  if (abi !== EXPECTED_ABI_VERSION) {
    throw new Error(
      `ada-ffi: ${libraryPath} implements ABI version ${abi}, but this JavaScript expects version ` +
        `${EXPECTED_ABI_VERSION}. Rebuild the native library from the same version: ` +
        `\`${BUILD_COMMAND}\` in the package directory.`,
    );
  }
  native = binding;
  loaded = { path: libraryPath, ffi };
  decodeAscii = binding.decodeAscii ?? decodeAsciiPortable;
  callInput = binding.blockString !== undefined ? callInputAsString : callInputEncoded;
  const blockKept = binding.blockKept;
  if (blockKept !== undefined) callKeptBlock = blockKept;
  if (binding.loopEncodeLimit !== undefined) {
    setLoopEncodeLimit(binding.loopEncodeLimit);
    encodeInput = (input) => encodeUtf8Into(input, block, TEXT, text);
  }
  const makeWriter = binding.keptBlockWriter;
  if (makeWriter !== undefined) {
    // runtimes/deno/wasm_ascii_writer.ts, once built: it costs ~1 ms to build, so only a process that has encoded many inputs
    // gets it (WASM_WRITER_AFTER). One function before and after (a second target at the callers' sites cost Deno's
    // href 3%). It takes the copy loop's place up to the same length: past it encodeInto is the cheaper (href ns at
    // 100 / 200 units: 161 / 232 with encodeInto, 180 / 334 with the writer; at 48 units: 153 loop, 114 writer).
    const limit = binding.loopEncodeLimit ?? 0;
    const loopKept = encodeIntoKept;
    let untilWriter = binding.keptBlockWriterAfter ?? 1;
    let writeAscii: ((s: string, at: number) => number) | undefined;
    encodeIntoKept = (s, at) => {
      if (writeAscii !== undefined) {
        if (s.length <= limit) {
          const n = writeAscii(s, at);
          if (n >= 0) return n;
        }
        return encodeInto(s, at === TEXT ? text : block.subarray(at));
      }
      if (--untilWriter === 0) writeAscii = makeWriter(); // undefined where it cannot be built: the loop stays
      return loopKept(s, at);
    };
    const writeKept = encodeIntoKept;
    encodeInput = (input) => writeKept(input, TEXT);
  }
}

/** `s` as UTF-8 into the kept block from byte `at` on (room for maxUtf8Length(s) bytes there): the byte count. */
let encodeIntoKept = (s: string, at: number): number => encodeUtf8Into(s, block, at, at === TEXT ? text : undefined);

/**
 * A call block of at least `size` bytes for another feature's crossing (ffi/urlpattern/ada_calls.ts): the kept
 * block when it is large enough (its contents are then overwritten), else a new one.
 */
export function blockOfSize(size: number): Uint8Array {
  if (size > KEPT_BLOCK_SIZE) return new Uint8Array(size);
  heldText = undefined; // the caller writes the text area
  return block;
}
/** A block from blockOfSize as uint32 words (native order), header first; the kept block's view is made once. */
const keptWords = new Int32Array(block.buffer);
export function wordsOf(target: Uint8Array): Int32Array {
  return target === block ? keptWords : new Int32Array(target.buffer, target.byteOffset, target.length >> 2);
}
/** Where a block's text area starts (ADA_FFI_BLOCK_TEXT). */
export const BLOCK_TEXT = TEXT;

/** The installed binding and ASCII decoder, for the batch path (ffi/native_calls/batch.ts). */
export function nativeBinding(): NativeBinding {
  return binding();
}
export function decodeHrefs(bytes: Uint8Array, start: number, end: number): string {
  return decodeAscii(bytes, start, end);
}

function binding(): NativeBinding {
  if (native === undefined) {
    throw new Error("ada-ffi: no native binding installed; import ada-ffi through its runtime entry point");
  }
  return native;
}

/**
 * The href whose UTF-8 bytes (heldBytes of them) the kept block's text area starts with, when known: after a parse that
 * returned its input (the native side wrote nothing), or a setter (its input, or the href decoded from there). A
 * setter on the URL just parsed or set (`u.search = …` after `new URL(s)`) then skips encoding its href again. Only
 * setters look: comparing every parse's input with it cost more than it saved (equal-length strings are compared by
 * content), and holding every decoded parse result slowed relative parsing (Node 26 +10%). Whatever else writes the
 * kept block's text area forgets it first.
 */
let heldText: string | undefined;
let heldBytes = 0;

/**
 * Encodes input (and base) into `target`'s text area and fills its header, for operation `op`. `held`: the kept
 * block's text area already starts with the input's bytes (heldText).
 */
function fill(
  target: Uint8Array,
  words: Int32Array,
  input: string,
  base: string | undefined,
  op: number,
  held = false,
): void {
  words[OPERATION] = op;
  let inLen;
  if (target !== block) inLen = encodeUtf8Into(input, target, TEXT);
  else {
    inLen = held ? heldBytes : encodeIntoKept(input, TEXT);
    heldText = undefined; // until the call's result says what the text area holds
  }
  words[INPUT_LEN] = inLen;
  words[BASE_LEN] = base === undefined ? NO_BASE : encodeBase(base, target, TEXT + inLen);
  words[TEXT_CAP] = target.length - TEXT;
}

/**
 * The base (or setter value) slot: a string given twice in a row is kept encoded and copied from then on (links
 * resolved against one page, one value set on many URLs); any other is encoded as the input is. Only short ones are
 * kept (BASE_KEEP_LIMIT bytes), so a huge string is never held.
 */
const BASE_KEEP_LIMIT = 4096;
/**
 * Up to this many bytes a loop copies the kept base: TypedArray.prototype.set costs ~8-9 ns a call on V8, the loop
 * ~0.3 ns a byte (a 4-byte setter value: the loop; a 36-byte base: set 7.8 vs loop 10.9 ns on Node 26).
 */
const SHORT_COPY = 16;
let previousBase: string | undefined;
let keptBase: string | undefined;
let keptBaseBytes = new Uint8Array(0);
function encodeBase(base: string, target: Uint8Array, offset: number): number {
  if (base === keptBase) return copyKeptBase(target, offset);
  const n = target === block ? encodeIntoKept(base, offset) : encodeUtf8Into(base, target, offset);
  if (base === previousBase && n <= BASE_KEEP_LIMIT) {
    keptBase = base;
    keptBaseBytes = target.slice(offset, offset + n);
  }
  previousBase = n <= BASE_KEEP_LIMIT ? base : undefined;
  return n;
}

/**
 * Operation `op` on the kept block, whose text area holds `inLen` input bytes, with the kept base's UTF-8 after them
 * (the short paths of relative parsing and setters; the caller checked that both fit).
 */
function callWithKeptBase(op: number, inLen: number): number {
  const words = header;
  words[OPERATION] = op;
  words[INPUT_LEN] = inLen;
  words[BASE_LEN] = copyKeptBase(block, TEXT + inLen);
  words[TEXT_CAP] = KEPT_BLOCK_SIZE - TEXT;
  heldText = undefined; // until the call's result says what the text area holds
  return callKeptBlock();
}

/** Copies the kept base's UTF-8 into `target` from `offset` on: its byte count. */
function copyKeptBase(target: Uint8Array, offset: number): number {
  const bytes = keptBaseBytes;
  const n = bytes.length;
  if (n > SHORT_COPY) target.set(bytes, offset);
  else for (let i = 0; i < n; i++) target[offset + i] = bytes[i];
  return n;
}

/**
 * Parses `input` (against `base` when given). Returns the href, or null when the URL is invalid.
 * On success `components` holds the offsets into the returned href.
 *
 * Without a base it takes a short path, and every rare case (an input too large for the kept block, an href that
 * differs from it) is a call of its own: V8 inlines `new URL` into the caller's loop only while the bytecode of the
 * constructor and of all it inlines, times 1.2, stays under 920 bytes, and whatever is not inlined is a call (README,
 * "`new URL` now fits V8's inlining budget"; test/suites/optimization.ts checks it).
 */
export function parseHref(input: string, base: string | undefined): string | null {
  if (base !== undefined || input.length > KEPT_INPUT_UNITS) return parseHrefInAnyBlock(input, base);
  const result = callInput(input, OP_PARSE);
  if (result !== UNCHANGED) return result === INVALID ? null : changedHref(input, undefined, result);
  heldText = input; // hold(), written out: each call counts against the budget
  heldBytes = header[INPUT_LEN];
  return input;
}

/** The href a parse on the kept block wrote (`length` bytes): from there, or from a larger block when it outgrew it. */
function changedHref(input: string, base: string | undefined, length: number): string | null {
  if (length <= KEPT_BLOCK_SIZE - TEXT) return decodeAscii(block, TEXT, TEXT + length);
  return parseInOwnBlock(binding(), input, base, TEXT + length);
}

/** Inputs of up to this many UTF-16 units fit the kept block's text area whatever they hold (3 bytes a unit). */
const KEPT_INPUT_UNITS = Math.floor((KEPT_BLOCK_SIZE - TEXT) / 3);

/**
 * Runs operation `op` on the kept block for `input`, no base, input no longer than KEPT_INPUT_UNITS:
 * callInputAsString where the FFI converts strings itself (binding.blockString), else callInputEncoded.
 */
let callInput: (input: string, op: number) => number = callInputEncoded;

function callInputEncoded(input: string, op: number): number {
  // The header written out here and in callString: a shared helper cost ~20 bytes of the inlining budget.
  const words = header; // one module binding read, not four
  words[OPERATION] = op;
  words[INPUT_LEN] = encodeInput(input);
  words[BASE_LEN] = NO_BASE;
  words[TEXT_CAP] = KEPT_BLOCK_SIZE - TEXT;
  heldText = undefined;
  return callKeptBlock();
}

function callInputAsString(input: string, op: number): number {
  const result = callString(native!, input, op);
  return result !== RETRY ? result : callInputEncoded(input, op);
}

/** The input's UTF-8 into the kept block's text area: encodeInto, or the adapter's copy loop first (Deno). */
let encodeInput = (input: string): number => encodeInto(input, text);

/** binding.blockKept, or its block() on the kept block. */
let callKeptBlock = (): number => binding().block(block);

/** Operation `op` on the kept block for `input` handed over as a string (binding.blockString): its result, or RETRY. */
function callString(lib: NativeBinding, input: string, op: number): number {
  header[OPERATION] = op;
  header[INPUT_LEN] = input.length; // in UTF-16 units: the native side checks the C string it gets is all of it
  header[BASE_LEN] = NO_BASE;
  header[TEXT_CAP] = KEPT_BLOCK_SIZE - TEXT;
  heldText = undefined;
  return lib.blockString!(input);
}

/** parseHref's general case: a base, or an input that may not fit the kept block. */
function parseHrefInAnyBlock(input: string, base: string | undefined): string | null {
  if (base !== undefined && base === keptBase && 3 * input.length + keptBaseBytes.length <= KEPT_BLOCK_SIZE - TEXT) {
    // The usual case, written out: links resolved against one page (the base's UTF-8 kept: encodeBase), in the kept
    // block. The header, the input, the kept bytes and the kept block's own call; nothing else to size or check.
    const inLen = encodeIntoKept(input, TEXT);
    const result = callWithKeptBase(OP_PARSE, inLen);
    if (result === UNCHANGED) return hold(input, inLen);
    return result === INVALID ? null : changedHref(input, base, result);
  }
  const lib = binding();
  const need = TEXT + maxUtf8Length(input) + (base === undefined ? 0 : maxUtf8Length(base));
  if (need > KEPT_BLOCK_SIZE) return parseInOwnBlock(lib, input, base, need);
  const result = callKept(lib, input, base, OP_PARSE);
  if (result === UNCHANGED) return hold(input, header[INPUT_LEN]);
  return result === INVALID ? null : changedHref(input, base, result);
}

/**
 * Runs operation `op` on the kept block for `input` (and `base`): through the binding's blockString when it has one
 * and there is no base (the FFI converts the string), else by encoding them into the block first.
 */
function callKept(lib: NativeBinding, input: string, base: string | undefined, op: number): number {
  if (base === undefined && lib.blockString !== undefined) {
    const result = callString(lib, input, op);
    if (result !== RETRY) return result;
  }
  fill(block, header, input, base, op);
  return lib.block(block);
}

/** Records that the kept block's text area starts with the `bytes` UTF-8 bytes of `s`; returns `s`. */
function hold(s: string, bytes: number): string {
  heldText = s;
  heldBytes = bytes;
  return s;
}

/** The rare path for a URL too large for the kept block: a block sized for this call. */
function parseInOwnBlock(lib: NativeBinding, input: string, base: string | undefined, size: number): string | null {
  for (;;) {
    const own = new Uint8Array(size);
    const words = new Int32Array(own.buffer, 0, TEXT / 4);
    fill(own, words, input, base, OP_PARSE);
    const result = lib.block(own);
    if (result === INVALID) return null;
    components.set(words.subarray(COMPONENTS_WORD, COMPONENTS_WORD + 9));
    if (result === UNCHANGED) return input;
    if (result <= own.length - TEXT) return decodeAscii(own, TEXT, TEXT + result);
    size = TEXT + result;
  }
}

/** `enum ada_ffi_setter`: which URL setter setComponent runs. */
export const SET_HREF = 0;
export const SET_PROTOCOL = 1;
export const SET_USERNAME = 2;
export const SET_PASSWORD = 3;
export const SET_HOST = 4;
export const SET_HOSTNAME = 5;
export const SET_PORT = 6;
export const SET_PATHNAME = 7;
export const SET_SEARCH = 8;
export const SET_HASH = 9;

/**
 * Runs a URL setter on `href`: returns the new href (with its offsets in `components`), or null when
 * the setter rejected the value and the URL stays as it was.
 */
export function setComponent(href: string, setter: number, value: string): string | null {
  if (href === heldText && value === keptBase && heldBytes + keptBaseBytes.length <= KEPT_BLOCK_SIZE - TEXT) {
    // The usual case, written out: the URL just parsed or set (the kept block's text area holds its href) and a value
    // given before (its UTF-8 kept: encodeBase), both in the kept block. Nothing to encode; the kept block's own call.
    // In-process A/B, `u.search = "?q=1"` after `new URL(s)`, kasztp / node_files: Node 26 -9 / -3%, Node 20 -7 / -3%,
    // Deno -10 / -6%; Bun within its noise (+3 / -1%).
    const inLen = heldBytes;
    header[SETTER] = setter;
    const result = callWithKeptBase(OP_SET, inLen);
    if (result === INVALID) return null;
    if (result === UNCHANGED) return hold(href, inLen);
    if (result <= KEPT_BLOCK_SIZE - TEXT) return hold(decodeAscii(block, TEXT, TEXT + result), result);
    // The new href outgrew the kept block: the general path below redoes it in a block large enough.
  }
  const lib = binding();
  // The href goes in the input slot, the value in the base slot.
  let size = TEXT + href.length + maxUtf8Length(value);
  let target = size <= KEPT_BLOCK_SIZE ? block : new Uint8Array(size);
  for (;;) {
    const words = target === block ? header : new Int32Array(target.buffer, 0, TEXT / 4);
    fill(target, words, href, value, OP_SET, target === block && href === heldText);
    words[SETTER] = setter;
    const result = lib.block(target);
    if (result === INVALID) return null;
    if (target !== block) {
      components.set(words.subarray(COMPONENTS_WORD, COMPONENTS_WORD + 9));
      if (result === UNCHANGED) return href;
      if (result <= target.length - TEXT) return decodeAscii(target, TEXT, TEXT + result);
    } else {
      if (result === UNCHANGED) return hold(href, words[INPUT_LEN]);
      if (result <= target.length - TEXT) return hold(decodeAscii(target, TEXT, TEXT + result), result);
    }
    size = Math.max(size, TEXT + result);
    target = new Uint8Array(size); // the new href outgrew the block: redo in one large enough
  }
}

const utf8Decoder = new TextDecoder();

/** ada's IDNA through the URL host setter of a special URL; "" for an invalid domain (as Node does). */
function domainCall(domain: string, unicode: boolean): string {
  const lib = binding();
  // Results are at most a small multiple of the input (Punycode, UTF-8): size for the worst case.
  const size = TEXT + 4 * maxUtf8Length(domain) + 64;
  const target = size <= KEPT_BLOCK_SIZE ? block : new Uint8Array(size);
  const words = target === block ? header : new Int32Array(target.buffer, 0, TEXT / 4);
  fill(target, words, domain, undefined, unicode ? OP_DOMAIN_TO_UNICODE : OP_DOMAIN_TO_ASCII);
  const result = lib.block(target);
  if (result === INVALID || result > target.length - TEXT) return "";
  return unicode ? utf8Decoder.decode(target.subarray(TEXT, TEXT + result)) : decodeAscii(target, TEXT, TEXT + result);
}

/** A domain to its ASCII (punycode) form by ada's IDNA (UTS #46), as Node's `url.domainToASCII`; "" when invalid. */
export function domainToASCII(domain: string): string {
  return domainCall(domain, false);
}

/** A domain to its Unicode form by ada's IDNA, as Node's `url.domainToUnicode`; "" when invalid. */
export function domainToUnicode(domain: string): string {
  return domainCall(domain, true);
}

/** True when `input` parses (against `base` when given). */
export function canParse(input: string, base: string | undefined): boolean {
  if (base === undefined && input.length <= KEPT_INPUT_UNITS) return callInput(input, OP_CAN_PARSE) === 1;
  const lib = binding();
  const need = TEXT + maxUtf8Length(input) + (base === undefined ? 0 : maxUtf8Length(base));
  if (need <= KEPT_BLOCK_SIZE) return callKept(lib, input, base, OP_CAN_PARSE) === 1;
  const own = new Uint8Array(need);
  fill(own, new Int32Array(own.buffer, 0, TEXT / 4), input, base, OP_CAN_PARSE);
  return lib.block(own) === 1;
}

/**
 * Which native library this process loaded, and through which FFI: `"node:ffi"` or `"koffi"` (Node),
 * `"Deno.dlopen"`, `"bun:ffi"`. For diagnostics (which prebuilt copy? which Node FFI?).
 */
export function nativeLibrary(): { path: string; ffi: string } {
  binding();
  return { ...loaded };
}

/** The bundled ada's version, e.g. "4.0.0". */
export function adaVersion(): string {
  heldText = undefined;
  const n = binding().adaVersion(text, text.length);
  return decodeAscii(text, 0, n);
}
