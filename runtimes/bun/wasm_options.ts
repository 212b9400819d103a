/**
 * What Bun's WebAssembly backend is installed with, by `ada-ffi/wasm` (./wasm_entry.ts: into the bundled backend's
 * modules) and by ./entry.ts where it falls back (into its own): Buffer's latin1 slice as the ASCII decoder, as Bun's
 * native adapter has, and canonical input parsed with no call (NativeBinding.parseCanonicalInJs): a call into
 * JavaScriptCore's Wasm costs ~135 ns a URL, more than the scan (on V8 the call is the cheaper, so Node does not ask).
 */
import type { WasmBindingOptions } from "../wasm/binding.ts";
import { decodeLatin1 } from "../node/latin1.ts";

export function bunWasmOptions(libraryPath: string): WasmBindingOptions {
  return { decodeAscii: decodeLatin1, parseCanonicalInJs: true, libraryPath };
}
