/**
 * Crossings through the kept call block: parse, canParse and the URL setters, and what the block's text area holds
 * between them (an href just parsed or set; a base or setter value given twice). One 64 KiB block, allocated once, so
 * the common call encodes its input, writes four header words and makes one single-argument native call; the
 * components land in the header (`components`), which callers copy before the next call. Layout: ./call_block.ts.
 *
 * Single-threaded by construction (one JS realm per block), so the block is module state. Everything that writes the
 * kept block goes through this module (other features get it through blockOfSize), which keeps what it knows of the
 * text area true.
 */
import type { NativeBinding } from "./binding.ts";
import {
  BASE_LEN,
  BLOCK_TEXT as TEXT,
  COMPONENTS_WORD,
  INPUT_LEN,
  INVALID,
  NO_BASE_WORD as NO_BASE,
  OP_CAN_PARSE,
  OP_PARSE,
  OP_SET,
  OPERATION,
  RETRY,
  SETTER,
  TEXT_CAP,
  UNCHANGED,
} from "./call_block.ts";
import { binding } from "./installed_binding.ts";
import { allocateKeptBlock } from "./kept_block_memory.ts";
import { scanCanonical, writeScannedComponents } from "../urlpattern/canonical_input.ts";
import {
  decodeAsciiPortable,
  encodeInto,
  encodeUtf8Into,
  maxUtf8Length,
  setLoopEncodeLimit,
  utf8Length,
} from "./strings.ts";

/**
 * The kept block: 64 KiB covers any URL up to ~21k UTF-16 units; larger ones get a block of their own
 * for that call. With a native library it never moves, so `components` stays a valid view. In a Wasm memory where the
 * adapter provided one (ffi/native_calls/kept_block_memory.ts; Deno's, for its Wasm ASCII writer). The WebAssembly
 * backend moves it into its module's memory, and makes its views again when that memory grows (moveKeptBlock): the
 * views are `let` for that, and whoever holds one across a native call takes it again after.
 */
const KEPT_BLOCK_SIZE = 64 * 1024;
/** The kept block's text capacity (TEXT_CAP): one constant, not a subtraction at each use (bytecode: see parseHref). */
const KEPT_TEXT_CAP = KEPT_BLOCK_SIZE - TEXT;
let block = allocateKeptBlock(KEPT_BLOCK_SIZE);
/** The kept block, for adapters that call it by address (./block_address.ts). */
export let keptBlock: Uint8Array = block;
let header = new Int32Array(block.buffer, block.byteOffset, TEXT / 4);
let text = block.subarray(TEXT);

/** Components of the last successful parse. */
export let components: Int32Array = new Int32Array(block.buffer, block.byteOffset + COMPONENTS_WORD * 4, 9);
/** The kept block as uint32 words (wordsOf). */
let keptWords = new Int32Array(block.buffer, block.byteOffset, KEPT_BLOCK_SIZE / 4);

/**
 * Moves the kept block and its views to `to` (KEPT_BLOCK_SIZE bytes, 4-byte aligned), for the Wasm adapter
 * (runtimes/wasm/binding.ts): at install, into the module's memory (what the block held is copied), and whenever
 * that memory grew during a call (growing detaches the ArrayBuffer the views were made on; the block stays at its
 * offset, so `to` already holds its bytes). Native adapters never call it: their block never moves.
 */
export function moveKeptBlock(to: Uint8Array): void {
  if (to.length !== KEPT_BLOCK_SIZE || (to.byteOffset & 3) !== 0) {
    throw new Error("ada-ffi: a kept call block must be 64 KiB and 4-byte aligned");
  }
  if (block.length === KEPT_BLOCK_SIZE && to !== block) to.set(block); // not detached: carry what it holds over
  block = to;
  keptBlock = to;
  header = new Int32Array(to.buffer, to.byteOffset, TEXT / 4);
  text = to.subarray(TEXT);
  components = new Int32Array(to.buffer, to.byteOffset + COMPONENTS_WORD * 4, 9);
  keptWords = new Int32Array(to.buffer, to.byteOffset, KEPT_BLOCK_SIZE / 4);
}

let decodeAscii: (bytes: Uint8Array, start: number, end: number) => string = decodeAsciiPortable;

/** Sets up the crossings for the binding just installed (./install.ts): its decoder, call and encoder choices. */
export function configureKeptBlock(binding: NativeBinding): void {
  decodeAscii = binding.decodeAscii ?? decodeAsciiPortable;
  callInput = binding.blockString !== undefined
    ? callInputAsString(binding)
    : binding.parseCanonicalInJs
    ? callInputCanonical
    : callInputEncoded;
  const blockKept = binding.blockKept;
  if (blockKept !== undefined) callKeptBlock = blockKept;
  if (binding.loopEncodeLimit !== undefined) {
    setLoopEncodeLimit(binding.loopEncodeLimit);
    encodeInput = (input) => encodeUtf8Into(input, block, TEXT, text);
  }
  const makeWriter = binding.keptBlockWriter;
  if (makeWriter !== undefined) {
    // The adapter's writer into the kept block (Deno's Wasm ASCII writer), once built: it costs ~1 ms to build, so
    // only a process that has encoded many inputs gets it (keptBlockWriterAfter). One function before and after (a
    // second target at the callers' sites cost Deno's href 3%). It takes the copy loop's place up to the same length:
    // past it encodeInto is the cheaper (href ns at 100 / 200 units: 161 / 232 with encodeInto, 180 / 334 with the
    // writer; at 48 units: 153 loop, 114 writer).
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
 * A call block of at least `size` bytes for a crossing of another feature (URLPattern, domains, the version): the
 * kept block when it is large enough (the caller then writes it whole), else a new one.
 */
export function blockOfSize(size: number): Uint8Array {
  if (size > KEPT_BLOCK_SIZE) return new Uint8Array(size);
  heldText = undefined; // the caller writes the text area
  return block;
}
/** A block as uint32 words (native order), header first; the kept block's view is made once. */
export function wordsOf(target: Uint8Array): Int32Array {
  return target === block ? keptWords : new Int32Array(target.buffer, target.byteOffset, target.length >> 2);
}

/**
 * Runs a block call whose result is a byte count written at the text area (or INVALID / UNCHANGED): `fill` writes the
 * block's header and text, and returns the call's result; while that count outgrows the text area, again in a block of
 * `grow(result)` bytes. Starts in a block of `size` bytes (blockOfSize). The rare paths of every crossing (an output
 * larger than its block) share it.
 */
export function callGrowing(
  size: number,
  fill: (target: Uint8Array, words: Int32Array) => number,
  grow: (result: number, size: number) => number = (result, size) => Math.max(size, TEXT + result),
): { result: number; target: Uint8Array; words: Int32Array } {
  for (;;) {
    let target = blockOfSize(size);
    let words = wordsOf(target);
    const kept = target === block;
    const result = fill(target, words);
    if (kept && target !== block) {
      // The call moved the kept block (a Wasm memory that grew: moveKeptBlock): its new views.
      target = block;
      words = keptWords;
    }
    if (result === INVALID || result === UNCHANGED || result <= target.length - TEXT) return { result, target, words };
    size = grow(result, size);
  }
}

/** The installed binding's ASCII decoder (NativeBinding.decodeAscii, or a portable one). */
export function decodeHrefs(bytes: Uint8Array, start: number, end: number): string {
  return decodeAscii(bytes, start, end);
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
/** heldBytes after a parse that answered with no call (callInputCanonical): the text area holds nothing of it yet. */
const NOT_WRITTEN = -1;

/**
 * Encodes input (and base) into `target`'s text area and fills its header, for operation `op`. `held`: the kept
 * block's text area already starts with the input's bytes (heldText).
 */
export function fill(
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
  words[TEXT_CAP] = KEPT_TEXT_CAP;
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
 * constructor and of all it inlines, times 1.2, stays under 920 bytes, and whatever is not inlined is a call
 * (docs/performance.md, "Node 26 and V8's inlining budget"; `npm run bench -- --check` reports the chain's size).
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
  if (length <= KEPT_TEXT_CAP) return decodeAscii(block, TEXT, TEXT + length);
  return parseInOwnBlock(binding(), input, base, TEXT + length);
}

/** Inputs of up to this many UTF-16 units fit the kept block's text area whatever they hold (3 bytes a unit). */
const KEPT_INPUT_UNITS = Math.floor(KEPT_TEXT_CAP / 3);

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
  words[TEXT_CAP] = KEPT_TEXT_CAP;
  heldText = undefined;
  return callKeptBlock();
}

/**
 * callInput for a binding whose call costs more than a scan (NativeBinding.parseCanonicalInJs): a parse of an input
 * that is already canonical (ffi/urlpattern/canonical_input.ts's exact rule) writes the scan's components and answers
 * UNCHANGED with no call and no encoding (Bun's Wasm: href 1.88 -> 1.46x the built-in in one process); anything else
 * is callInputEncoded's. The text area then does not hold the input: INPUT_LEN says so (NOT_WRITTEN), which parseHref
 * passes on to heldBytes, and a setter on that href encodes it first (setComponent).
 */
function callInputCanonical(input: string, op: number): number {
  if (op !== OP_PARSE || !scanCanonical(input)) return callInputEncoded(input, op);
  writeScannedComponents(components);
  header[INPUT_LEN] = NOT_WRITTEN;
  return UNCHANGED;
}

/** callInput for a binding with blockString: the input handed over as a string, or encoded when that ran nothing. */
function callInputAsString(lib: NativeBinding): (input: string, op: number) => number {
  return (input, op) => {
    const result = callString(lib, input, op);
    return result !== RETRY ? result : callInputEncoded(input, op);
  };
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
  header[TEXT_CAP] = KEPT_TEXT_CAP;
  heldText = undefined;
  return lib.blockString!(input);
}

/** parseHref's general case: a base, or an input that may not fit the kept block. */
function parseHrefInAnyBlock(input: string, base: string | undefined): string | null {
  if (base !== undefined && base === keptBase && 3 * input.length + keptBaseBytes.length <= KEPT_TEXT_CAP) {
    // The usual case, written out: links resolved against one page (the base's UTF-8 kept: encodeBase), in the kept
    // block. The header, the input, the kept bytes and the kept block's own call; nothing else to size or check.
    const inLen = encodeIntoKept(input, TEXT);
    const result = callWithKeptBase(OP_PARSE, inLen);
    if (result === UNCHANGED) return hold(input, inLen);
    return result === INVALID ? null : changedHref(input, base, result);
  }
  const lib = binding();
  const need = TEXT + maxUtf8Length(input) + (base === undefined ? 0 : maxUtf8Length(base));
  if (need > KEPT_BLOCK_SIZE) {
    // Sized exactly (a larger href grows it: callGrowing), not for the worst case, which triples a huge URL's block.
    return parseInOwnBlock(lib, input, base, TEXT + utf8Length(input) + (base === undefined ? 0 : utf8Length(base)));
  }
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
  const { result, target, words } = callGrowing(size, (target, words) => {
    fill(target, words, input, base, OP_PARSE);
    return lib.block(target);
  });
  if (result === INVALID) return null;
  if (target !== block) components.set(words.subarray(COMPONENTS_WORD, COMPONENTS_WORD + 9));
  if (result === UNCHANGED) return input;
  return decodeAscii(target, TEXT, TEXT + result);
}

/**
 * Runs a URL setter on `href`: returns the new href (with its offsets in `components`), or null when
 * the setter rejected the value and the URL stays as it was.
 */
export function setComponent(href: string, setter: number, value: string): string | null {
  // A parse that made no call (callInputCanonical) left the href out of the text area: written now, then held as usual.
  if (heldBytes === NOT_WRITTEN && href === heldText) heldBytes = encodeIntoKept(href, TEXT);
  if (href === heldText && value === keptBase && heldBytes + keptBaseBytes.length <= KEPT_TEXT_CAP) {
    // The usual case, written out: the URL just parsed or set (the kept block's text area holds its href) and a value
    // given before (its UTF-8 kept: encodeBase), both in the kept block. Nothing to encode; the kept block's own call.
    // In-process A/B, `u.search = "?q=1"` after `new URL(s)`, kasztp / node_files: Node 26 -9 / -3%, Node 20 -7 / -3%,
    // Deno -10 / -6%; Bun within its noise (+3 / -1%).
    const inLen = heldBytes;
    header[SETTER] = setter;
    const result = callWithKeptBase(OP_SET, inLen);
    if (result === INVALID) return null;
    if (result === UNCHANGED) return hold(href, inLen);
    if (result <= KEPT_TEXT_CAP) return hold(decodeAscii(block, TEXT, TEXT + result), result);
    // The new href outgrew the kept block: the general path below redoes it in a block large enough.
  }
  const lib = binding();
  // The href goes in the input slot, the value in the base slot. In the kept block when they fit (its text area may
  // already hold the href: heldText), else, or when the new href outgrows it, in a block large enough.
  const wasHeld = href === heldText;
  const { result, target, words } = callGrowing(TEXT + href.length + maxUtf8Length(value), (target, words) => {
    fill(target, words, href, value, OP_SET, target === block && wasHeld);
    words[SETTER] = setter;
    return lib.block(target);
  });
  if (result === INVALID) return null;
  if (target !== block) {
    components.set(words.subarray(COMPONENTS_WORD, COMPONENTS_WORD + 9));
    return result === UNCHANGED ? href : decodeAscii(target, TEXT, TEXT + result);
  }
  if (result === UNCHANGED) return hold(href, words[INPUT_LEN]);
  return hold(decodeAscii(target, TEXT, TEXT + result), result);
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
