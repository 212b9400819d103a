/**
 * Deno entry point: loads the native library with Deno.dlopen, with --allow-ffi (and --allow-env only if you want
 * $ADA_FFI_LIBRARY or $ADA_FFI_BACKEND honoured); without FFI permission, or where the library cannot be loaded, the
 * WebAssembly module (runtimes/wasm/selection.ts). Imported from JSR, it finds the prebuilt library in the npm package
 * of the same version (npm:ada-ffi), which Deno fetches on first use.
 */
import "./wasm_kept_block.ts"; // first: before ffi/native_calls/kept_block.ts allocates the kept block
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { blockCaller, keptBlockAddress, keptBlockCaller } from "../../ffi/native_calls/block_address.ts";
import { LIBRARY_ENV, LoaderUnavailableError, openNativeLibrary } from "../../ffi/native_calls/library_location.ts";
import { installBinding } from "../../ffi/native_calls/install.ts";
import { cStringDecoder, decodeAsciiPortable } from "../../ffi/native_calls/strings.ts";
import { keptBlockInWasmMemory, WASM_WRITER_AFTER, wasmAsciiWriter } from "./wasm_ascii_writer.ts";
import { LOOP_ENCODE_LIMIT } from "./encoding.ts";
import { setInvalidUrlMessage } from "../../ffi/builtins/errors.ts";
import { URLSearchParams } from "../../ffi/url/url_search_params.ts";
import { NPM_PACKAGE_VERSION } from "./npm_package.ts";
import { installWasmBinding } from "../wasm/binding.ts";
import { denoWasmOptions } from "./wasm_options.ts";
import { BACKEND_ENV, backendFrom } from "../wasm/selection.ts";

// Only buffer, f64 and 32-bit parameters/results: Deno turns such symbols into V8 fast calls. The kept call block
// goes by its address as a double (ffi/native_calls/block_address.ts: 4 vs 9 ns per empty call), any other as a buffer.
const symbols = {
  ada_ffi_abi_version: { parameters: [], result: "u32" },
  ada_ffi_ada_version: { parameters: ["buffer", "u32"], result: "u32" },
  ada_ffi_block: { parameters: ["buffer"], result: "u32" },
  ada_ffi_block_at: { parameters: ["f64"], result: "u32" },
  ada_ffi_parse_many: {
    parameters: ["buffer", "buffer", "u32", "buffer", "u32", "buffer", "u32", "buffer"],
    result: "u32",
  },
} as const;

// Reading the variable needs --allow-env; without it we must not prompt or throw, just not look (and say so
// in the not-found error).
const envReadable = Deno.permissions.querySync({ name: "env", variable: LIBRARY_ENV }).state === "granted";
const backend = backendFrom(
  Deno.permissions.querySync({ name: "env", variable: BACKEND_ENV }).state === "granted"
    ? Deno.env.get(BACKEND_ENV)
    : undefined,
);

/** The package root, given the folder of a module in runtimes/deno/ (a checkout) or dist/runtimes/deno/ (npm). */
function rootAbove(here: string): string {
  const parent = (dir: string) => dir.replace(/[\\/][^\\/]*$/, "");
  const runtimes = parent(here);
  return /[\\/]dist[\\/]runtimes$/.test(runtimes) ? parent(parent(runtimes)) : parent(runtimes);
}

/**
 * The package root: this file's (runtimes/deno/entry.ts in a checkout, dist/runtimes/deno/entry.js in the npm
 * package); for a module imported over the network (JSR), the npm package's, as Deno has it on disk.
 */
async function packageRoot(): Promise<string | undefined> {
  // import.meta.dirname: only for a module on disk. Not node:url's fileURLToPath: loading Deno's node:url costs
  // ~3.6 ms of start-up.
  const here = import.meta.dirname;
  if (here !== undefined) return rootAbove(here);
  // Built at run time, so that `deno check` and the JSR publish step do not fetch it: only an import of this entry
  // over the network, with no library beside it, does.
  const specifier = ["npm:ada-ffi@", NPM_PACKAGE_VERSION, "/package-location"].join("");
  try {
    const { packageModuleUrl } = await import(specifier);
    const url = new URL(packageModuleUrl);
    if (url.protocol !== "file:") return undefined;
    return rootAbove(decodeURIComponent(url.pathname.replace(/\/[^/]*$/, "")).replace(/^\/([A-Za-z]:)/, "$1"));
  } catch {
    return undefined; // not reachable (offline, no npm access): the not-found error then says what to do
  }
}

const ARCH: Record<string, string> = { x86_64: "x64", aarch64: "arm64" };
const PLATFORM: Record<string, string> = { linux: "linux", darwin: "darwin", windows: "win32" };

function open(path: string) {
  try {
    return Deno.dlopen(path, symbols);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      throw new LoaderUnavailableError(
        "ada-ffi needs FFI permission: run Deno with --allow-ffi (for example `deno run --allow-ffi main.ts`).",
        { cause: error },
      );
    }
    throw error;
  }
}

function fileSize(file: string): number | undefined {
  try {
    return Deno.statSync(file).size;
  } catch {
    return undefined;
  }
}

/** The first bytes of a file (only with read permission): what a library that does not load is, and the libc. */
function readHead(file: string, length = 64): Uint8Array | undefined {
  if (Deno.permissions.querySync({ name: "read", path: file }).state !== "granted") return undefined;
  try {
    using handle = Deno.openSync(file, { read: true });
    const head = new Uint8Array(length);
    return head.subarray(0, handle.readSync(head) ?? 0);
  } catch {
    return undefined;
  }
}

/**
 * Opens the native library and installs it (throws when it cannot be loaded). Without FFI permission (not granted:
 * Deno would refuse or prompt), the automatic choice does not try it (runtimes/wasm/selection.ts).
 */
async function loadNative(): Promise<void> {
  if (backend === undefined && Deno.permissions.querySync({ name: "ffi" }).state !== "granted") {
    throw new LoaderUnavailableError("no FFI permission");
  }
  const envPath = envReadable ? Deno.env.get(LIBRARY_ENV) : undefined;
  const { library, path } = openNativeLibrary({
    envPath,
    envReadable,
    // $ADA_FFI_LIBRARY first: then the npm package is not even looked up.
    packageRoot: envPath ? undefined : await packageRoot(),
    platform: PLATFORM[Deno.build.os] ?? Deno.build.os,
    arch: ARCH[Deno.build.arch] ?? Deno.build.arch,
    // Deno knows the libc it was built for; reading /proc/self/exe would need --allow-all.
    libc: Deno.build.env === "musl" ? "musl" : Deno.build.env === "gnu" ? "gnu" : undefined,
    readHead,
    fileSize,
  }, open);
  installBinding(nativeBinding(library), path, "Deno.dlopen");
}

/** Past this, a buffer decoded from is not held for its pointer (see decodeAscii). */
const POINTED_KEEP_LIMIT = 4 * 1024 * 1024;

/** The library's functions as a NativeBinding. */
function nativeBinding(library: Deno.DynamicLibrary<typeof symbols>): NativeBinding {
  /**
   * Deno has no latin1 slice, but its FFI reads a NUL-terminated string at a pointer natively: ~40 ns for 8-75
   * bytes, against TextDecoder's ~99 and String.fromCharCode.apply's 50-195. A pointer costs ~190 ns to get: the last
   * buffer's is kept (the call block, in practice), unless it is larger than any buffer kept for reuse (a block made
   * for one huge URL: holding it kept 48 MiB for a 16 MiB href, issue 36).
   */
  let pointedBytes: Uint8Array | undefined;
  let pointer: Deno.PointerValue = null;
  const decodeAscii = cStringDecoder(() => true, (bytes, start) => {
    if (bytes !== pointedBytes) {
      if (bytes.length > POINTED_KEEP_LIMIT) {
        return Deno.UnsafePointerView.getCString(Deno.UnsafePointer.of(bytes)!, start);
      }
      pointer = Deno.UnsafePointer.of(bytes);
      pointedBytes = bytes;
    }
    return Deno.UnsafePointerView.getCString(pointer!, start);
  }, decodeAsciiPortable);

  // Symbols in local consts, each called from one monomorphic wrapper: keeps the fast-call path.
  const { ada_ffi_abi_version, ada_ffi_ada_version, ada_ffi_parse_many, ada_ffi_block, ada_ffi_block_at } =
    library.symbols;
  const address = keptBlockAddress((target) => Deno.UnsafePointer.value(Deno.UnsafePointer.of(target)));
  const byAddress = (address: number) => ada_ffi_block_at(address);
  const byPointer = (target: Uint8Array) => ada_ffi_block(target);

  return {
    abiVersion: () => ada_ffi_abi_version(),
    adaVersion: (out, cap) => ada_ffi_ada_version(out, cap),
    loopEncodeLimit: LOOP_ENCODE_LIMIT,
    block: blockCaller(address, byAddress, byPointer),
    blockKept: keptBlockCaller(address, byAddress, byPointer),
    parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) =>
      ada_ffi_parse_many(inputs, lengths, count, base, baseLen, out, outCap, results),
    decodeAscii,
    keptBlockWriter: keptBlockInWasmMemory() ? wasmAsciiWriter : undefined,
    keptBlockWriterAfter: WASM_WRITER_AFTER,
  };
}

/**
 * The WebAssembly module instead (runtimes/wasm/selection.ts says when), imported only now: in the static import graph
 * it would be read and compiled at every start-up. Needs no permission (an import, not a file read).
 */
async function loadWasm(): Promise<void> {
  const { default: adaFfiWasm } = await import("../wasm/ada_ffi_source.js");
  installWasmBinding(adaFfiWasm, denoWasmOptions());
}

// loadBackend (runtimes/wasm/selection.ts), written out for the two asynchronous loaders.
if (backend === "wasm") await loadWasm();
else {
  try {
    await loadNative();
  } catch (error) {
    if (backend === "native" || (envReadable && Deno.env.get(LIBRARY_ENV))) throw error;
    await loadWasm().catch(() => {
      throw error;
    });
  }
}

// Deno's own wording of the invalid-URL error (still a TypeError with code ERR_INVALID_URL).
setInvalidUrlMessage((input, base) =>
  base === undefined ? `Invalid URL: '${input}'` : `Invalid URL: '${input}' with base '${base}'`
);

// Our classes inherit Deno's prototypes (ffi/builtins/interop.ts). Deno's console prefers its private inspect hook,
// which Deno's URL implements with public getters (so our URL prints as Deno's does) but its
// URLSearchParams with a brand check: ours answers with its own view, in Deno's quoting.
const privateCustomInspect = Symbol.for("Deno.privateCustomInspect");
const nodeInspect = Symbol.for("nodejs.util.inspect.custom");
Object.defineProperty(URLSearchParams.prototype, privateCustomInspect, {
  value: function (
    this: { [nodeInspect]: (depth: number, options: unknown, inspect: unknown) => string },
    inspect: unknown,
    options: unknown,
  ) {
    return this[nodeInspect](1, options, inspect);
  },
  configurable: true,
  writable: true,
});

export * from "../../ffi/api.ts";
