/** The route benchmarks on Bun (route_entry.ts): `bun bench/routing/route_bun.ts <std|scale> [rounds] [sizes]`. */
import process from "node:process";
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import { runRouteBench } from "./route_entry.ts";

await runRouteBench({ runtime: "bun", version: Bun.version, gc: () => Bun.gc(true), ada }, process.argv.slice(2));
