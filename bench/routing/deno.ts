/** Routing benchmark entry for Deno (list_entry.ts), with URLPatternList on the Wasm backend too. */
import * as ada from "../../runtimes/deno/entry.ts";
import { adaWasm } from "../common/deno_wasm_backend.ts";
import { runListBench } from "./list_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
runListBench({ runtime: "deno", version: Deno.version.deno, gc }, ada, adaWasm, Deno.args);
