/**
 * What Deno's WebAssembly backend is installed with, as Deno's native adapter has it too: the copy loop up to
 * LOOP_ENCODE_LIMIT units and the Wasm ASCII writer into the kept block. Used by ./entry.ts where it falls back (no
 * --allow-ffi: into its own module graph) and by ./wasm_entry.ts (`ada-ffi/wasm`: into the bundled backend's).
 */
import type { WasmBindingOptions } from "../wasm/binding.ts";
import { LOOP_ENCODE_LIMIT } from "./encoding.ts";
import { WASM_WRITER_AFTER, wasmAsciiWriter } from "./wasm_ascii_writer.ts";

export function denoWasmOptions(): WasmBindingOptions {
  return {
    loopEncodeLimit: LOOP_ENCODE_LIMIT,
    keptBlockWriter: wasmAsciiWriter,
    keptBlockWriterAfter: WASM_WRITER_AFTER,
    libraryPath: "ada_ffi.wasm (imported)",
  };
}
