/**
 * URL benchmark entry for Bun: the built-in URL vs ours, native and on the Wasm backend (the package's `ada-ffi/wasm`).
 * Two module graphs: Bun's entry is a bundle with its own copy of ffi/, the Wasm entry tsc's tree; ourContenders
 * checks each runs on its backend.
 */
import { heapSize } from "bun:jsc";
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import * as adaWasm from "../../dist/runtimes/bun/wasm_entry.js"; // `ada-ffi/wasm`, as the package ships it to Bun
import { benchArgs, printResult } from "../common/args.ts";
import { ourContenders, runBench } from "./harness.ts";

const { name, lines, rounds } = benchArgs();
printResult(runBench(
  {
    runtime: "bun",
    version: Bun.version,
    gc: () => Bun.gc(true),
    heapUsed: () => heapSize(),
    contenders: [{ name: "built-in", URL: globalThis.URL }, ...ourContenders(ada, adaWasm)],
  },
  name,
  lines,
  rounds,
));
