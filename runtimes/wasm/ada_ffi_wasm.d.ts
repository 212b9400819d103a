/**
 * What `import module from "./ada_ffi.wasm"` gives in Workers and workerd (./module_entry.ts): the compiled
 * WebAssembly.Module (typed as an object: the Node build's libraries do not declare WebAssembly).
 */
declare module "*.wasm" {
  const module: object;
  export default module;
}
