/**
 * `ada-ffi/wasm` on Bun: the WebAssembly backend, its module read from the package's one copy (../node/wasm_file.ts),
 * synchronously, with Buffer's latin1 slice as the ASCII decoder, and canonical input parsed with no call
 * (NativeBinding.parseCanonicalInJs): a call into JavaScriptCore's Wasm costs ~135 ns a URL, more than the scan (on V8
 * the call is the cheaper, so Node's entry does not ask). nativeLibrary().ffi is "wasm".
 */
import { installWasmBinding } from "../wasm/backend.ts";
import { decodeLatin1 } from "../node/latin1.ts";
import { readAdaFfiWasm } from "../node/wasm_file.ts";

const { bytes, path } = readAdaFfiWasm(import.meta.url);
installWasmBinding(bytes, { decodeAscii: decodeLatin1, parseCanonicalInJs: true, libraryPath: path });

export * from "../wasm/public_api.ts";
