/**
 * Where a runtime's adapter hands over its native binding (runtimes/<runtime>/entry.ts), and what the library says of
 * itself: its ABI version (checked here) and the bundled ada's version.
 */
import { EXPECTED_ABI_VERSION, type NativeBinding } from "./binding.ts";
import { BLOCK_TEXT } from "./call_block.ts";
import { binding, hasInstalledBinding, nativeLibrary, setInstalledBinding } from "./installed_binding.ts";
import { blockOfSize, configureKeptBlock, decodeHrefs } from "./kept_block.ts";
import { BUILD_COMMAND } from "./library_location.ts";

/**
 * Throws when a binding is already installed in these modules: two entries over the same modules (JSR's `ada-ffi` and
 * `ada-ffi/wasm`, both TypeScript sources), where the second would silently switch the first one's classes to its
 * backend. An adapter calls it before it changes anything (the Wasm adapter moves the kept block).
 */
export function refuseSecondBinding(ffi: string, libraryPath: string): void {
  if (!hasInstalledBinding()) return;
  const { path, ffi: loaded } = nativeLibrary();
  throw new Error(
    `ada-ffi: a backend is already installed here (${loaded}, ${path}); ${ffi} (${libraryPath}) cannot be installed ` +
      "beside it in the same modules: import one entry (ada-ffi or ada-ffi/wasm), or take them from npm, where " +
      "each is a module graph of its own",
  );
}

/**
 * Connects the crossings to a runtime's native binding. Called once by each runtime entry point.
 * Throws when the library's ABI version is not the one this code speaks, or when a binding is already installed.
 */
export function installBinding(binding: NativeBinding, libraryPath: string, ffi: string): void {
  refuseSecondBinding(ffi, libraryPath);
  const abi = binding.abiVersion();
  if (abi !== EXPECTED_ABI_VERSION) {
    throw new Error(
      `ada-ffi: ${libraryPath} implements ABI version ${abi}, but this JavaScript expects version ` +
        `${EXPECTED_ABI_VERSION}. Rebuild the native library from the same version: ` +
        `\`${BUILD_COMMAND}\` in the package directory.`,
    );
  }
  setInstalledBinding(binding, libraryPath, ffi);
  configureKeptBlock(binding);
}

/** The bundled ada's version, e.g. "4.0.0". */
export function adaVersion(): string {
  const text = blockOfSize(BLOCK_TEXT + 64).subarray(BLOCK_TEXT);
  const n = binding().adaVersion(text, text.length);
  return decodeHrefs(text, 0, n);
}

export { nativeLibrary };
