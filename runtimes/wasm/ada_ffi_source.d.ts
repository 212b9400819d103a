/** ada_ffi.wasm, compiled (a WebAssembly.Module), by a source phase import: ./ada_ffi_source.js. */
declare const adaFfiWasm: object;
export default adaFfiWasm;
