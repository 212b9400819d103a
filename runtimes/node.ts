/**
 * Node.js entry point: loads the native library with koffi. Runs as compiled JavaScript from
 * dist/runtimes/node.js (so the package root is two levels up).
 */
import { Buffer } from "node:buffer";
import process from "node:process";
import { fileURLToPath } from "node:url";
import koffi from "koffi";
import type { NativeBinding } from "../ffi/binding.ts";
import { LIBRARY_ENV, openNativeLibrary } from "../ffi/library_location.ts";
import { installBinding } from "../ffi/protocol.ts";
import { decodeAsciiPortable } from "../ffi/strings.ts";

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

const { library, path } = openNativeLibrary(
  { envPath: process.env[LIBRARY_ENV], packageRoot, platform: process.platform, arch: process.arch },
  (file) => koffi.load(file),
);

// void* for every buffer: koffi then passes a TypedArray's memory through without copying or checks.
const parse = library.func("uint32_t ada_ffi_parse(void *, uint32_t, void *, uint32_t, void *)");
const parseWithBase = library.func(
  "uint32_t ada_ffi_parse_with_base(void *, uint32_t, void *, uint32_t, void *, uint32_t, void *)",
);
const canParse = library.func("uint32_t ada_ffi_can_parse(void *, uint32_t)");
const canParseWithBase = library.func("uint32_t ada_ffi_can_parse_with_base(void *, uint32_t, void *, uint32_t)");
const abiVersion = library.func("uint32_t ada_ffi_abi_version()");
const adaVersion = library.func("uint32_t ada_ffi_ada_version(void *, uint32_t)");

// Buffer's native latin1 slice decodes ASCII in one call; below a few dozen bytes fromCharCode wins.
const latin1Slice = Buffer.prototype.latin1Slice as (this: Uint8Array, start: number, end: number) => string;

const binding: NativeBinding = {
  abiVersion: () => abiVersion(),
  adaVersion: (out, cap) => adaVersion(out, cap),
  parse: (input, inputLen, out, outCap, components) => parse(input, inputLen, out, outCap, components),
  parseWithBase: (input, inputLen, base, baseLen, out, outCap, components) =>
    parseWithBase(input, inputLen, base, baseLen, out, outCap, components),
  canParse: (input, inputLen) => canParse(input, inputLen),
  canParseWithBase: (input, inputLen, base, baseLen) => canParseWithBase(input, inputLen, base, baseLen),
  decodeAscii: (bytes, length) => length <= 32 ? decodeAsciiPortable(bytes, length) : latin1Slice.call(bytes, 0, length),
};

installBinding(binding, path);

export * from "../ffi/api.ts";
