/**
 * Benchmark entry for Deno (run with --v8-flags=--expose-gc): the built-in URL vs ours, native and on the Wasm backend.
 * The Wasm contender is Deno's own entry from dist/ forced onto the module (below): the TypeScript one
 * would share ffi/'s modules (and so the installed binding) with the native entry. ourContenders checks each runs on
 * its backend.
 */
import * as ada from "../runtimes/deno/entry.ts";
import { benchArgs, printResult } from "./args.ts";
import { ourContenders, runBench } from "./harness.ts";
// The Wasm backend as a Deno user without --allow-ffi gets it: Deno's entry from npm's dist/ (another module graph,
// evaluated after the native one above), told to load the module (ADA_FFI_BACKEND is read as that graph evaluates):
// its copy loop and Wasm ASCII writer into the module's memory, which the runtime-neutral ada-ffi/wasm lacks.
Deno.env.set("ADA_FFI_BACKEND", "wasm");
const wasmEntry = "../dist/runtimes/deno/entry.js";
const adaWasm = (await import(wasmEntry)) as typeof ada;
Deno.env.delete("ADA_FFI_BACKEND");

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "deno",
    version: Deno.version.deno,
    gc,
    heapUsed: () => Deno.memoryUsage().heapUsed,
    contenders: [{ name: "built-in", URL: globalThis.URL }, ...ourContenders(ada, adaWasm)],
  },
  name,
  lines,
  rounds,
));
