/**
 * URL benchmark entry for Deno (run with --v8-flags=--expose-gc): the built-in URL vs ours, native and on the Wasm
 * backend. The Wasm contender is npm's `ada-ffi/wasm` for Deno (../common/deno_wasm_backend.ts:
 * dist/runtimes/deno/wasm_entry.js, over the bundled backend, a module graph of its own). ourContenders checks each
 * runs on its backend.
 */
import * as ada from "../../runtimes/deno/entry.ts";
import { adaWasm } from "../common/deno_wasm_backend.ts";
import { benchArgs, printResult } from "../common/args.ts";
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
