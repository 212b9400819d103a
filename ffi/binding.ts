/**
 * The contract between the runtime-neutral code in `ffi/` and one runtime's adapter in `runtimes/`.
 *
 * An adapter opens the native library with its runtime's FFI and hands over the C functions of
 * `native/ada_ffi.h` as plain JavaScript functions, plus the cheapest ASCII decoder its runtime has.
 * Buffers are passed as the typed arrays themselves (every FFI here passes them zero-copy).
 */
export interface NativeBinding {
  /** `ada_ffi_abi_version()`. */
  abiVersion(): number;
  /** `ada_ffi_ada_version(out, cap)`: the bundled ada's version string length (written when it fits). */
  adaVersion(out: Uint8Array, cap: number): number;
  /** `ada_ffi_parse(input, len, out, cap, components)`. */
  parse(input: Uint8Array, inputLen: number, out: Uint8Array, outCap: number, components: Int32Array): number;
  /** `ada_ffi_parse_with_base(input, len, base, baseLen, out, cap, components)`. */
  parseWithBase(
    input: Uint8Array,
    inputLen: number,
    base: Uint8Array,
    baseLen: number,
    out: Uint8Array,
    outCap: number,
    components: Int32Array,
  ): number;
  /** `ada_ffi_can_parse(input, len)`: 1 or 0. */
  canParse(input: Uint8Array, inputLen: number): number;
  /** `ada_ffi_can_parse_with_base(input, len, base, baseLen)`: 1 or 0. */
  canParseWithBase(input: Uint8Array, inputLen: number, base: Uint8Array, baseLen: number): number;
  /**
   * Optional: decode `bytes[0..length)`, known to be ASCII, into a string. Runtimes with a native
   * latin1 slice (Node's and Bun's Buffer) supply it; otherwise `ffi/strings.ts` picks a portable one.
   */
  decodeAscii?: (bytes: Uint8Array, length: number) => string;
}

/** The ABI version this JavaScript was written against (`ADA_FFI_ABI_VERSION` in `native/ada_ffi.h`). */
export const EXPECTED_ABI_VERSION = 1;
