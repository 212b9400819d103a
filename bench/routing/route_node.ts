/**
 * The route benchmarks on Node (route_entry.ts):
 * `node --expose-gc dist/bench/routing/route_node.js <std|scale> [rounds] [sizes]`.
 */
import process from "node:process";
import * as ada from "../../runtimes/node/entry.ts";
import { runRouteBench } from "./route_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
await runRouteBench({ runtime: "node", version: process.version, gc, ada }, process.argv.slice(2));
