/**
 * ada_ffi.wasm, read from beside the entry that asks (dist/runtimes/wasm/ada_ffi.wasm in the package;
 * runtimes/wasm/ada_ffi.wasm, the build's copy, in a checkout): how the Node and Bun entries load the WebAssembly
 * module, synchronously (their entries are `require`d too). Reading a file of the package needs no permission that
 * importing it did not: Node's permission model already needs the package readable to import it. node:fs and node:url
 * come from process.getBuiltinModule, not imports: nothing is loaded unless the module is.
 */
import type { readFileSync as ReadFileSync } from "node:fs";
import type { fileURLToPath as FileURLToPath } from "node:url";

interface Builtins {
  getBuiltinModule(id: "node:fs"): { readFileSync: typeof ReadFileSync };
  getBuiltinModule(id: "node:url"): { fileURLToPath: typeof FileURLToPath };
}

/**
 * The module's bytes and its path, given the URL of a module in runtimes/<runtime>/ or dist/runtimes/<runtime>/.
 * Throws an Error naming the file when it cannot be read.
 */
export function readAdaFfiWasm(entryUrl: string | undefined): { bytes: Uint8Array; path: string } {
  if (typeof entryUrl !== "string") {
    // Bundled into a script with no URL of its own: a single executable application's, most likely.
    throw new Error(
      "ada-ffi: cannot find the WebAssembly module: this code was bundled into a script that is no file of the " +
        'package. In a single executable application, add dist/runtimes/wasm/ada_ffi.wasm to sea-config.json\'s "assets" ' +
        'as "ada_ffi.wasm"; elsewhere, ship the module beside the bundle (docs/platforms.md, "Packaged apps").',
    );
  }
  const builtins = process as unknown as Builtins;
  const file = new globalThis.URL("../wasm/ada_ffi.wasm", entryUrl); // the global one: bundled beside our URL
  const path = builtins.getBuiltinModule("node:url").fileURLToPath(file);
  try {
    return { bytes: builtins.getBuiltinModule("node:fs").readFileSync(file), path };
  } catch (error) {
    // A bundle that left the package's file behind, or Node's --permission without read access to the package.
    throw new Error(
      `ada-ffi: cannot read the WebAssembly module ${path} (${(error as { code?: string }).code ?? error}): ` +
        "it ships in the package beside this entry; a bundler must copy dist/runtimes/wasm/ada_ffi.wasm there, " +
        "and Node's --permission must let the package be read",
      { cause: error },
    );
  }
}
