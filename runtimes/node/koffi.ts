/**
 * The Node adapter's fallback FFI: koffi (an optional dependency), for Node lines without `node:ffi` (20,
 * 22, 24) or when it is turned off (`--no-experimental-ffi`, `ADA_FFI_NODE_FFI=koffi`).
 */
import type { NativeBinding } from "../../ffi/native_calls/binding.ts";
import { blockCaller, keptBlockAddress, keptBlockCaller } from "../../ffi/native_calls/block_address.ts";
import { LoaderUnavailableError } from "../../ffi/native_calls/library_location.ts";

interface KoffiLibrary {
  func(signature: string): (...args: unknown[]) => number;
}
interface Koffi {
  load(path: string): KoffiLibrary;
  /** A pointer's address; for a TypedArray, its first byte's. */
  address(value: unknown): bigint;
}

/** koffi, loaded only when needed: Deno, Bun and Node 26's main thread never load it. */
let loaded: Koffi | undefined;
function koffi(): Koffi {
  if (loaded !== undefined) return loaded;
  try {
    const { createRequire } = (process as unknown as {
      getBuiltinModule(id: "node:module"): typeof import("node:module");
    }).getBuiltinModule("node:module");
    loaded = createRequire(import.meta.url)("koffi") as Koffi;
    return loaded;
  } catch (error) {
    throw koffiUnavailable(error);
  }
}

/** Whether koffi loads here (it is installed, and Node loads native addons). */
export function koffiInstalled(): boolean {
  try {
    koffi();
    return true;
  } catch {
    return false;
  }
}

/** Why koffi could not be loaded, and what to do: it is missing, or Node does not load native addons. */
function koffiUnavailable(error: unknown): LoaderUnavailableError {
  const code = (error as { code?: string }).code;
  const where = `ada-ffi: on this Node (${process.version}) the native library is loaded through koffi`;
  const nodeFfi = Number(process.versions.node.split(".")[0]) >= 26
    ? "or let ada-ffi use node:ffi (no ADA_FFI_NODE_FFI=koffi, no --no-experimental-ffi; --allow-ffi under the " +
      "permission model)"
    : "or use Node >= 26, where ada-ffi uses node:ffi";
  if (code === "ERR_DLOPEN_DISABLED") {
    // --no-addons, or the permission model without --allow-addons: koffi is a native addon.
    return new LoaderUnavailableError(
      `${where}, a native addon, and this process does not load native addons (--no-addons, or the permission ` +
        `model without --allow-addons). Run Node with --allow-addons (and without --no-addons), ${nodeFfi}.`,
      { cause: error },
    );
  }
  if (code === "MODULE_NOT_FOUND" && /Cannot find module 'koffi'/.test((error as Error).message)) {
    return new LoaderUnavailableError(
      `${where}, and the koffi package is not installed (an optional dependency of ada-ffi; was it installed with ` +
        `--omit=optional?). Install it with \`npm install koffi\`, ${nodeFfi}.`,
      { cause: error },
    );
  }
  return new LoaderUnavailableError(`${where}, and loading koffi failed: ${(error as Error)?.message ?? error}`, {
    cause: error,
  });
}

/** Opens the library at `path`; the functions of native/ada_ffi.h as a NativeBinding (decoder not included). */
export function openWithKoffi(path: string): NativeBinding {
  const ffi = koffi();
  const library = ffi.load(path);
  // One argument per call matters here: koffi spends tens of nanoseconds per argument. The kept block goes by
  // its address as a double (ffi/native_calls/block_address.ts: 25 vs 37 ns per empty call on Node 22), any other as void*
  // (koffi passes the TypedArray's memory through without copying).
  const blockAt = library.func("uint32_t ada_ffi_block_at(double)");
  const blockByPointer = library.func("uint32_t ada_ffi_block(void *)");
  const address = keptBlockAddress((target) => ffi.address(target));
  const byAddress = (address: number) => blockAt(address);
  const byPointer = (target: Uint8Array) => blockByPointer(target);
  // koffi converts a string argument to UTF-8 in native code: 10-13 ns per URL less than encodeInto before the call on
  // Node 20 and 22 (even on 24), so parses and canParse without a base hand over the string itself.
  const blockStringAt = library.func("uint32_t ada_ffi_block_string_at(double, const char *)");
  const parseMany = library.func(
    "uint32_t ada_ffi_parse_many(void *, void *, uint32_t, void *, uint32_t, void *, uint32_t, void *)",
  );
  const abiVersion = library.func("uint32_t ada_ffi_abi_version()");
  const adaVersion = library.func("uint32_t ada_ffi_ada_version(void *, uint32_t)");
  return {
    abiVersion: () => abiVersion(),
    adaVersion: (out, cap) => adaVersion(out, cap),
    block: blockCaller(address, byAddress, byPointer),
    blockKept: keptBlockCaller(address, byAddress, byPointer),
    blockString: address === undefined ? undefined : (input) => blockStringAt(address, input),
    parseMany: (inputs, lengths, count, base, baseLen, out, outCap, results) =>
      parseMany(inputs, lengths, count, base, baseLen, out, outCap, results),
  };
}
