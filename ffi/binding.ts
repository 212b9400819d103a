/**
 * The contract between the runtime-neutral code in `ffi/` and one runtime's adapter in `runtimes/`.
 *
 * An adapter opens the native library with its runtime's FFI and hands over the C functions of
 * `native/ada_ffi.h` as plain JavaScript functions, plus the cheapest ASCII decoder its runtime has.
 * Buffers are passed as the typed arrays themselves (every FFI here passes them zero-copy).
 *
 * A call block is always at least 64 KiB (ffi/protocol.ts), so engines keep its memory outside their heap and
 * never move it, and its OPERATION word names the block function being called: an adapter may route every
 * block call through `ada_ffi_block` (runtimes/node_ffi.ts does).
 */
export interface NativeBinding {
  /** `ada_ffi_abi_version()`. */
  abiVersion(): number;
  /** `ada_ffi_ada_version(out, cap)`: the bundled ada's version string length (written when it fits). */
  adaVersion(out: Uint8Array, cap: number): number;
  /** `ada_ffi_parse_block(block)`: one whole parse through a call block (layout in native/ada_ffi.h). */
  parseBlock(block: Uint8Array): number;
  /** `ada_ffi_set_block(block)`: one URL setter (component in header word 3). */
  setBlock(block: Uint8Array): number;
  /** `ada_ffi_domain_to_ascii_block(block)` / `ada_ffi_domain_to_unicode_block(block)`. */
  domainToAsciiBlock(block: Uint8Array): number;
  domainToUnicodeBlock(block: Uint8Array): number;
  /** `ada_ffi_block(block)`: whichever block function the block's OPERATION word names (URLPattern's too). */
  block(block: Uint8Array): number;
  /** `ada_ffi_can_parse_block(block)`: 1 or 0. */
  canParseBlock(block: Uint8Array): number;
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
   * latin1 slice (Node's and Bun's Buffer) supply it, Deno one that reads a C string (it may overwrite
   * `bytes[end]`: every caller's byte after the text is scratch); otherwise `ffi/strings.ts` picks a portable one.
   */
  decodeAscii?: (bytes: Uint8Array, start: number, end: number) => string;
  /** Optional: up to how many UTF-16 units ASCII input is encoded by a JS loop rather than encodeInto. */
  loopEncodeLimit?: number;
}

/** The ABI version this JavaScript was written against (`ADA_FFI_ABI_VERSION` in `native/ada_ffi.h`). */
export const EXPECTED_ABI_VERSION = 7;
