/**
 * The WebAssembly adapter: the same NativeBinding (ffi/native_calls/binding.ts) over the C ABI compiled to Wasm
 * (./instance.ts), for every runtime and engine: the runtime-neutral entry (./entry.ts) and the native entries'
 * fallback where no native library can be loaded (./selection.ts).
 *
 * A Wasm function can only read the module's own memory, so the kept call block lives there: malloc'd once, and
 * handed to the neutral code (moveKeptBlock), which then encodes into it and reads the components from it with no
 * copy, as with a native library. Growing the memory (ada allocates from it during a call) detaches the ArrayBuffer
 * every view was made on: after each call a detached view of the kept block (length 0) says so, and the block's views
 * are made again on the new buffer (the block itself stays at its offset). Any other buffer the neutral code passes
 * (a block larger than the kept one, parseMany's arrays) is a JavaScript array: it is copied in for the call and its
 * output copied back, once per call (a large URL; a chunk of up to 1,024 URLs).
 */
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { installBinding, refuseSecondBinding } from "../../ffi/native_calls/install.ts";
import { moveKeptBlock } from "../../ffi/native_calls/kept_block.ts";
import type { AsciiDecoder } from "../../ffi/native_calls/strings.ts";
import { type AdaFfiExports, type AdaFfiWasmSource, compileAdaFfi, instantiateAdaFfi } from "./instance.ts";

/** What nativeLibrary() reports for the Wasm backend. */
export const WASM_FFI = "wasm";
export const WASM_LIBRARY_PATH = "ada_ffi.wasm";

/** The installed module's memory (for wasmMemoryBytes). */
let installedMemory: { readonly buffer: ArrayBuffer } | undefined;

/**
 * The size of the installed module's memory in bytes (undefined before installWasmBinding): what the tests read to
 * check that memory stays bounded (it only ever grows, so a size that stays put means nothing more was needed).
 */
export function wasmMemoryBytes(): number | undefined {
  return installedMemory?.buffer.byteLength;
}

/** The kept block's size (ffi/native_calls/kept_block.ts's KEPT_BLOCK_SIZE). */
const KEPT_BLOCK_SIZE = 64 * 1024;
const NO_BASE = 0xffffffff;
const RESULT_STRIDE = 10; // ADA_FFI_RESULT_STRIDE
/**
 * Past this size after a call, the module's memory is given back (a fresh instance): it starts at ~1.1 MiB and stays
 * under a few MiB for URLs of kilobytes, and a URL of megabytes grows it to several times its size.
 */
export const OUTSIZED_MEMORY = 32 << 20;

/** What a malloc that returned 0 means: the memory could not grow (past 4 GiB, or the engine's limit). */
function outOfMemory(bytes: number): Error {
  return new RangeError(`ada-ffi: the WebAssembly memory cannot grow by ${bytes} bytes`);
}

/** What a runtime entry that falls back to Wasm brings of its own (NativeBinding's members of the same names). */
export interface WasmBindingOptions {
  /**
   * The runtime's fastest ASCII decoder (Node's and Bun's latin1 slice, which reads a view of the module's memory as
   * any Uint8Array); the portable one otherwise.
   */
  decodeAscii?: AsciiDecoder;
  /** Deno's: its encodeInto is slow enough that the JS copy loop wins up to 64 units (runtimes/deno/entry.ts). */
  loopEncodeLimit?: number;
  /**
   * Deno's: a writer into the kept block (NativeBinding.keptBlockWriter), given the module's memory and the block's
   * address in it (runtimes/deno/wasm_ascii_writer.ts), built after `keptBlockWriterAfter` encodes.
   */
  keptBlockWriter?: (
    memory: { readonly buffer: ArrayBuffer },
    blockAt: number,
  ) => ((s: string, at: number) => number) | undefined;
  keptBlockWriterAfter?: number;
  /** Whether a parse of canonical input skips the call (NativeBinding.parseCanonicalInJs: where the call costs more). */
  parseCanonicalInJs?: boolean;
  /** What nativeLibrary().path says (WASM_LIBRARY_PATH by default): the module's file or URL. */
  libraryPath?: string;
}

/**
 * Instantiates the module and installs it as the binding: `source` is ada_ffi.wasm's bytes, or the module already
 * compiled (a WebAssembly.Module: ./instance.ts).
 */
export function installWasmBinding(source: AdaFfiWasmSource, options: WasmBindingOptions = {}): void {
  refuseSecondBinding(WASM_FFI, options.libraryPath ?? WASM_LIBRARY_PATH);
  const compiled = compileAdaFfi(source);
  // One instance at a time; replaced by a fresh one after a call that left its memory outsized (renew()).
  let wasm: AdaFfiExports;
  let memory: AdaFfiExports["memory"];
  let keptAt = 0;
  let kept: Uint8Array;
  let generation = 0;
  // parseMany's scratch area in the module's memory: inputs, lengths, base, output, results. Grown to a chunk's need
  // and kept, as batch.ts keeps its own buffers (bounded by the largest chunk).
  let scratchAt = 0;
  let scratchSize = 0;

  /** A new instance, its kept block malloc'd and handed to the neutral code (which carries the old block's bytes over). */
  const start = () => {
    wasm = instantiateAdaFfi(compiled);
    memory = installedMemory = wasm.memory;
    keptAt = wasm.malloc(KEPT_BLOCK_SIZE); // malloc aligns to 16 bytes: the block's words are aligned
    if (keptAt === 0) throw outOfMemory(KEPT_BLOCK_SIZE);
    kept = new Uint8Array(memory.buffer, keptAt, KEPT_BLOCK_SIZE);
    moveKeptBlock(kept);
    scratchAt = scratchSize = 0;
    generation++;
  };
  start();

  /** After a call: the memory grew (the kept block's view is detached), so every view of it is made again. */
  const remap = () => {
    kept = new Uint8Array(memory.buffer, keptAt, KEPT_BLOCK_SIZE);
    moveKeptBlock(kept);
  };

  /**
   * After a call, once its results are read or in the kept block: a memory grown past OUTSIZED_MEMORY (a URL of
   * megabytes) is dropped with its instance, for a fresh one. A Wasm memory never shrinks, so the old one would keep
   * its peak for the life of the process; dropped, it is the engines' to collect.
   */
  const renew = () => {
    if (memory.buffer.byteLength > OUTSIZED_MEMORY) start();
  };

  const blockKept = (): number => {
    const result = wasm.ada_ffi_block(keptAt) >>> 0;
    if (kept.length === 0) {
      remap();
      renew();
    }
    return result;
  };

  /** A block of the neutral code's own (larger than the kept one): copied in, run, copied back. */
  const blockCopied = (target: Uint8Array): number => {
    const n = target.length;
    const at = wasm.malloc(n);
    if (at === 0) throw outOfMemory(n);
    let result: number;
    try {
      new Uint8Array(memory.buffer, at, n).set(target);
      result = wasm.ada_ffi_block(at) >>> 0;
      if (kept.length === 0) remap();
      target.set(new Uint8Array(memory.buffer, at, n));
    } finally {
      wasm.free(at);
    }
    renew();
    return result;
  };

  const scratch = (size: number): number => {
    if (size > scratchSize) {
      if (scratchAt !== 0) wasm.free(scratchAt);
      scratchAt = wasm.malloc(size);
      if (scratchAt === 0) {
        scratchSize = 0;
        throw outOfMemory(size);
      }
      scratchSize = size;
    }
    return scratchAt;
  };
  const align4 = (n: number) => (n + 3) & ~3;

  const binding: NativeBinding = {
    abiVersion: () => wasm.ada_ffi_abi_version() >>> 0,
    adaVersion: (out, cap) => {
      // install.ts passes the kept block's text area, which is in the module's memory; anything else is copied.
      if (out.buffer === memory.buffer) return wasm.ada_ffi_ada_version(out.byteOffset, cap) >>> 0;
      const at = wasm.malloc(cap + 1);
      if (at === 0) throw outOfMemory(cap + 1);
      try {
        const n = wasm.ada_ffi_ada_version(at, cap) >>> 0;
        if (kept.length === 0) remap();
        if (n <= cap) out.set(new Uint8Array(memory.buffer, at, n));
        return n;
      } finally {
        wasm.free(at);
      }
    },
    block: (target) => target === kept ? blockKept() : blockCopied(target),
    keptBlockWriter: options.keptBlockWriter && (() => rebuiltWriter(options.keptBlockWriter!)),
    keptBlockWriterAfter: options.keptBlockWriterAfter,
    blockKept,
    parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) => {
      let inputBytes = 0;
      for (let i = 0; i < count; i++) inputBytes += lengths[i];
      const baseBytes = baseLen === NO_BASE ? 0 : baseLen;
      const lengthsAt = align4(inputBytes);
      const resultsAt = lengthsAt + 4 * count;
      const baseAt = resultsAt + 4 * RESULT_STRIDE * count;
      const outAt = baseAt + baseBytes;
      const at = scratch(outAt + outCap);
      let heap = memory.buffer;
      new Uint8Array(heap, at, inputBytes).set(inputs.subarray(0, inputBytes));
      new Uint32Array(heap, at + lengthsAt, count).set(lengths.subarray(0, count));
      if (baseBytes > 0) new Uint8Array(heap, at + baseAt, baseBytes).set(base.subarray(0, baseBytes));
      const done = wasm.ada_ffi_parse_many(
        at,
        at + lengthsAt,
        count,
        at + baseAt,
        baseLen,
        at + outAt,
        outCap,
        at + resultsAt,
      ) >>> 0;
      if (kept.length === 0) remap();
      heap = memory.buffer;
      const words = new Int32Array(heap, at + resultsAt, RESULT_STRIDE * done);
      results.set(words);
      let written = 0;
      for (let i = 0; i < done; i++) {
        const code = words[i * RESULT_STRIDE];
        if (code >= 0) written += code; // a byte length; INVALID and UNCHANGED read negative
      }
      out.set(new Uint8Array(heap, at + outAt, written));
      renew();
      return done;
    },
    decodeAscii: options.decodeAscii,
    parseCanonicalInJs: options.parseCanonicalInJs,
    loopEncodeLimit: options.loopEncodeLimit,
  };
  installBinding(binding, options.libraryPath ?? WASM_LIBRARY_PATH, WASM_FFI);

  /**
   * The adapter's writer into the kept block (Deno's), for the instance of the moment: built for one memory, it is
   * built again after renew() replaced it (~1 ms, once per outsized call). Undefined where it cannot be built.
   */
  function rebuiltWriter(
    make: NonNullable<WasmBindingOptions["keptBlockWriter"]>,
  ): ((s: string, at: number) => number) | undefined {
    let builtFor = generation;
    let write = make(memory, keptAt);
    if (write === undefined) return undefined;
    return (s, at) => {
      if (builtFor !== generation) {
        builtFor = generation;
        write = make(memory, keptAt);
      }
      return write === undefined ? -1 : write(s, at);
    };
  }
}
