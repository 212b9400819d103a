/**
 * What the benchmarks' runtime-neutral harnesses share (url/, search-params/, urlpattern/, routing/, compare/): the
 * median of a sample, and the check that two entries of the package run on two backends.
 */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What an entry of ours exports that the contenders are made of. */
export interface OurEntry {
  URL: unknown;
  parseMany?: unknown;
  nativeLibrary(): { path: string; ffi: string };
}

/** Throws unless `native` runs on a native FFI and `wasm` on the Wasm backend, each with its own classes. */
export function checkTwoBackends(native: OurEntry, wasm: OurEntry): void {
  const nativeFfi = native.nativeLibrary().ffi;
  const wasmFfi = wasm.nativeLibrary().ffi;
  if (nativeFfi === "wasm" || wasmFfi !== "wasm" || native.URL === wasm.URL) {
    throw new Error(`bench: the native entry runs on ${nativeFfi} and the Wasm entry on ${wasmFfi}: not two backends`);
  }
}
