/**
 * `ada-ffi/wasm` on Node and Bun: the WebAssembly backend, its module read from the package's one copy
 * (./wasm_file.ts), synchronously (`require("ada-ffi/wasm")` works), with Buffer's latin1 slice as the ASCII decoder,
 * as their native adapters have. nativeLibrary().ffi is "wasm".
 */
import { installWasmBinding } from "../wasm/backend.ts";
import { decodeLatin1 } from "./latin1.ts";
import { readAdaFfiWasm } from "./wasm_file.ts";

const { bytes, path } = readAdaFfiWasm(import.meta.url);
installWasmBinding(bytes, { decodeAscii: decodeLatin1, libraryPath: path });

export * from "../wasm/public_api.ts";
