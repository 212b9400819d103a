/**
 * The WebAssembly module of the C ABI (native/ada_ffi.h, "WebAssembly"; built by native/prebuild.mjs), compiled and
 * instantiated synchronously from its bytes, which the caller brings (embedded base64: tools/embed_wasm.mjs).
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

/** Base64 to bytes: Uint8Array.fromBase64 where the engine has it, else atob (every runtime and browser has it). */
function decodeBase64(base64: string): Uint8Array {
  const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  if (typeof fromBase64 === "function") return fromBase64(base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A new, initialized instance of the module: from its bytes in base64 (compiled here), or already compiled (a
 * WebAssembly.Module, e.g. what an environment that refuses to compile bytes at run time, like Cloudflare's workerd,
 * hands over for an imported .wasm file). Synchronous (a module entry must be importable with `require`, and the
 * module's ~330 KB are well under the size browsers refuse to compile synchronously on their main thread).
 */
export function instantiateAdaFfi(source: string | object): AdaFfiExports {
  const module = typeof source === "string" ? new Wasm.Module(decodeBase64(source)) : source;
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
