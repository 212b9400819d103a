/**
 * The WebAssembly backend's code, as the package ships it: one module (tools/bundle_entries.mjs bundles tsc's output
 * in place) that the `ada-ffi/wasm` entries of Node (../node/wasm_entry.ts), Bun (../bun/wasm_entry.ts) and browsers (./entry.ts) import,
 * each then loading ada_ffi.wasm its own way and installing it. One bundle, not one per entry: a module loader pays for
 * every file at start-up, and the package carries the code once. Not an export of the package: the entries re-export
 * its public part (./public_api.ts).
 */
export * from "../../ffi/api.ts";
export { installWasmBinding } from "./binding.ts";
export { fetchAdaFfiWasm } from "./instance.ts";
