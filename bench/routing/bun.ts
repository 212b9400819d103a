/** Routing benchmark entry for Bun (list_entry.ts), with URLPatternList on the Wasm backend too. */
import process from "node:process";
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import * as adaWasm from "../../dist/runtimes/bun/wasm_entry.js"; // `ada-ffi/wasm`, as the package ships it to Bun
import { runListBench } from "./list_entry.ts";

runListBench({ runtime: "bun", version: Bun.version, gc: () => Bun.gc(true) }, ada, adaWasm, process.argv.slice(2));
