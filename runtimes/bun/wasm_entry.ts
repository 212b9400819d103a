/**
 * `ada-ffi/wasm` on Bun: the WebAssembly backend, its module read from the package's one copy (../node/wasm_file.ts)
 * or a bundle's (./embedded_files.ts), synchronously, installed with Bun's options (./wasm_options.ts).
 * nativeLibrary().ffi is "wasm".
 */
import { installWasmBinding } from "../wasm/backend.ts";
import { readWasmOrEmbedded } from "./embedded_files.ts";
import { bunWasmOptions } from "./wasm_options.ts";

const { bytes, path } = readWasmOrEmbedded(import.meta.url);
installWasmBinding(bytes, bunWasmOptions(path));

export * from "../wasm/public_api.ts";
