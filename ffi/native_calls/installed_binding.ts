/**
 * The runtime's native binding once its adapter has installed it (./install.ts), for every crossing to call.
 */
import type { NativeBinding } from "./binding.ts";

let native: NativeBinding | undefined;
let loaded = { path: "", ffi: "" };

/** Whether a binding is installed (./install.ts refuses a second one). */
export function hasInstalledBinding(): boolean {
  return native !== undefined;
}

/** Records the binding (./install.ts, after its ABI check). */
export function setInstalledBinding(binding: NativeBinding, libraryPath: string, ffi: string): void {
  native = binding;
  loaded = { path: libraryPath, ffi };
}

/** The installed binding; throws when no adapter installed one. */
export function binding(): NativeBinding {
  if (native === undefined) {
    throw new Error("ada-ffi: no native binding installed; import ada-ffi through its runtime entry point");
  }
  return native;
}

/**
 * Which native library this process loaded, and through which FFI: `"node:ffi"` or `"koffi"` (Node),
 * `"Deno.dlopen"`, `"bun:ffi"`. For diagnostics (which prebuilt copy? which Node FFI?).
 */
export function nativeLibrary(): { path: string; ffi: string } {
  binding();
  return { ...loaded };
}
