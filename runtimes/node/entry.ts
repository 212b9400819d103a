/**
 * Node.js entry point. Loads the native library with `node:ffi` where this Node has it (26; runtimes/node/node_ffi.ts)
 * and with koffi elsewhere (20, 22, 24; runtimes/node/koffi.ts). `ADA_FFI_NODE_FFI=koffi` forces koffi,
 * `ADA_FFI_NODE_FFI=node:ffi` requires node:ffi. Where no native library can be loaded, the WebAssembly module
 * (runtimes/wasm/; `ADA_FFI_BACKEND=native|wasm` forces one: runtimes/wasm/selection.ts). Runs as compiled JavaScript from dist/runtimes/node/entry.js (so
 * the package root is three levels up).
 */
// `process` and `Buffer` are Node's globals: ESM imports of node:process and node:buffer cost ~1 ms at start-up.
import { fileURLToPath } from "node:url";
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { LIBRARY_ENV, LoaderUnavailableError, openNativeLibrary } from "../../ffi/native_calls/library_location.ts";
import { installBinding } from "../../ffi/native_calls/install.ts";
import { fileSize, readHead } from "./file_probe.ts";
import { decodeLatin1 } from "./latin1.ts";
import { readAdaFfiWasm } from "./wasm_file.ts";
import { inSea, SEA_WASM_ASSET, seaWasm } from "./sea_asset.ts";
import { loadNodeFfi, openWithNodeFfi } from "./node_ffi.ts";
import { koffiInstalled, openWithKoffi } from "./koffi.ts";
import { installWasmBinding } from "../wasm/binding.ts";
import { BACKEND_ENV, backendFrom, loadBackend } from "../wasm/selection.ts";

// globalThis.URL, spelled out: this file is bundled with ffi/url/url.ts (tools/bundle_entries.mjs), and a bare global
// `URL` here would make the bundler rename our class (its `name` would read "URL2").
// Undefined where this module was bundled into a script with no URL of its own (a single executable application's).
const packageRoot = typeof import.meta.url === "string"
  ? fileURLToPath(new globalThis.URL("../../../", import.meta.url))
  : undefined;

// Every href is decoded with Buffer's latin1 slice (./latin1.ts) but one node:ffi reads in the kept block's text area
// (./node_ffi.ts).

/**
 * Which FFI: `node:ffi` unless told otherwise or missing (`nativeLibrary().ffi` tells which), except in a worker
 * thread, which takes koffi when it is installed. Node 26.10's node:ffi crashes the process (a V8 fatal error,
 * "unreachable code", in TurboFan's fast-call lowering, or a segfault) once Workers that use it start and end
 * over and over: 4 Workers at a time, 10 rounds, crashed 25-40% of runs, every run with --no-maglev; never with
 * koffi in the Workers, the main thread keeping node:ffi, nor with --no-turbo-fast-api-calls. Not ours: the same
 * happens with no ada-ffi at all, 4 Workers x 10 rounds each calling libm's sqrt through node:ffi from a function
 * (4 of 6 runs with --no-maglev). `ADA_FFI_NODE_FFI=node:ffi` still asks for node:ffi everywhere.
 */
function chooseFfi(): { name: "node:ffi" | "koffi"; open: (path: string) => NativeBinding } {
  const wanted = process.env.ADA_FFI_NODE_FFI;
  if (wanted !== undefined && wanted !== "" && wanted !== "koffi" && wanted !== "node:ffi") {
    throw new Error(`ada-ffi: ADA_FFI_NODE_FFI must be "node:ffi" or "koffi", not "${wanted}"`);
  }
  const ffi = wanted === "koffi" ? undefined : loadNodeFfi();
  if (ffi !== undefined && wanted !== "node:ffi" && !isMainThread()) {
    if (koffiInstalled()) return { name: "koffi", open: openWithKoffi };
    // Not silently: the user learns why a Worker may crash, and how to choose (each Worker loads its own copy).
    process.emitWarning(
      "ada-ffi: koffi is not installed, so this Worker uses node:ffi, which crashes Node 26.10 when Workers that " +
        "use it start and end over and over. Install koffi (`npm install koffi`) for Workers, or set " +
        "ADA_FFI_NODE_FFI=node:ffi to choose node:ffi (and silence this warning).",
      { code: "ADA_FFI_WORKER_NODE_FFI" },
    );
  }
  if (ffi !== undefined) return { name: "node:ffi", open: (path) => openWithNodeFfi(ffi, path, decodeLatin1) };
  if (wanted === "node:ffi") {
    throw new LoaderUnavailableError(
      `ada-ffi: ADA_FFI_NODE_FFI=node:ffi, but this Node (${process.version}) has no node:ffi ` +
        "(it needs Node >= 26, without --no-experimental-ffi).",
    );
  }
  return { name: "koffi", open: openWithKoffi };
}

/**
 * Whether this is the main thread. Loading node:worker_threads costs the main thread ~0.9 ms of start-up (Node 26),
 * and every Worker has it loaded before user code runs (Node's worker bootstrap, seen on 20-26): where Node's module
 * list (`process.moduleLoadList`, long-standing but undocumented) says it is not loaded, this is the main thread;
 * otherwise the module says. Were a later Node to stop loading it in Workers, they would take node:ffi again, and
 * test/suites/loading.ts's Worker tests would say so.
 */
function isMainThread(): boolean {
  const loaded = (process as { moduleLoadList?: unknown }).moduleLoadList;
  if (Array.isArray(loaded) && !loaded.includes("NativeModule worker_threads")) return true;
  return (process as unknown as {
    getBuiltinModule(id: "node:worker_threads"): typeof import("node:worker_threads");
  }).getBuiltinModule("node:worker_threads").isMainThread;
}

/** Opens the native library and installs it (throws when it cannot be loaded). */
function loadNative(): void {
  const chosen = chooseFfi();
  const { library, path } = openNativeLibrary(
    {
      envPath: process.env[LIBRARY_ENV],
      packageRoot,
      platform: process.platform,
      arch: process.arch,
      readHead,
      fileSize,
      hint: inSea()
        ? `This is a single executable application, which cannot load the native library: add ada-ffi's ` +
          `dist/runtimes/wasm/ada_ffi.wasm to sea-config.json's "assets" as "${SEA_WASM_ASSET}" (docs/platforms.md).`
        : undefined,
    },
    chosen.open,
  );
  installBinding({ ...library, decodeAscii: library.decodeAscii ?? decodeLatin1 }, path, chosen.name);
}

/**
 * The WebAssembly module instead (runtimes/wasm/selection.ts says when), read from the package's file only now
 * (./wasm_file.ts; `require` of this entry stays synchronous), or a single executable application's asset
 * (./sea_asset.ts).
 */
function loadWasm(): void {
  const { bytes, path } = seaWasm() ?? readAdaFfiWasm(import.meta.url);
  installWasmBinding(bytes, { decodeAscii: decodeLatin1, libraryPath: path });
}

// A library or an FFI named by the user is an explicit choice: its errors stand, with no fallback.
loadBackend(
  backendFrom(process.env[BACKEND_ENV]),
  !!process.env[LIBRARY_ENV] || !!process.env.ADA_FFI_NODE_FFI,
  loadNative,
  loadWasm,
);

export * from "../../ffi/api.ts";
