/**
 * `ada-ffi/wasm` on Deno (from npm and from JSR): the WebAssembly backend, its module imported
 * (../wasm/ada_ffi_source.js): no permission needed, where reading the file would need --allow-read. From npm it is
 * the bundled backend (dist/runtimes/wasm/backend.js), a module graph of its own beside `ada-ffi`'s; from JSR's
 * TypeScript sources the two share ffi/, so a program takes one of them (installing a second backend there throws).
 * nativeLibrary().ffi is "wasm".
 */
import adaFfiWasm from "../wasm/ada_ffi_source.js";
import { installWasmBinding } from "../wasm/backend.ts";
import { denoWasmOptions } from "./wasm_options.ts";

installWasmBinding(adaFfiWasm, denoWasmOptions());

export * from "../wasm/public_api.ts";
