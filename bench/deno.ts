/**
 * Benchmark entry for Deno (run with --v8-flags=--expose-gc): the built-in URL vs ours, native and on the Wasm backend.
 * The Wasm entry is the one Deno takes from npm for `ada-ffi/wasm` (dist/, tsc's JavaScript): the TypeScript one
 * would share ffi/'s modules (and so the installed binding) with the native entry. It is the Wasm one even under
 * --allow-all (it never tries FFI); ourContenders checks each runs on its backend.
 */
import * as ada from "../runtimes/deno/entry.ts";
// @ts-types="../runtimes/wasm/entry.ts"
import * as adaWasm from "../dist/runtimes/wasm/entry.js";
import { benchArgs, printResult } from "./args.ts";
import { ourContenders, runBench } from "./harness.ts";

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
