/**
 * A WebAssembly function that copies an ASCII string into the kept call block, for engines whose `encodeInto` costs
 * more than the copy: Deno's is an op call, ~90 ns for a 45-unit URL, and its JS copy loop ~1.7 ns a unit. This one
 * takes ~42 ns at 45 units (kasztp.txt, Deno 2.9.6), by WebAssembly's JS String Builtins (`wasm:js-string`): one call
 * copies the string's UTF-16 units into a Wasm array, and a loop narrows them into the block (~0.8 ns a unit, so
 * encodeInto is the cheaper past ~64 units). Elsewhere the runtime's own way is the cheaper: encodeInto on Node 26 (36
 * vs 46 ns) and Bun (30 vs 40), koffi's string argument on Node 22 and 24 (canParse 119 vs 125 ns, 130 vs 137); so
 * only an adapter that asks gets this writer.
 *
 * The writer can only write into a Wasm memory, so the kept block must be one: Deno's entry provides it before
 * ffi/native_calls/kept_block.ts allocates the block (its first import: runtimes/deno/wasm_kept_block.ts). Where
 * the engine has no WebAssembly (`--jitless`), or no JS String Builtins, the block is a plain array and the adapter's
 * usual encoder runs.
 */

/** One Wasm page: the kept block's size. */
const PAGE = 65536;
/** The writer's scratch array holds this many UTF-16 units: as many as the kept block's text area takes as ASCII. */
const MAX_UNITS = PAGE - 64;

/** The part of the WebAssembly API used here (not in the ES library types this project compiles against). */
interface Wasm {
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array, options: { builtins: string[] }) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as { WebAssembly?: Wasm }).WebAssembly;

let inUse = false;
let keptMemory: { buffer: ArrayBuffer } | undefined;

/**
 * Building the writer takes ~1 ms (Deno 2.9, compiling the module); it saves ~30-45 ns an input. So it is built once the
 * kept block has taken this many encodes: a short script never pays for it, a process that parses many URLs gets it
 * after ~3 ms of parsing.
 */
export const WASM_WRITER_AFTER = 16384;

/** Whether the kept block is in a Wasm memory (the engine could make one). */
export function keptBlockInWasmMemory(): boolean {
  return keptMemory !== undefined;
}

/** Whether the writer was built (for the tests: an adapter's import order decides it). */
export function wasmAsciiWriterInUse(): boolean {
  return inUse;
}

/**
 * The kept call block (`size` bytes, one Wasm page) in a Wasm memory, or undefined where the engine cannot make one
 * (then a plain array serves). A Wasm memory of fixed size never moves, as the kept block must not.
 */
export function wasmKeptBlock(size: number): Uint8Array | undefined {
  if (size !== PAGE || wasm === undefined) return undefined;
  try {
    keptMemory = new wasm.Memory({ initial: 1, maximum: 1 });
    return new Uint8Array(keptMemory.buffer);
  } catch {
    keptMemory = undefined; // out of address space for Wasm memories, say: the plain block works the same
    return undefined;
  }
}

/**
 * The writer over the kept block, when it lives in a Wasm memory and this engine has the JS String Builtins:
 * `write(s, at)` copies `s` to the block from byte `at` and returns its length, when `s` is all ASCII and fits
 * before the block's end; else it returns -1 and may have written anything from `at` on (the caller then encodes
 * `s` another way). `s` must be a string.
 *
 * The block is the one wasmKeptBlock made (its own one-page memory), unless `memory` is given: the WebAssembly
 * backend's module memory, whose kept block (one page long) starts at byte `blockAt` and stays there while the memory
 * grows (runtimes/wasm/binding.ts). On Deno the backend's parse then encodes ~45 ns faster (kasztp.txt: raw encode +
 * call 283 -> 240 ns, Deno 2.9.6).
 */
export function wasmAsciiWriter(
  memory: { readonly buffer: ArrayBuffer } | undefined = keptMemory,
  blockAt = 0,
): ((s: string, at: number) => number) | undefined {
  if (memory === undefined || wasm === undefined) return undefined;
  try {
    // Engines without the builtins ignore the option; the import is then missing and instantiation throws.
    const module = new wasm.Module(writerModule(blockAt, memory === keptMemory), { builtins: ["js-string"] });
    const instance = new wasm.Instance(module, { block: { memory } });
    inUse = true;
    return instance.exports.writeAscii as (s: string, at: number) => number;
  } catch {
    return undefined;
  }
}

/**
 * The module, in the binary format (its text form below). Hand-assembled: it is small, and a build step for it would
 * need a WebAssembly toolchain.
 *
 *   (module
 *     (type $units (array (mut i16)))
 *     (import "wasm:js-string" "intoCharCodeArray"
 *       (func $intoCharCodeArray (param externref (ref null $units) i32) (result i32)))
 *     (import "wasm:js-string" "length" (func $length (param externref) (result i32)))
 *     (import "block" "memory" (memory 1 1))
 *     (global $scratch (ref $units) (array.new_default $units (i32.const MAX_UNITS)))
 *     (func (export "writeAscii") (param $s externref) (param $at i32) (result i32)
 *       (local $n i32) (local $i i32) (local $seen i32) (local $unit i32)
 *       (local.set $n (call $length (local.get $s)))
 *       ;; too long for the scratch array, or past the block's end: not written
 *       (if (i32.or (i32.gt_u (local.get $n) (i32.const MAX_UNITS))
 *                   (i32.gt_u (i32.add (local.get $at) (local.get $n)) (i32.const PAGE)))
 *         (then (return (i32.const -1))))
 *       (drop (call $intoCharCodeArray (local.get $s) (global.get $scratch) (i32.const 0)))
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
 *           (i32.store8 offset=BLOCK_AT (i32.add (local.get $at) (local.get $i))
 *             (local.tee $unit (array.get_u $units (global.get $scratch) (local.get $i))))
 *           (local.set $seen (i32.or (local.get $seen) (local.get $unit)))
 *           (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *           (br $next)))
 *       ;; every unit below 0x80: ASCII
 *       (select (local.get $n) (i32.const -1) (i32.lt_u (local.get $seen) (i32.const 0x80)))))
 *
 * `$at + $n <= PAGE` keeps every store in the block (`$at` is at most PAGE: the caller's offsets are in the block),
 * which starts at byte BLOCK_AT of the memory: 0 in the block's own memory (imported as exactly one page), the kept
 * block's address in the WebAssembly backend's (imported as at least one page, any maximum: it grows).
 */
function writerModule(blockAt: number, ownMemory: boolean): Uint8Array {
  const I32 = 0x7f, EXTERNREF = 0x6f, FUNC = 0x60, ARRAY = 0x5e, I16 = 0x77, MUTABLE = 0x01, REF = 0x64;
  const REF_NULL = 0x63, END = 0x0b, GC = 0xfb;
  const [GET, SET, TEE, GLOBAL_GET, CALL, CONST] = [0x20, 0x21, 0x22, 0x23, 0x10, 0x41];
  const [S, AT, N, I, SEEN, UNIT] = [0, 1, 2, 3, 4, 5];
  const [INTO_CHAR_CODE_ARRAY, LENGTH] = [0, 1];
  const UNITS_TYPE = 0, SCRATCH = 0;
  const types = [
    [ARRAY, I16, MUTABLE], // 0: $units
    [FUNC, 3, EXTERNREF, REF_NULL, UNITS_TYPE, I32, 1, I32], // 1: intoCharCodeArray
    [FUNC, 1, EXTERNREF, 1, I32], // 2: length
    [FUNC, 2, EXTERNREF, I32, 1, I32], // 3: writeAscii
  ];
  const imports = [
    [...name("wasm:js-string"), ...name("intoCharCodeArray"), 0x00, 1],
    [...name("wasm:js-string"), ...name("length"), 0x00, 2],
    // memory: min 1 page, max 1 (the block's own); or min 1, no maximum (the backend's)
    [...name("block"), ...name("memory"), 0x02, ...(ownMemory ? [0x01, 1, 1] : [0x00, 1])],
  ];
  const globals = [[REF, UNITS_TYPE, 0x00, CONST, ...sleb(MAX_UNITS), GC, 0x07, UNITS_TYPE, END]]; // array.new_default
  const body = [
    1,
    4,
    I32, // locals $n $i $seen $unit
    GET,
    S,
    CALL,
    LENGTH,
    SET,
    N,
    GET,
    N,
    CONST,
    ...sleb(MAX_UNITS),
    0x4b, // i32.gt_u
    GET,
    AT,
    GET,
    N,
    0x6a,
    CONST,
    ...sleb(PAGE),
    0x4b, // i32.add, i32.gt_u
    0x72,
    0x04,
    0x40,
    CONST,
    ...sleb(-1),
    0x0f,
    END, // i32.or, if, return -1
    GET,
    S,
    GLOBAL_GET,
    SCRATCH,
    CONST,
    0,
    CALL,
    INTO_CHAR_CODE_ARRAY,
    0x1a, // drop
    0x02,
    0x40,
    0x03,
    0x40, // block $done, loop $next
    GET,
    I,
    GET,
    N,
    0x4f,
    0x0d,
    1, // i32.ge_u, br_if $done
    GET,
    AT,
    GET,
    I,
    0x6a, // address: i32.add
    GLOBAL_GET,
    SCRATCH,
    GET,
    I,
    GC,
    0x0d,
    UNITS_TYPE,
    TEE,
    UNIT, // array.get_u
    0x3a,
    0x00,
    ...uleb(blockAt), // i32.store8 align=1 offset=BLOCK_AT
    GET,
    SEEN,
    GET,
    UNIT,
    0x72,
    SET,
    SEEN, // i32.or
    GET,
    I,
    CONST,
    1,
    0x6a,
    SET,
    I, // i32.add
    0x0c,
    0,
    END,
    END, // br $next, end loop, end block
    GET,
    N,
    CONST,
    ...sleb(-1),
    GET,
    SEEN,
    CONST,
    ...sleb(0x80),
    0x49,
    0x1b, // i32.lt_u, select
    END,
  ];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00, // "\0asm", version 1
    ...section(1, vector(types)),
    ...section(2, vector(imports)),
    ...section(3, vector([[3]])), // one function, of type 3
    ...section(6, vector(globals)),
    ...section(7, vector([[...name("writeAscii"), 0x00, 2]])), // function 2 (after the two imported)
    ...section(10, vector([[...uleb(body.length), ...body]])),
  ]);
}

function uleb(value: number): number[] {
  const out = [];
  do {
    const low = value & 0x7f;
    value >>>= 7;
    out.push(value !== 0 ? low | 0x80 : low);
  } while (value !== 0);
  return out;
}

function sleb(value: number): number[] {
  const out = [];
  for (;;) {
    const low = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (low & 0x40) === 0) || (value === -1 && (low & 0x40) !== 0)) return [...out, low];
    out.push(low | 0x80);
  }
}

function name(text: string): number[] {
  return [...uleb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}
