/**
 * `ada-ffi/wasm` in browsers (and any engine with fetch that the other conditions do not name): the WebAssembly
 * backend, its module fetched from beside this file (dist/runtimes/wasm/ada_ffi.wasm; a bundler must copy that
 * `new URL("./ada_ffi.wasm", import.meta.url)` asset), by a top-level await. Standard WebAssembly and
 * JavaScript only, relative imports only: a browser imports it from a static server as it is. Node
 * (../node/wasm_entry.ts), Bun (../bun/wasm_entry.ts), Deno (../deno/wasm_entry.ts) and Workers (./module_entry.ts) load the same file their own
 * way. nativeLibrary().ffi is "wasm".
 */
import { fetchAdaFfiWasm, installWasmBinding } from "./backend.ts";

const file = new URL("./ada_ffi.wasm", import.meta.url);
installWasmBinding(await fetchAdaFfiWasm(file), { libraryPath: file.href });

export * from "./public_api.ts";
