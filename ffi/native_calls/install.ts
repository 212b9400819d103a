/**
 * Where a runtime's adapter hands over its native binding (runtimes/<runtime>/entry.ts), and what the library says of
 * itself: its ABI version (checked here) and the bundled ada's version.
 */
import { EXPECTED_ABI_VERSION, type NativeBinding } from "./binding.ts";
import { BLOCK_TEXT } from "./call_block.ts";
import { binding, setInstalledBinding } from "./installed_binding.ts";
import { blockOfSize, configureKeptBlock, decodeHrefs } from "./kept_block.ts";
import { BUILD_COMMAND } from "./library_location.ts";

/**
 * Connects the crossings to a runtime's native binding. Called once by each runtime entry point.
 * Throws when the library's ABI version is not the one this code speaks.
 */
export function installBinding(binding: NativeBinding, libraryPath: string, ffi: string): void {
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

export { nativeLibrary } from "./installed_binding.ts";
