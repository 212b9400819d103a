/**
 * Bun entry point: loads the native library with bun:ffi; where it cannot be loaded, the WebAssembly module
 * (runtimes/wasm/selection.ts).
 */
import { dlopen, FFIType } from "bun:ffi";
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { LIBRARY_ENV, LoaderUnavailableError, openNativeLibrary } from "../../ffi/native_calls/library_location.ts";
import { bunLibc, fileSize, readHead } from "./file_probe.ts";
import { installBinding } from "../../ffi/native_calls/install.ts";
import { addBunSearchParamsMembers } from "./interop.ts";
import { decodeLatin1 } from "../node/latin1.ts";
import { embeddedNativeLibrary, inCompiledExecutable, readWasmOrEmbedded } from "./embedded_files.ts";
import { bunWasmOptions } from "./wasm_options.ts";
import { isURLSearchParams, URLSearchParams } from "../../ffi/url/url_search_params.ts";
import { paramsInvalidThisError } from "../../ffi/url/search_params_wording.ts";
import { installWasmBinding } from "../wasm/binding.ts";
import { BACKEND_ENV, backendFrom, loadBackend } from "../wasm/selection.ts";

const { ptr, u32 } = FFIType;
// Typed arrays are passed themselves, never a cached ptr(): a small array's storage can move when
// JSC tiers up, leaving a stale pointer (Bun issue #32054).
const symbols = {
  ada_ffi_abi_version: { args: [], returns: u32 },
  ada_ffi_ada_version: { args: [ptr, u32], returns: u32 },
  ada_ffi_block: { args: [ptr], returns: u32 },
  ada_ffi_parse_many: { args: [ptr, ptr, u32, ptr, u32, ptr, u32, ptr], returns: u32 },
} as const;

/** Opens the native library and installs it (throws when it cannot be loaded). */
function loadNative(): void {
  const { library, path } = openNativeLibrary(
    {
      envPath: process.env[LIBRARY_ENV],
      // This file runs bundled into dist/runtimes/bun/entry.js (tools/bundle_entries.mjs), as the package ships it, and
      // from source (`bun cli/bun.ts`).
      packageRoot: import.meta.dir.replace(/[\\/]dist[\\/]runtimes[\\/]bun$|[\\/]runtimes[\\/]bun$/, ""),
      platform: process.platform,
      arch: process.arch,
      libc: bunLibc(),
      readHead,
      fileSize,
      // A bundle (`bun build --compile` or `--target bun`) carries the library elsewhere: ./embedded_files.ts.
      embedded: embeddedNativeLibrary,
      hint: inCompiledExecutable
        ? `This is an executable made by \`bun build --compile\`, which carries no native library for this ` +
          `platform: ship one beside it and set ${LIBRARY_ENV} to its path.`
        : undefined,
    },
    (file) => {
      try {
        return dlopen(file, symbols);
      } catch (error) {
        // Not the library's fault: bun:ffi compiles its calls, and this process runs without the JIT.
        if (/requires the JIT/.test((error as Error)?.message)) {
          throw new LoaderUnavailableError(
            "ada-ffi: bun:ffi needs Bun's JIT, and this process runs without it (BUN_JSC_useJIT=0?): run Bun with " +
              "its JIT on.",
            { cause: error },
          );
        }
        throw error;
      }
    },
  );

  const { ada_ffi_abi_version, ada_ffi_ada_version, ada_ffi_parse_many, ada_ffi_block } = library.symbols;

  const binding: NativeBinding = {
    abiVersion: () => ada_ffi_abi_version(),
    adaVersion: (out, cap) => ada_ffi_ada_version(out, cap),
    // Every block call, by its typed array (ffi/native_calls/block_address.ts: passing an address gains nothing on Bun).
    block: (block) => ada_ffi_block(block),
    parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) =>
      ada_ffi_parse_many(inputs, lengths, count, base, baseLen, out, outCap, results),
    decodeAscii: decodeLatin1, // Buffer's latin1 slice, as on Node
  };

  installBinding(binding, path, "bun:ffi");
}

/**
 * The WebAssembly module instead (runtimes/wasm/selection.ts says when), read from the package's file only now
 * (../node/wasm_file.ts: dist/runtimes/wasm/ada_ffi.wasm, or the build's copy in runtimes/wasm/ run from the sources),
 * or the copy a bundle carries (./embedded_files.ts).
 */
function loadWasm(): void {
  const { bytes, path } = readWasmOrEmbedded(import.meta.url);
  installWasmBinding(bytes, bunWasmOptions(path));
}

loadBackend(backendFrom(process.env[BACKEND_ENV]), !!process.env[LIBRARY_ENV], loadNative, loadWasm);

addBunSearchParamsMembers(URLSearchParams, isURLSearchParams, paramsInvalidThisError);

export * from "../../ffi/api.ts";
