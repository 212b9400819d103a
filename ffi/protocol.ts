/**
 * The byte protocol of one crossing: encode the input into a reused buffer, call the native parser,
 * then reuse the input string (href unchanged) or decode the href it wrote. Components land in the
 * shared `components` array; callers copy what they need before the next call.
 *
 * Single-threaded by construction (one JS realm per buffer set), so the buffers are module state.
 */
import { EXPECTED_ABI_VERSION, type NativeBinding } from "./binding.ts";
import { decodeAsciiPortable, encodeUtf8Into, maxUtf8Length } from "./strings.ts";

/** Result codes of `ada_ffi_parse` (uint32 seen as a JS number). */
const INVALID = 0xffffffff;
const UNCHANGED = 0xfffffffe;

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

/** Buffers up to this size are kept for reuse; a larger input or href gets a buffer for that call only. */
const MAX_KEPT_BUFFER = 1 << 20;

/** Components of the last successful parse. */
export const components = new Int32Array(9);

let native: NativeBinding | undefined;
let decodeAscii: (bytes: Uint8Array, length: number) => string = decodeAsciiPortable;
let inputBuffer: Uint8Array = new Uint8Array(4096);
let baseBuffer: Uint8Array = new Uint8Array(1024);
let outputBuffer: Uint8Array = new Uint8Array(4096);

/**
 * Connects the protocol to a runtime's native binding. Called once by each runtime entry point.
 * Throws when the library's ABI version is not the one this code speaks.
 */
export function installBinding(binding: NativeBinding, libraryPath: string): void {
  const abi = binding.abiVersion();
  if (abi !== EXPECTED_ABI_VERSION) {
    throw new Error(
      `ada-ffi: ${libraryPath} implements ABI version ${abi}, but this JavaScript expects version ` +
        `${EXPECTED_ABI_VERSION}. Rebuild the native library from the same checkout (npm run build:native).`,
    );
  }
  native = binding;
  decodeAscii = binding.decodeAscii ?? decodeAsciiPortable;
}

function binding(): NativeBinding {
  if (native === undefined) {
    throw new Error("ada-ffi: no native binding installed; import ada-ffi through its runtime entry point");
  }
  return native;
}

/** A buffer of at least `size` bytes: the kept one (grown if needed), or a one-off for huge sizes. */
function inputScratch(size: number): Uint8Array {
  if (size <= inputBuffer.length) return inputBuffer;
  if (size > MAX_KEPT_BUFFER) return new Uint8Array(size);
  return (inputBuffer = new Uint8Array(grownSize(size)));
}

function baseScratch(size: number): Uint8Array {
  if (size <= baseBuffer.length) return baseBuffer;
  if (size > MAX_KEPT_BUFFER) return new Uint8Array(size);
  return (baseBuffer = new Uint8Array(grownSize(size)));
}

function outputScratch(size: number): Uint8Array {
  if (size <= outputBuffer.length) return outputBuffer;
  if (size > MAX_KEPT_BUFFER) return new Uint8Array(size);
  return (outputBuffer = new Uint8Array(grownSize(size)));
}

function grownSize(size: number): number {
  let n = 4096;
  while (n < size) n *= 2;
  return n;
}

/**
 * Parses `input` (against `base` when given). Returns the href, or null when the URL is invalid.
 * On success `components` holds the offsets into the returned href.
 */
export function parseHref(input: string, base: string | undefined): string | null {
  const lib = binding();
  const inBuf = inputScratch(maxUtf8Length(input));
  const inLen = encodeUtf8Into(input, inBuf);
  let out = outputBuffer;
  let result: number;
  if (base === undefined) {
    result = lib.parse(inBuf, inLen, out, out.length, components);
    if (result === UNCHANGED) return input;
    if (result === INVALID) return null;
    if (result > out.length) {
      out = outputScratch(result);
      result = lib.parse(inBuf, inLen, out, out.length, components);
    }
  } else {
    const baseBuf = baseScratch(maxUtf8Length(base));
    const baseLen = encodeUtf8Into(base, baseBuf);
    result = lib.parseWithBase(inBuf, inLen, baseBuf, baseLen, out, out.length, components);
    if (result === UNCHANGED) return input;
    if (result === INVALID) return null;
    if (result > out.length) {
      out = outputScratch(result);
      result = lib.parseWithBase(inBuf, inLen, baseBuf, baseLen, out, out.length, components);
    }
  }
  return decodeAscii(out, result);
}

/** True when `input` parses (against `base` when given). Writes nothing back. */
export function canParse(input: string, base: string | undefined): boolean {
  const lib = binding();
  const inBuf = inputScratch(maxUtf8Length(input));
  const inLen = encodeUtf8Into(input, inBuf);
  if (base === undefined) return lib.canParse(inBuf, inLen) === 1;
  const baseBuf = baseScratch(maxUtf8Length(base));
  return lib.canParseWithBase(inBuf, inLen, baseBuf, encodeUtf8Into(base, baseBuf)) === 1;
}

/** The bundled ada's version, e.g. "4.0.0". */
export function adaVersion(): string {
  const lib = binding();
  const n = lib.adaVersion(outputBuffer, outputBuffer.length);
  return decodeAscii(outputBuffer, n);
}
