/**
 * The WebAssembly module of the C ABI (native/ada_ffi.h, "WebAssembly"; built by native/prebuild.mjs), instantiated
 * from its bytes or from the module already compiled, whichever way each entry gets the one file the package ships
 * (dist/runtimes/wasm/ada_ffi.wasm): read beside it (Node, Bun), imported (Deno, Workers) or fetched (browsers).
 * Standard WebAssembly and JavaScript only: this runs on every runtime, in browsers and in Workers.
 */

/**
 * The part of the WebAssembly JS API used here, typed locally: the Node build's TypeScript libraries (ES2024 and
 * Node's types) do not declare it, Deno's and browsers' do.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  Module: {
    new (bytes: Uint8Array): object;
    imports(module: object): { module: string; name: string; kind: string }[];
  };
  Instance: new (module: object, imports: object) => { exports: object };
  compile(bytes: ArrayBuffer): Promise<object>;
  compileStreaming?(response: Promise<unknown>): Promise<object>;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The module's exports (ada_ffi.h's functions take and return uint32, which Wasm sees as i32). */
export interface AdaFfiExports {
  memory: WasmMemory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  ada_ffi_abi_version(): number;
  ada_ffi_ada_version(out: number, cap: number): number;
  ada_ffi_block(block: number): number;
  ada_ffi_parse_many(
    inputs: number,
    lengths: number,
    count: number,
    base: number,
    baseLen: number,
    out: number,
    outCap: number,
    results: number,
  ): number;
}

/** WASI's errno ENOSYS: what every WASI import answers (no operation calls one; libc's stdio links them). */
const ENOSYS = 52;

/** The module's bytes (a file's contents), or the module compiled (a WebAssembly.Module). */
export type AdaFfiWasmSource = Uint8Array | object;

/**
 * A new, initialized instance of the module: from its bytes (compiled here, synchronously: the Node and Bun entries
 * must be importable with `require`), or already compiled (a WebAssembly.Module: what Deno's and Workers' imports of
 * the .wasm file give, and what fetchAdaFfiWasm gives browsers).
 */
export function instantiateAdaFfi(source: AdaFfiWasmSource): AdaFfiExports {
  const module = compileAdaFfi(source);
  const imports: Record<string, Record<string, () => number>> = {};
  for (const { module: from, name, kind } of Wasm.Module.imports(module)) {
    if (from !== "wasi_snapshot_preview1" || kind !== "function") {
      throw new Error(`ada-ffi: ada_ffi.wasm imports ${from}.${name} (${kind}), which this adapter does not provide`);
    }
    (imports[from] ??= {})[name] = () => ENOSYS;
  }
  const exports = new Wasm.Instance(module, imports).exports as unknown as AdaFfiExports;
  exports._initialize();
  return exports;
}

/** The module compiled: from its bytes (synchronously), or as it is when it already is a WebAssembly.Module. */
export function compileAdaFfi(source: AdaFfiWasmSource): object {
  // ArrayBuffer.isView, not instanceof: a Buffer from another realm (a `vm` context, Jest's) is bytes too.
  return ArrayBuffer.isView(source) ? new Wasm.Module(source as Uint8Array) : source;
}

/** What fetchAdaFfiWasm needs of fetch's Response (typed locally, as WebAssembly is). */
interface WasmResponse {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<ArrayBuffer>;
  clone(): WasmResponse;
}

/**
 * The module at `url`, fetched and compiled (browsers: compiling while it downloads where the server sends it as
 * application/wasm, from the whole body where it does not). A failed fetch or an HTTP error throws, naming the URL.
 */
export async function fetchAdaFfiWasm(url: URL): Promise<object> {
  const response = await (globalThis as unknown as { fetch(url: URL): Promise<WasmResponse> }).fetch(url);
  if (!response.ok) throw new Error(`ada-ffi: fetching ${url.href} answered HTTP ${response.status}`);
  if (typeof Wasm.compileStreaming === "function") {
    try {
      return await Wasm.compileStreaming(Promise.resolve(response.clone()));
    } catch {
      // Served with another Content-Type than application/wasm (a plain static server): compiled from the body below.
    }
  }
  return Wasm.compile(await response.arrayBuffer());
}
