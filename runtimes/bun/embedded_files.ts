/**
 * The package's files as a bundle made by Bun carries them: `bun build --compile` (a single-file executable, its code
 * in a virtual file system, /$bunfs/ or B:/~BUN/) and `bun build --target bun` (a bundle in another folder) leave the
 * package behind, so the entry's lookups beside itself find nothing. Each file is also named here by a `require()` of
 * its path: Bun's bundler embeds such a file (its "file" loader) and the require returns where it put it, which
 * bun:ffi's dlopen and node:fs read as they read any file (Bun writes an embedded library out before it is opened).
 *
 * The branches test `process.platform` and `process.arch`, which `bun build --compile` replaces by its target's, so an
 * executable carries only its own platform's library (plus the musl or glibc twin on Linux, which no constant tells
 * apart, and the WebAssembly module: 0.7 + 0.7 + 0.3 MB in a ~100 MB executable).
 *
 * The paths are relative to the file as it ships, bundled into dist/runtimes/bun/ (tools/bundle_entries.mjs keeps
 * these requires as they are written). Only asked after the package's own files are not found: from the package as
 * installed, nothing is required, and a require that fails (run from the sources, or a file missing) is no answer.
 */

import type { readFileSync as ReadFileSync } from "node:fs";
import { readAdaFfiWasm } from "../node/wasm_file.ts";

/** Whether this code runs in an executable made by `bun build --compile`. */
export const inCompiledExecutable = import.meta.dir.startsWith("/$bunfs/") || import.meta.dir.startsWith("B:/~BUN/");

/** The native library a Bun bundle carries for `key` (native/prebuilds/<key>/), or undefined. */
export function embeddedNativeLibrary(key: string): string | undefined {
  const path = requireNativeLibrary(key);
  return typeof path === "string" ? besideBundle(path) : undefined;
}

/**
 * A required file's path as dlopen and node:fs need it: `bun build --target bun` gives one relative to the bundle
 * ("./libada_ffi-<hash>.so", copied beside it), which they would resolve against the working directory.
 */
function besideBundle(path: string): string {
  return path.startsWith("./") || path.startsWith("../") ? `${import.meta.dir}/${path}` : path;
}

function requireNativeLibrary(key: string): unknown {
  try {
    if (process.platform === "linux" && process.arch === "x64") {
      return key === "linux-x64-musl"
        ? require("../../../native/prebuilds/linux-x64-musl/libada_ffi.so")
        : require("../../../native/prebuilds/linux-x64-gnu/libada_ffi.so");
    }
    if (process.platform === "linux" && process.arch === "arm64") {
      return key === "linux-arm64-musl"
        ? require("../../../native/prebuilds/linux-arm64-musl/libada_ffi.so")
        : require("../../../native/prebuilds/linux-arm64-gnu/libada_ffi.so");
    }
    if (process.platform === "darwin" && process.arch === "arm64") {
      return require("../../../native/prebuilds/darwin-arm64/libada_ffi.dylib");
    }
    if (process.platform === "darwin" && process.arch === "x64") {
      return require("../../../native/prebuilds/darwin-x64/libada_ffi.dylib");
    }
    if (process.platform === "win32" && process.arch === "x64") {
      return require("../../../native/prebuilds/win32-x64/ada_ffi.dll");
    }
  } catch {
    // Not a bundle (a require of a library is no module): the lookup's own error stands.
  }
  return undefined;
}

/**
 * The WebAssembly module's bytes and path: the package's file beside the entry (../node/wasm_file.ts), else the copy a
 * Bun bundle carries (dist/runtimes/wasm/ada_ffi.wasm, required as the libraries are). Throws the package file's error
 * when neither can be read.
 */
export function readWasmOrEmbedded(entryUrl: string): { bytes: Uint8Array; path: string } {
  try {
    return readAdaFfiWasm(entryUrl);
  } catch (error) {
    let path: unknown;
    try {
      path = require("../wasm/ada_ffi.wasm");
    } catch {
      throw error;
    }
    if (typeof path !== "string") throw error;
    const file = besideBundle(path);
    const fs = (process as unknown as { getBuiltinModule(id: "node:fs"): { readFileSync: typeof ReadFileSync } })
      .getBuiltinModule("node:fs");
    return { bytes: fs.readFileSync(file), path: file };
  }
}
