/** Routing benchmark entry for Node (list_entry.ts), with URLPatternList on the Wasm backend too. */
import process from "node:process";
import * as ada from "../../runtimes/node/entry.ts";
import * as adaWasm from "../../runtimes/node/wasm_entry.ts";
import { runListBench } from "./list_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
runListBench({ runtime: "node", version: process.version, gc }, ada, adaWasm, process.argv.slice(2));
