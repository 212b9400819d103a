/**
 * What the URLPatternList routing entries share (node.ts, deno.ts, bun.ts): runs bench/routing/harness.ts with the
 * runtime's ada-ffi entry, its Wasm entry and the peers, and prints `ROUTING_RESULT <json>`.
 */
import { checkTwoBackends } from "../common/harness.ts";
import { routeSets, routingRounds, runRoutingBench } from "./harness.ts";
import { peers } from "./peers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export function runListBench(
  host: { runtime: string; version: string; gc(): void },
  ada: Any,
  adaWasm: Any,
  argv: string[],
): void {
  // The runtime's own URLPattern (Node 24+, Deno, Bun): our entries install nothing on the global.
  const builtInURLPattern = (globalThis as { URLPattern?: unknown }).URLPattern;
  checkTwoBackends(ada, adaWasm);
  const result = runRoutingBench(
    {
      ...host,
      URLPattern: ada.URLPattern,
      URLPatternList: ada.URLPatternList,
      wasmURLPatternList: adaWasm.URLPatternList,
      builtInURLPattern,
      ...peers,
    },
    routeSets(),
    routingRounds(argv),
  );
  console.log("ROUTING_RESULT " + JSON.stringify(result));
}
