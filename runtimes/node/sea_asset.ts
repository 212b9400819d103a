/**
 * The WebAssembly module inside a Node single executable application (SEA): there the package's files are not on disk
 * and the entry's `import.meta.url` names no file of the package (a SEA runs one bundled script), but the module can
 * ride along as a SEA asset, which the user's sea-config.json lists as `"ada_ffi.wasm"`
 * (docs/platforms.md, "Packaged apps"). The native library stays out: koffi is an addon, which cannot load from inside
 * the executable, and node:ffi opens only a file on disk.
 */

/** The asset's name in sea-config.json's `assets`. */
export const SEA_WASM_ASSET = "ada_ffi.wasm";

interface Sea {
  isSea(): boolean;
  getRawAsset(key: string): ArrayBuffer;
}

/** Whether this process is a single executable application (node:sea, from Node 20.12/21.7). */
export function inSea(): boolean {
  return seaModule()?.isSea() === true;
}

/** The module's bytes from the SEA's assets, or undefined outside a SEA or when the asset is not there. */
export function seaWasm(): { bytes: Uint8Array; path: string } | undefined {
  const sea = seaModule();
  if (sea === undefined || !sea.isSea()) return undefined;
  try {
    return { bytes: new Uint8Array(sea.getRawAsset(SEA_WASM_ASSET)), path: `${SEA_WASM_ASSET} (SEA asset)` };
  } catch {
    return undefined;
  }
}

function seaModule(): Sea | undefined {
  const get = (process as unknown as { getBuiltinModule?(id: string): unknown }).getBuiltinModule;
  if (typeof get !== "function") return undefined;
  try {
    return get.call(process, "node:sea") as Sea | undefined;
  } catch {
    return undefined;
  }
}
