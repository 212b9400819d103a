/**
 * Deno's WebAssembly backend: the module (compiled by an import, ../wasm/ada_ffi_source.js) installed with what Deno's
 * native adapter brings too: the copy loop up to LOOP_ENCODE_LIMIT units and the Wasm ASCII writer into the kept
 * block. Used by ./entry.ts where it falls back (no --allow-ffi) and by ./wasm_entry.ts (`ada-ffi/wasm`).
 */
import { installWasmBinding } from "../wasm/binding.ts";
import { LOOP_ENCODE_LIMIT } from "./encoding.ts";
import { WASM_WRITER_AFTER, wasmAsciiWriter } from "./wasm_ascii_writer.ts";

/** Instantiates `adaFfiWasm` (a compiled WebAssembly.Module of ada_ffi.wasm) and installs it as the binding. */
export function installDenoWasm(adaFfiWasm: object): void {
  installWasmBinding(adaFfiWasm, {
    loopEncodeLimit: LOOP_ENCODE_LIMIT,
    keptBlockWriter: wasmAsciiWriter,
    keptBlockWriterAfter: WASM_WRITER_AFTER,
    libraryPath: "ada_ffi.wasm (imported)",
  });
}
