/**
 * The Wasm contender of Deno's bench entries (bench/url/deno.ts, bench/routing/deno.ts): `ada-ffi/wasm` as a Deno user
 * of the npm package gets it (dist/runtimes/deno/wasm_entry.js: the same backend, copy loop and Wasm ASCII writer as
 * the native entry's fallback without --allow-ffi), another module graph than the native entry's TypeScript sources.
 */
import type * as Ada from "../../runtimes/deno/entry.ts";

const wasmEntry = "../../dist/runtimes/deno/wasm_entry.js";
export const adaWasm = (await import(wasmEntry)) as typeof Ada;
