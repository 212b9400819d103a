/**
 * `ada-ffi/wasm` on Node: the WebAssembly backend, its module read from the package's one copy (./wasm_file.ts) or a
 * single executable application's asset (./sea_asset.ts),
 * synchronously (`require("ada-ffi/wasm")` works), with Buffer's latin1 slice as the ASCII decoder, as Node's native
 * adapter has. Bun's (../bun/wasm_entry.ts) is the same plus a parse of canonical input with no call.
 * nativeLibrary().ffi is "wasm".
 */
import { installWasmBinding } from "../wasm/backend.ts";
import { decodeLatin1 } from "./latin1.ts";
import { readAdaFfiWasm } from "./wasm_file.ts";
import { seaWasm } from "./sea_asset.ts";

const { bytes, path } = seaWasm() ?? readAdaFfiWasm(import.meta.url);
installWasmBinding(bytes, { decodeAscii: decodeLatin1, libraryPath: path });

export * from "../wasm/public_api.ts";
