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
import { fileSize, readHead } from "./file_probe.ts";
import { installBinding } from "../ffi/protocol.ts";
import { decodeAsciiPortable } from "../ffi/strings.ts";

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));

const { library, path } = openNativeLibrary(
  {
    envPath: process.env[LIBRARY_ENV],
    packageRoot,
    platform: process.platform,
    arch: process.arch,
    readHead,
    fileSize,
  },
  (file) => koffi.load(file),
);

// void* for the block: koffi then passes the TypedArray's memory through without copying. One argument
// per call matters here: koffi spends tens of nanoseconds per argument.
const parseBlock = library.func("uint32_t ada_ffi_parse_block(void *)");
const canParseBlock = library.func("uint32_t ada_ffi_can_parse_block(void *)");
const setBlock = library.func("uint32_t ada_ffi_set_block(void *)");
const domainToAsciiBlock = library.func("uint32_t ada_ffi_domain_to_ascii_block(void *)");
const domainToUnicodeBlock = library.func("uint32_t ada_ffi_domain_to_unicode_block(void *)");
const parseMany = library.func(
  "uint32_t ada_ffi_parse_many(void *, void *, uint32_t, void *, uint32_t, void *, uint32_t, void *)",
);
const abiVersion = library.func("uint32_t ada_ffi_abi_version()");
const adaVersion = library.func("uint32_t ada_ffi_ada_version(void *, uint32_t)");

// Buffer's native latin1 slice decodes ASCII in one call; below a few dozen bytes fromCharCode wins.
const latin1Slice = Buffer.prototype.latin1Slice as (this: Uint8Array, start: number, end: number) => string;

const binding: NativeBinding = {
  abiVersion: () => abiVersion(),
  adaVersion: (out, cap) => adaVersion(out, cap),
  parseBlock: (block) => parseBlock(block),
  canParseBlock: (block) => canParseBlock(block),
  setBlock: (block) => setBlock(block),
  domainToAsciiBlock: (block) => domainToAsciiBlock(block),
  domainToUnicodeBlock: (block) => domainToUnicodeBlock(block),
  parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) =>
    parseMany(inputs, lengths, count, base, baseLen, out, outCap, results),
  decodeAscii: (bytes, start, end) =>
    end - start <= 32 ? decodeAsciiPortable(bytes, start, end) : latin1Slice.call(bytes, start, end),
};

installBinding(binding, path);

export * from "../ffi/api.ts";
