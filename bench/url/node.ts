/**
 * URL benchmark entry for Node (run compiled, with --expose-gc): the built-in URL vs ours, native and on the Wasm
 * backend (the package's `ada-ffi/wasm`). Two module graphs: the Node entry is a bundle with its own copy of ffi/, the
 * Wasm entry tsc's few lines over the bundled backend (dist/runtimes/wasm/backend.js: tools/bundle_entries.mjs);
 * ourContenders checks each runs on its backend.
 */
import process from "node:process";
import * as ada from "../../runtimes/node/entry.ts";
import * as adaWasm from "../../runtimes/node/wasm_entry.ts";
import { benchArgs, printResult } from "../common/args.ts";
import { ourContenders, runBench } from "./harness.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "node",
    version: process.version,
    gc,
    heapUsed: () => process.memoryUsage().heapUsed,
    contenders: [{ name: "built-in", URL: globalThis.URL }, ...ourContenders(ada, adaWasm)],
  },
  name,
  lines,
  rounds,
));
