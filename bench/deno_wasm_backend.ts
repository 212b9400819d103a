/**
 * The Wasm contender of Deno's bench entries (bench/deno.ts, bench/routing_deno.ts): the Wasm backend as a Deno user
 * without --allow-ffi gets it. Deno's entry from npm's dist/ (another module graph than the native entry's TypeScript
 * sources), told to load the module: ADA_FFI_BACKEND is read as that graph evaluates, after the native graph (imported
 * first here, so it has read the variable unset). Its copy loop and Wasm ASCII writer into the module's memory are what
 * the runtime-neutral ada-ffi/wasm lacks.
 */
import "../runtimes/deno/entry.ts";
import type * as Ada from "../runtimes/deno/entry.ts";

Deno.env.set("ADA_FFI_BACKEND", "wasm");
const wasmEntry = "../dist/runtimes/deno/entry.js";
export const adaWasm = (await import(wasmEntry)) as typeof Ada;
Deno.env.delete("ADA_FFI_BACKEND");
