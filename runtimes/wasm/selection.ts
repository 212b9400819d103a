/**
 * Which backend a runtime entry loads: the native library through the runtime's FFI where it can be loaded, the
 * WebAssembly module (./binding.ts) where it cannot (Deno without --allow-ffi, a platform with no prebuilt library,
 * a library that fails to load). `ADA_FFI_BACKEND=native|wasm` forces one; a forced native library that cannot be
 * loaded throws the loader's own error, as does a library named by ADA_FFI_LIBRARY or an FFI named by ADA_FFI_NODE_FFI
 * (explicit choices). Used by the
 * Node, Deno and Bun entries; nativeLibrary().ffi tells which was loaded ("wasm" for the module).
 */
export const BACKEND_ENV = "ADA_FFI_BACKEND";

/** "native" or "wasm" when forced, undefined for the automatic choice. */
export type Backend = "native" | "wasm" | undefined;

/** The backend `value` (ADA_FFI_BACKEND's, undefined when unset or unreadable) asks for. */
export function backendFrom(value: string | undefined): Backend {
  if (value === undefined || value === "") return undefined;
  if (value === "native" || value === "wasm") return value;
  throw new Error(`ada-ffi: ${BACKEND_ENV} must be "native" or "wasm", not "${value}"`);
}

/**
 * Loads the native library with `loadNative` (it installs the binding), unless `backend` is "wasm"; where that throws
 * and neither `backend` nor `explicitLibrary` (ADA_FFI_LIBRARY or ADA_FFI_NODE_FFI is set) insists on native, loads the Wasm module with
 * `loadWasm` instead. When that fails too (an executable made by `bun build --compile` carries neither), the native
 * library's error is the one thrown: it says what to do.
 */
export function loadBackend(
  backend: Backend,
  explicitLibrary: boolean,
  loadNative: () => void,
  loadWasm: () => void,
): void {
  if (backend === "wasm") return loadWasm();
  try {
    loadNative();
  } catch (error) {
    if (backend === "native" || explicitLibrary) throw error;
    try {
      loadWasm();
    } catch {
      throw error;
    }
  }
}
