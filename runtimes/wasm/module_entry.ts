/**
 * `ada-ffi/wasm/module`: the WebAssembly backend where WebAssembly cannot be compiled from bytes at run time but a
 * `.wasm` file can be imported as a compiled module: Cloudflare Workers and workerd ("Wasm code generation disallowed
 * by embedder" is what compiling bytes gets there). The module comes from `import ... from "./ada_ffi.wasm"`
 * (dist/runtimes/wasm/ada_ffi.wasm, copied there by tools/bundle_entries.mjs), which wrangler bundles as a
 * CompiledWasm module and a workerd config lists as a `wasm` module. nativeLibrary().ffi is "wasm". Not for Node, Deno
 * or Bun (their `.wasm` imports instantiate the module instead): they take `ada-ffi/wasm`.
 */
import adaFfiWasm from "./ada_ffi.wasm";
import { installWasmBinding } from "./binding.ts";

installWasmBinding(adaFfiWasm, { libraryPath: "ada_ffi.wasm (imported)" });

export * from "../../ffi/api.ts";
