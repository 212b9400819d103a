// @ts-self-types="./ada_ffi_source.d.ts"
// ada_ffi.wasm, compiled, by a source phase import: what Deno's entries load it with (runtimes/deno/entry.ts, wasm_entry.ts).
// An import needs no permission where reading the file would need --allow-read; the module is compiled, not
// instantiated (its WASI imports are ./instance.ts's to provide). JavaScript, not TypeScript: tsc cannot parse this
// syntax yet, so the build copies this file into dist/ as it is. Needs a Deno with source phase imports (2.9 has them).
import source adaFfiWasm from "./ada_ffi.wasm";

export default adaFfiWasm;
