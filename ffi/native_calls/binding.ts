/**
 * The contract between the runtime-neutral code in `ffi/` and one runtime's adapter in `runtimes/`.
 *
 * An adapter opens the native library with its runtime's FFI and hands over the C functions of
 * `native/ada_ffi.h` as plain JavaScript functions, plus the cheapest ASCII decoder its runtime has.
 * Buffers are passed as the typed arrays themselves (every FFI here passes them zero-copy; the WebAssembly adapter,
 * runtimes/wasm/binding.ts, keeps the kept block in its module's memory and copies any other buffer for the call).
 *
 * Every block call (parse, canParse, setters, domains, URLPattern) goes through `ada_ffi_block` (on koffi, a parse or
 * canParse without a base through `ada_ffi_block_string_at`, which ends in it): the block's OPERATION word, which
 * ffi/native_calls/kept_block.ts always writes, names the operation. One native target keeps node:ffi's call fast
 * (runtimes/node/node_ffi.ts), and the kept block can go by address (ffi/native_calls/block_address.ts). A call block is always at
 * least 64 KiB (ffi/native_calls/kept_block.ts), so engines keep its memory outside their heap and never move it.
 */
export interface NativeBinding {
  /** `ada_ffi_abi_version()`. */
  abiVersion(): number;
  /** `ada_ffi_ada_version(out, cap)`: the bundled ada's version string length (written when it fits). */
  adaVersion(out: Uint8Array, cap: number): number;
  /**
   * `ada_ffi_block(block)`: whichever operation the block's OPERATION word names (layout in
   * native/ada_ffi.h): a parse, canParse (1 or 0), a setter, a domain conversion, URLPattern's two.
   */
  block(block: Uint8Array): number;
  /**
   * Optional: `block` on the kept block (ffi/native_calls/kept_block.ts), the parse path's one call, with nothing to decide (the
   * kept block goes by its address where the FFI can: ffi/native_calls/block_address.ts). Without it, `block(keptBlock)`.
   */
  blockKept?: () => number;
  /**
   * Optional, for an FFI that converts a string argument to UTF-8 in native code (koffi):
   * `ada_ffi_block_string_at(kept block's address, input)`, with the kept block's INPUT_LEN set to `input.length`
   * (ffi/native_calls/kept_block.ts). The native side copies the input into the block, then runs the block's operation: returns what
   * `block` would, or RETRY (0xfffffffd: the string holds a NUL, or a base is in the block), and then the caller
   * encodes the input itself.
   */
  blockString?: (input: string) => number;
  /** `ada_ffi_parse_many(inputs, lengths, count, base, baseLen, out, outCap, results)`: inputs processed. */
  parseMany(
    inputs: Uint8Array,
    lengths: Uint32Array,
    count: number,
    base: Uint8Array,
    baseLen: number,
    out: Uint8Array,
    outCap: number,
    results: Int32Array,
  ): number;
  /**
   * Optional: decode `bytes[start..end)`, known to be ASCII, into a string. Runtimes with a native
   * latin1 slice (Node's and Bun's Buffer) supply it; Deno, and node:ffi for the kept block's text area, one that reads
   * a C string (it may overwrite `bytes[end]`: every caller's byte after the text is scratch); otherwise
   * `ffi/native_calls/strings.ts` picks a portable one.
   */
  decodeAscii?: (bytes: Uint8Array, start: number, end: number) => string;
  /**
   * Optional: up to how many UTF-16 units ASCII input is encoded by a JS loop rather than encodeInto (into the kept
   * block, by the Wasm writer instead of the loop where the adapter asked for it: runtimes/deno/wasm_ascii_writer.ts).
   */
  loopEncodeLimit?: number;
  /**
   * Optional, for an adapter that put the kept block in a WebAssembly memory (ffi/native_calls/kept_block_memory.ts):
   * builds a writer over it, `write(s, at)` → bytes written, or -1 when `s` is not all ASCII or does not fit (Deno's:
   * runtimes/deno/wasm_ascii_writer.ts), or undefined where the engine cannot. Built lazily, once the kept block has
   * taken `keptBlockWriterAfter` encodes (building costs ~1 ms); it then takes the copy loop's place.
   */
  keptBlockWriter?: () => ((s: string, at: number) => number) | undefined;
  keptBlockWriterAfter?: number;
  /**
   * Optional, for a backend whose call costs more than a scan in JavaScript (Bun's WebAssembly: ~135 ns a URL): a
   * parse of an input that is already canonical (ffi/urlpattern/canonical_input.ts's exact rule) takes its components
   * from the scan, with no call (ffi/native_calls/kept_block.ts).
   */
  parseCanonicalInJs?: boolean;
}

/** The ABI version this JavaScript was written against (`ADA_FFI_ABI_VERSION` in `native/ada_ffi.h`). */
export const EXPECTED_ABI_VERSION = 9;
