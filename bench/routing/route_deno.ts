/**
 * The route benchmarks on Deno (route_entry.ts):
 * `deno run -A --v8-flags=--expose-gc bench/routing/route_deno.ts <std|scale> [rounds] [sizes]`.
 */
import * as ada from "../../runtimes/deno/entry.ts";
import { runRouteBench } from "./route_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
await runRouteBench({ runtime: "deno", version: Deno.version.deno, gc, ada }, Deno.args);
