/**
 * `ada-ffi/wasm` on Deno (from npm and from JSR): the WebAssembly backend, its module imported
 * (../wasm/ada_ffi_source.js): no permission needed, where reading the file would need --allow-read.
 * nativeLibrary().ffi is "wasm".
 */
import adaFfiWasm from "../wasm/ada_ffi_source.js";
import { installDenoWasm } from "./wasm_backend.ts";

installDenoWasm(adaFfiWasm);

export * from "../../ffi/api.ts";
